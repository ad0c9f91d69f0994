package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.mechanisms.ContractToyMechanism.Fault;
import dev.manifolddp.mechanisms.MechanismContractTest.Case;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract catches what it promises to catch: faulty mechanisms planted here fail the check that covers their
 * fault, each with an {@link AssertionError} that names it, while the same mechanism without the fault passes every
 * check (so each failure is the fault's). The faults: a toy written against the public SPI
 * ({@link ContractToyMechanism}) with one fault each (a refusal by NullPointerException, a calibration that remembers
 * the last records, a public warning or parameter set after reading the data, a data-dependent sigma published
 * without {@link Calibration#seal}, a calibration stronger than its release, a failure or a value outside the ball on
 * boundary data, a count padded instead of refused, a foreign calibration forwarded, the unit of privacy ignored), and
 * wrappers around the built-in Riemannian Laplace that rewrite the published release after reading the data.
 */
class MechanismContractSelfTest {

    private static Case toy(Fault fault) {
        return Case.of("toy with fault " + fault, () -> new ContractToyMechanism(fault), Fixtures.sphere(),
                DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS), 10, PrivacyBudget.pure(1))
                .valuesInTheBall().withBoundaryDirections(10);
    }

    @Test
    void theToyWithoutAFaultMeetsTheContract() {
        MechanismContractTest.checkAll(toy(Fault.NONE));
    }

    static Stream<Arguments> faults() {
        return Stream.of(
                Arguments.of(Fault.NULL_BALL_NOT_REFUSED, check(MechanismContractTest::checkCalibrateRefusesInvalidInputs),
                        "a null ball"),
                Arguments.of(Fault.CALIBRATION_REMEMBERS_DATA,
                        check(MechanismContractTest::checkCalibrationIsDeterministic), "after a release of"),
                Arguments.of(Fault.WARNING_AFTER_DATA, check(MechanismContractTest::checkReleaseHonoursTheCalibration),
                        "publicDrift"),
                Arguments.of(Fault.PARAMETER_AFTER_DATA,
                        check(MechanismContractTest::checkReleaseHonoursTheCalibration), "publicDrift"),
                Arguments.of(Fault.SIGMA_FROM_DATA_WITHOUT_SEAL,
                        check(MechanismContractTest::checkReleaseHonoursTheCalibration), "sigma"),
                Arguments.of(Fault.STRONGER_CALIBRATION,
                        check(MechanismContractTest::checkGuaranteeIsNeverStrongerThanCalibrated),
                        "must be the calibrated one"),
                Arguments.of(Fault.FAILS_AT_THE_SLACK,
                        check(MechanismContractTest::checkBoundaryDataReleaseWithoutFailure), "the release failed"),
                Arguments.of(Fault.LEAVES_THE_BALL_ON_BOUNDARY_DATA,
                        check(MechanismContractTest::checkBoundaryDataReleaseWithoutFailure), "distance to the centre"),
                Arguments.of(Fault.ADJUSTS_THE_COUNT,
                        check(MechanismContractTest::checkReleaseRefusesWhatTheCalibrationDoesNotCover), "n + 1"),
                Arguments.of(Fault.FORWARDS_FOREIGN_CALIBRATIONS,
                        check(MechanismContractTest::checkReleaseRefusesWhatTheCalibrationDoesNotCover),
                        "another instance"),
                Arguments.of(Fault.IGNORES_THE_UNIT, check(MechanismContractTest::checkUnitOfPrivacyIsStated),
                        "subjects of up to"));
    }

    /** Gives a check (a method reference) its type for {@link Arguments#of}. */
    private static Consumer<Case> check(Consumer<Case> check) {
        return check;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void eachPlantedFaultFailsTheCheckThatCoversIt(Fault fault, Consumer<Case> check, String named) {
        Case faulty = toy(fault);
        assertThatThrownBy(() -> check.accept(faulty)).as("the contract on the toy with fault %s", fault)
                .isInstanceOf(AssertionError.class).hasMessageContaining(named);
    }

    @Test
    void everyFaultIsPlantedAndCaught() {
        List<Fault> planted = new ArrayList<>();
        faults().forEach(arguments -> planted.add((Fault) arguments.get()[0]));
        assertThat(planted).containsExactlyInAnyOrder(Stream.of(Fault.values()).filter(f -> f != Fault.NONE)
                .toArray(Fault[]::new));
    }

    /** A built-in mechanism whose releases a wrapper rewrites after the draw, bypassing {@link Calibration#seal}. */
    private static final class RewritingWrapper extends ForwardingMechanism {
        private final boolean warning;

        RewritingWrapper(boolean warning) {
            super(RiemannianLaplace.builder().build());
            this.warning = warning;
        }

        @Override
        public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
            Release<double[]> drawn = delegate.release(calibration, data, random);
            double spread = 0;
            for (double[] record : data) {
                spread = Math.max(spread, calibration.geometry().distance(calibration.ball().center(), record));
            }
            List<String> warnings = new ArrayList<>(drawn.warnings());
            Map<String, Object> parameters = new java.util.LinkedHashMap<>(drawn.parameters());
            if (warning) {
                warnings.add(String.format("the records reach %.3f of the radius", spread / calibration.ball()
                        .radius()));
            } else {
                parameters.put("ballRadius", spread);
            }
            return new Release<>(drawn.mechanism(), drawn.value(), drawn.budget(), drawn.guarantee(),
                    drawn.unitOfPrivacy(), drawn.sensitivity(), drawn.sigma(), drawn.sigmaRule(),
                    drawn.randomSource(), parameters, warnings, drawn.dataDerived(), drawn.diagnostics());
        }
    }

    private static Case wrapper(boolean warning) {
        return Case.of("riemannian-laplace rewritten after the draw", () -> new RewritingWrapper(warning),
                Fixtures.sphere(), DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS), 10,
                PrivacyBudget.pure(1));
    }

    @Test
    void aWrapperThatAddsAWarningFromTheDataIsCaught() {
        assertThatThrownBy(() -> MechanismContractTest.checkReleaseHonoursTheCalibration(wrapper(true)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("warnings are the calibration's");
    }

    @Test
    void aWrapperThatRestatesAParameterFromTheDataIsCaught() {
        assertThatThrownBy(() -> MechanismContractTest.checkReleaseHonoursTheCalibration(wrapper(false)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("ballRadius");
    }
}
