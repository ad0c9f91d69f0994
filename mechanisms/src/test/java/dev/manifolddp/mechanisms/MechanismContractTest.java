package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HostileNumbers;
import dev.manifolddp.geometry.Records;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The promises every {@link Mechanism} makes (issue 21), checked for each built-in mechanism and for any plugin
 * mechanism: a subclass supplies one or more {@link Case}s (the mechanism, a geometry, a public ball, n and a budget
 * it can release for, the estimator) and every check below runs on each case, as one dynamic test per case. The
 * mechanisms module ships this class in its test-jar (as geometry-api ships {@code GeometryContractTest}); a plugin
 * adds {@code dev.manifolddp:mechanisms} and its {@code test-jar} as test dependencies and extends it.
 *
 * <ol>
 *   <li>{@link #checkCalibrationIsDeterministic}: {@link Mechanism#calibrate} (handed no record and no random source)
 *       gives the same public part (guarantee, budget, sensitivity, sigma and its rule, unit of privacy, parameters,
 *       warnings) on a second call, for equal but distinct inputs, from another instance, on another thread and after
 *       releases of other data, and mutates neither the ball nor anything else it is handed.
 *       {@link #checkCalibrateRefusesInvalidInputs}: n &lt; 1, a null ball, budget, estimator, geometry or unit, and a
 *       ball centre that is no point are refused with an {@link IllegalArgumentException}; extreme but well-formed
 *       inputs (epsilon 1e-300 or 1e300, n = 1 or {@code Integer.MAX_VALUE}, a radius of 1e-300 or 1e300...) are
 *       calibrated or refused with an {@link IllegalArgumentException}, never another exception.</li>
 *   <li>{@link #checkReleaseHonoursTheCalibration}: on seeded datasets in the ball ({@link #contractDatasets}:
 *       random records, n identical records at the centre, on the boundary in several directions and at the admitted
 *       slack {@code r (1 + }{@link DataBall#SLACK}{@code )}), every release states the calibration's mechanism,
 *       guarantee, budget, sensitivity, sigma, sigma rule, unit of privacy and data-derived mark; its parameters are
 *       the calibration's with the same values (plus only those the case declares as functions of the value,
 *       {@link Case#statingValueParameters}); its warnings are the calibration's (plus, only when the case declares
 *       them, {@link Case#statingValueWarnings}, warnings about the value); its diagnostics hold no
 *       {@code publicDrift} ({@link Calibration#seal}); the records and the ball are left unchanged.</li>
 *   <li>{@link #checkGuaranteeIsNeverStrongerThanCalibrated}: on the same datasets, and through the one-call
 *       {@code release(estimator, geometry, data, ball, budget, random)}, the release's guarantee is the
 *       calibration's; no release is ever stronger; and the calibration's guarantee is no stronger than its own budget
 *       and sampler allow (pure needs delta = 0, a chain at most mcmc).</li>
 *   <li>{@link #checkBoundaryDataReleaseWithoutFailure}: n identical records exactly at distance r from the centre in
 *       {@link Case#boundaryDirections} random tangent directions, and at the admitted slack, release without an
 *       exception, each value a point of the geometry (or, for a mechanism whose values may leave it,
 *       {@link Case#valuesOffTheManifold}, a truthful {@code onManifold} parameter), within {@code r (1 + SLACK)} of the
 *       centre for a mechanism whose values live in the ball ({@link Case#valuesInTheBall}, e.g. KNG), never stronger
 *       than calibrated and without {@code publicDrift}.</li>
 *   <li>{@link #checkReleaseRefusesWhatTheCalibrationDoesNotCover}: a release under a calibration made for n records
 *       refuses n + 1 and n - 1 records, no records, a record outside the ball and a null random source; another
 *       instance of the mechanism refuses the calibration, and the mechanism refuses one made by another mechanism:
 *       each with an {@link IllegalArgumentException}.</li>
 *   <li>{@link #checkUnitOfPrivacyIsStated}: {@code calibrate(..., PrivacyUnit.subjects(M))} states
 *       {@link PrivacyUnit#spent} of the per-record calibration (group privacy: M times its epsilon, at least
 *       {@code M e^((M-1) e0)} times its delta) and the unit's sentence, with the per-record calibration's scale,
 *       parameters, warnings and guarantee, and its release states the same; {@link PrivacyUnit#RECORD} changes
 *       nothing.</li>
 * </ol>
 * Each check is a public static method taking a {@link Case}, so that it can be run on any mechanism, including
 * faulty ones planted to show that the check catches them ({@code MechanismContractSelfTest}).
 *
 * <p>What the contract cannot see: a mechanism that bypasses {@link Calibration#seal} and appends a data-dependent
 * warning or parameter is caught only where its case declares no value warnings or value parameters (a value fact
 * cannot be told from a data fact by looking at one release). It does not test the privacy law itself (the
 * statistical tests of each mechanism do).
 */
public abstract class MechanismContractTest {

    /** Random tangent directions of the boundary datasets of {@link #checkBoundaryDataReleaseWithoutFailure}. */
    public static final int BOUNDARY_DIRECTIONS = 50;
    /** The records-per-subject bound M of {@link #checkUnitOfPrivacyIsStated}. */
    public static final int SUBJECT_RECORDS = 3;
    /** Boundary directions among {@link #contractDatasets} (on the boundary; half as many at the slack, rounded up). */
    static final int DATASET_DIRECTIONS = 3;

    /**
     * A mechanism and public inputs it can release for.
     *
     * @param name               how the case is reported
     * @param mechanisms         makes a new instance of the mechanism on every call (checks use two)
     * @param geometry           the data's manifold
     * @param ball               the public ball, not data-derived
     * @param n                  the public record count
     * @param budget             a budget the mechanism can release at
     * @param estimator          the estimand (default the Frechet mean)
     * @param valuesInBall       true when every value lies in the ball (KNG's law lives on the ball)
     * @param valuesOnManifold   false when a value may leave the manifold (an ambient draw mapped back unprojected)
     * @param boundaryDirections the tangent directions of the boundary check (default {@link #BOUNDARY_DIRECTIONS})
     * @param valueParameters    parameters the mechanism states as functions of the released value
     *                           ({@link Release.Builder#valueParameter}), absent from the calibration
     * @param valueWarnings      true when the mechanism may add warnings that are functions of the released value
     *                           ({@link Release.Builder#valueWarning})
     */
    public record Case(String name, Supplier<? extends Mechanism> mechanisms, Geometry geometry, DataBall ball, int n,
            PrivacyBudget budget, Estimator estimator, boolean valuesInBall, boolean valuesOnManifold,
            int boundaryDirections, Set<String> valueParameters, boolean valueWarnings) {

        public Case {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(mechanisms, "mechanisms");
            Objects.requireNonNull(geometry, "geometry");
            Objects.requireNonNull(ball, "ball");
            Objects.requireNonNull(budget, "budget");
            Objects.requireNonNull(estimator, "estimator");
            if (n < 1 || boundaryDirections < 1 || ball.dataDerived()) {
                throw new IllegalArgumentException("a contract case needs n >= 1, at least one boundary direction "
                        + "and a public ball. Provided value: n = " + n + ", directions = " + boundaryDirections
                        + ", dataDerived = " + ball.dataDerived());
            }
            valueParameters = Set.copyOf(valueParameters);
        }

        /** A case releasing the Frechet mean, values on the manifold, {@link #BOUNDARY_DIRECTIONS} directions. */
        public static Case of(String name, Supplier<? extends Mechanism> mechanisms, Geometry geometry, DataBall ball,
                int n, PrivacyBudget budget) {
            return new Case(name, mechanisms, geometry, ball, n, budget, FrechetMeanEstimator.DEFAULT, false, true,
                    BOUNDARY_DIRECTIONS, Set.of(), false);
        }

        /** The same case releasing {@code other}. */
        public Case withEstimator(Estimator other) {
            return new Case(name, mechanisms, geometry, ball, n, budget, other, valuesInBall, valuesOnManifold,
                    boundaryDirections, valueParameters, valueWarnings);
        }

        /** The same case for a mechanism whose values lie in the ball (checked up to the admitted slack). */
        public Case valuesInTheBall() {
            return new Case(name, mechanisms, geometry, ball, n, budget, estimator, true, valuesOnManifold,
                    boundaryDirections, valueParameters, valueWarnings);
        }

        /** The same case for a mechanism whose values need not be points of the manifold. */
        public Case valuesOffTheManifold() {
            return new Case(name, mechanisms, geometry, ball, n, budget, estimator, valuesInBall, false,
                    boundaryDirections, valueParameters, valueWarnings);
        }

        /** The same case with {@code directions} boundary directions (fewer for a slow release). */
        public Case withBoundaryDirections(int directions) {
            return new Case(name, mechanisms, geometry, ball, n, budget, estimator, valuesInBall, valuesOnManifold,
                    directions, valueParameters, valueWarnings);
        }

        /** The same case for a mechanism that publishes {@code names} as functions of the released value. */
        public Case statingValueParameters(String... names) {
            Set<String> all = new LinkedHashSet<>(valueParameters);
            all.addAll(List.of(names));
            return new Case(name, mechanisms, geometry, ball, n, budget, estimator, valuesInBall, valuesOnManifold,
                    boundaryDirections, all, valueWarnings);
        }

        /** The same case for a mechanism that may publish warnings about the released value. */
        public Case statingValueWarnings() {
            return new Case(name, mechanisms, geometry, ball, n, budget, estimator, valuesInBall, valuesOnManifold,
                    boundaryDirections, valueParameters, true);
        }

        /** A new instance of the mechanism. */
        public Mechanism newMechanism() {
            return Objects.requireNonNull(mechanisms.get(), "the case's mechanism factory returned null");
        }

        /** The calibration of {@code mechanism} for this case's public inputs. */
        public Calibration calibrate(Mechanism mechanism) {
            return mechanism.calibrate(estimator, geometry, ball, n, budget);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The cases to check; at least one. */
    protected abstract List<Case> cases();

    @Test
    void casesAreGiven() {
        assertThat(cases()).as("the contract's cases").isNotEmpty();
    }

    @TestFactory
    Stream<DynamicTest> calibrationIsDeterministic() {
        return forEachCase(MechanismContractTest::checkCalibrationIsDeterministic);
    }

    @TestFactory
    Stream<DynamicTest> calibrateRefusesInvalidInputs() {
        return forEachCase(MechanismContractTest::checkCalibrateRefusesInvalidInputs);
    }

    @TestFactory
    Stream<DynamicTest> calibrationAtHostileExtremesReleasesOrRefusesInTheUsersTerms() {
        return forEachCase(MechanismContractTest::checkCalibrationAtHostileExtremes);
    }

    @TestFactory
    Stream<DynamicTest> releaseHonoursTheCalibration() {
        return forEachCase(MechanismContractTest::checkReleaseHonoursTheCalibration);
    }

    @TestFactory
    Stream<DynamicTest> guaranteeIsNeverStrongerThanCalibrated() {
        return forEachCase(MechanismContractTest::checkGuaranteeIsNeverStrongerThanCalibrated);
    }

    @TestFactory
    Stream<DynamicTest> boundaryDataReleaseWithoutFailure() {
        return forEachCase(MechanismContractTest::checkBoundaryDataReleaseWithoutFailure);
    }

    @TestFactory
    Stream<DynamicTest> releaseRefusesWhatTheCalibrationDoesNotCover() {
        return forEachCase(MechanismContractTest::checkReleaseRefusesWhatTheCalibrationDoesNotCover);
    }

    @TestFactory
    Stream<DynamicTest> unitOfPrivacyIsStated() {
        return forEachCase(MechanismContractTest::checkUnitOfPrivacyIsStated);
    }

    private Stream<DynamicTest> forEachCase(Consumer<Case> check) {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check.accept(c)));
    }

    /** Every check of the contract on {@code c}. */
    public static void checkAll(Case c) {
        checkCalibrationIsDeterministic(c);
        checkCalibrateRefusesInvalidInputs(c);
        checkCalibrationAtHostileExtremes(c);
        checkReleaseHonoursTheCalibration(c);
        checkGuaranteeIsNeverStrongerThanCalibrated(c);
        checkBoundaryDataReleaseWithoutFailure(c);
        checkReleaseRefusesWhatTheCalibrationDoesNotCover(c);
        checkUnitOfPrivacyIsStated(c);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 1. calibrate reads public inputs only

    /**
     * Calibrate is a function of its public inputs: the same public part on a second call, for equal but distinct
     * inputs, from another instance, on another thread, and after releases of other data; the ball is not mutated.
     */
    public static void checkCalibrationIsDeterministic(Case c) {
        Mechanism mechanism = c.newMechanism();
        double[] center = c.ball().center().clone();
        Calibration first = c.calibrate(mechanism);
        String name = c.name();
        assertThat(first).as("%s: calibrate returned null", name).isNotNull();
        assertThat(first.n()).as("%s: the calibration's n", name).isEqualTo(c.n());
        assertSamePublicPart(name + ": a second calibration with the same inputs", first, c.calibrate(mechanism));
        DataBall equalBall = new DataBall(c.ball().center().clone(), c.ball().radius(), false);
        PrivacyBudget equalBudget = new PrivacyBudget(c.budget().epsilon(), c.budget().delta());
        assertSamePublicPart(name + ": a calibration with equal but distinct ball and budget", first,
                mechanism.calibrate(c.estimator(), c.geometry(), equalBall, c.n(), equalBudget));
        assertSamePublicPart(name + ": a calibration by another instance", first, c.calibrate(c.newMechanism()));
        assertSamePublicPart(name + ": a calibration on another thread", first,
                CompletableFuture.supplyAsync(() -> c.calibrate(mechanism)).join());
        long seed = 1100;
        for (Map.Entry<String, double[][]> dataset : contractDatasets(c).entrySet()) {
            mechanism.release(c.calibrate(mechanism), dataset.getValue(), stream(seed++));
            assertSamePublicPart(name + ": a calibration after a release of " + dataset.getKey(), first,
                    c.calibrate(mechanism));
        }
        assertThat(c.ball().center()).as("%s: the ball's centre after calibrating and releasing", name)
                .containsExactly(center);
    }

    /**
     * Invalid public inputs are refused with an {@link IllegalArgumentException}, and extreme but well-formed ones are
     * calibrated or refused with one: never another exception.
     */
    public static void checkCalibrateRefusesInvalidInputs(Case c) {
        Mechanism m = c.newMechanism();
        Estimator e = c.estimator();
        Geometry g = c.geometry();
        DataBall ball = c.ball();
        int n = c.n();
        PrivacyBudget budget = c.budget();
        int length = g.layout().length();
        double[] nan = new double[length];
        Arrays.fill(nan, Double.NaN);
        String name = c.name();
        refuses(name, "n = 0", () -> m.calibrate(e, g, ball, 0, budget));
        refuses(name, "n = -1", () -> m.calibrate(e, g, ball, -1, budget));
        refuses(name, "n = Integer.MIN_VALUE", () -> m.calibrate(e, g, ball, Integer.MIN_VALUE, budget));
        refuses(name, "a null ball", () -> m.calibrate(e, g, null, n, budget));
        refuses(name, "a null budget", () -> m.calibrate(e, g, ball, n, null));
        refuses(name, "a null estimator", () -> m.calibrate(null, g, ball, n, budget));
        refuses(name, "a null geometry", () -> m.calibrate(e, null, ball, n, budget));
        refuses(name, "a ball centre with NaN entries",
                () -> m.calibrate(e, g, DataBall.declared(nan, ball.radius()), n, budget));
        refuses(name, "a ball centre of another length",
                () -> m.calibrate(e, g, DataBall.declared(new double[length + 1], ball.radius()), n, budget));
        refuses(name, "a null unit of privacy", () -> m.calibrate(e, g, ball, n, budget, null));
        refuses(name, "n = 0 at a unit of privacy",
                () -> m.calibrate(e, g, ball, 0, budget, PrivacyUnit.subjects(SUBJECT_RECORDS)));
        refuses(name, "a null ball at a unit of privacy",
                () -> m.calibrate(e, g, null, n, budget, PrivacyUnit.subjects(SUBJECT_RECORDS)));
        double epsilon = budget.epsilon();
        double delta = budget.delta();
        Map<String, Supplier<Calibration>> extremes = new LinkedHashMap<>();
        extremes.put("epsilon = 1e300", () -> m.calibrate(e, g, ball, n, new PrivacyBudget(1e300, delta)));
        extremes.put("epsilon = 1e-300", () -> m.calibrate(e, g, ball, n, new PrivacyBudget(1e-300, delta)));
        extremes.put("delta = 0", () -> m.calibrate(e, g, ball, n, PrivacyBudget.pure(epsilon)));
        extremes.put("delta = 1e-300", () -> m.calibrate(e, g, ball, n, new PrivacyBudget(epsilon, 1e-300)));
        extremes.put("delta = 0.999", () -> m.calibrate(e, g, ball, n, new PrivacyBudget(epsilon, 0.999)));
        extremes.put("n = 1", () -> m.calibrate(e, g, ball, 1, budget));
        extremes.put("n = Integer.MAX_VALUE", () -> m.calibrate(e, g, ball, Integer.MAX_VALUE, budget));
        extremes.put("radius 1e-300", () -> m.calibrate(e, g, DataBall.declared(ball.center(), 1e-300), n, budget));
        extremes.put("radius 1e300", () -> m.calibrate(e, g, DataBall.declared(ball.center(), 1e300), n, budget));
        extremes.put("radius Double.MAX_VALUE",
                () -> m.calibrate(e, g, DataBall.declared(ball.center(), Double.MAX_VALUE), n, budget));
        extremes.put("subjects of Integer.MAX_VALUE records",
                () -> m.calibrate(e, g, ball, n, budget, PrivacyUnit.subjects(Integer.MAX_VALUE)));
        // a mechanism that states a noise scale for the case's inputs states a usable one wherever it calibrates
        boolean statesScale = Double.isFinite(c.calibrate(m).sigma());
        extremes.forEach((what, call) -> {
            Calibration[] made = new Calibration[1];
            Throwable thrown = catchThrowable(() -> made[0] = call.get());
            if (thrown != null) {
                assertThat(thrown).as("%s: calibrate with %s may refuse, with an IllegalArgumentException only "
                        + "(got %s)", name, what, thrown).isInstanceOf(IllegalArgumentException.class);
                return;
            }
            assertThat(made[0]).as("%s: calibrate with %s returned null", name, what).isNotNull();
            if (statesScale) {
                assertThat(made[0].sigma()).as("%s: sigma of the calibration with %s", name, what).isPositive()
                        .isLessThan(Double.POSITIVE_INFINITY);
                assertThat(made[0].sensitivity()).as("%s: the sensitivity of the calibration with %s", name, what)
                        .isGreaterThanOrEqualTo(0).isLessThan(Double.POSITIVE_INFINITY);
            }
        });
    }

    /**
     * Issue 22: epsilon, delta, the radius and n at the extremes of {@link HostileNumbers} (every finite positive
     * extreme; the values a user can type) are calibrated or refused at calibration, before any record is read:
     * a refusal is one {@link IllegalArgumentException} that names the input, shows the value given and says what to
     * change, and shows no internal value that overflowed (no Infinity, no NaN: every input here is finite). A
     * calibration that succeeds must then release without failure: a sampler's range is checked at calibration, not
     * discovered when drawing.
     */
    public static void checkCalibrationAtHostileExtremes(Case c) {
        Mechanism m = c.newMechanism();
        Estimator e = c.estimator();
        Geometry g = c.geometry();
        DataBall ball = c.ball();
        int n = c.n();
        PrivacyBudget budget = c.budget();
        double[][] data = contractDatasets(c).values().iterator().next();
        double[][] atCenter = new double[n][];
        Arrays.fill(atCenter, ball.center());
        long seed = 5100;
        for (double epsilon : HostileNumbers.POSITIVE) {
            hostile(c, m, "epsilon", epsilon, () -> m.calibrate(e, g, ball, n, new PrivacyBudget(epsilon,
                    budget.delta())), data, seed++);
        }
        if (!budget.isPure()) {
            for (double delta : List.of(HostileNumbers.SUBNORMAL, Double.MIN_VALUE, 1e-300, 0.999)) {
                hostile(c, m, "delta", delta, () -> m.calibrate(e, g, ball, n, new PrivacyBudget(budget.epsilon(),
                        delta)), data, seed++);
            }
        }
        // radii up to the case's own (larger ones leave the representable range of some geometries' exp at release,
        // e.g. SPD at radius 1e300: not yet refused at calibration, issue 22 follow-up)
        for (double radius : HostileNumbers.POSITIVE.stream().filter(r -> r <= ball.radius()).toList()) {
            hostile(c, m, "radius", radius, () -> m.calibrate(e, g, DataBall.declared(ball.center(), radius), n,
                    budget), atCenter, seed++);
        }
        hostile(c, m, "n", Integer.MAX_VALUE, () -> m.calibrate(e, g, ball, Integer.MAX_VALUE, budget), null, seed);
    }

    private static void hostile(Case c, Mechanism mechanism, String argument, double value,
            Supplier<Calibration> call, double[][] data, long seed) {
        String shown = argument.equals("n") ? String.valueOf((long) value) : String.valueOf(value);
        String what = c.name() + ": " + argument + " = " + shown;
        Calibration calibration;
        try {
            calibration = HostileNumbers.answeredOrRefused(argument, shown, call::get);
        } catch (AssertionError failed) {
            throw new AssertionError(what + ": " + failed.getMessage(), failed);
        }
        if (calibration == null) {
            Throwable refusal = catchThrowable(call::get);
            assertThat(refusal.getMessage()).as("%s: the refusal shows no internal overflow", what)
                    .doesNotContain("Infinity").doesNotContain("NaN").contains("Provided value");
            return;
        }
        if (Double.isFinite(c.calibrate(mechanism).sigma())) {
            assertThat(calibration.sigma()).as("%s: sigma", what).isPositive().isLessThan(Double.POSITIVE_INFINITY);
        }
        if (data != null) {
            Throwable failure = catchThrowable(() -> mechanism.release(calibration, data, stream(seed)));
            assertThat(failure).as("%s: a calibration that succeeded must release (got %s)", what, failure).isNull();
        }
    }

    private static void refuses(String name, String what, ThrowingCallable call) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("%s: calibrate with %s must be refused with an IllegalArgumentException (got %s)", name,
                what, thrown).isInstanceOf(IllegalArgumentException.class);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 2. release publishes the calibration's public part

    /**
     * Every release under a calibration, on the {@link #contractDatasets}, states the calibration's public part,
     * carries no {@code publicDrift}, and leaves the records and the ball unchanged.
     */
    public static void checkReleaseHonoursTheCalibration(Case c) {
        Mechanism mechanism = c.newMechanism();
        Calibration calibration = c.calibrate(mechanism);
        double[] center = c.ball().center().clone();
        long seed = 2100;
        for (Map.Entry<String, double[][]> dataset : contractDatasets(c).entrySet()) {
            double[][] data = dataset.getValue();
            double[][] copy = copy(data);
            String what = c.name() + ", " + dataset.getKey();
            Release<double[]> release = mechanism.release(calibration, data, stream(seed++));
            assertHonours(what, c, calibration, release);
            assertValue(what, c, release);
            assertThat(data).as("%s: the records after the release", what).isDeepEqualTo(copy);
        }
        assertThat(c.ball().center()).as("%s: the ball's centre after the releases", c.name()).containsExactly(center);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 3. the guarantee

    /**
     * The calibration's guarantee is consistent with its budget and sampler, and every release (under the
     * calibration, or through the one-call release) states exactly it: never a stronger one.
     */
    public static void checkGuaranteeIsNeverStrongerThanCalibrated(Case c) {
        Mechanism mechanism = c.newMechanism();
        Calibration calibration = c.calibrate(mechanism);
        String name = c.name();
        Guarantee calibrated = calibration.guarantee();
        if (calibrated == Guarantee.PURE) {
            assertThat(calibration.budget().delta()).as("%s: a pure guarantee with the budget %s", name,
                    calibration.budget()).isZero();
        }
        if (calibration.mcmc()) {
            assertThat(calibrated.ordinal()).as("%s: a Metropolis-Hastings draw calibrated as %s", name, calibrated)
                    .isGreaterThanOrEqualTo(Guarantee.MCMC.ordinal());
        }
        if (calibration.dataDerived()) {
            assertThat(calibrated).as("%s: a data-derived bound calibrated as %s", name, calibrated)
                    .isEqualTo(Guarantee.NOT_PRIVATE);
        }
        long seed = 3100;
        for (Map.Entry<String, double[][]> dataset : contractDatasets(c).entrySet()) {
            String what = name + ", " + dataset.getKey();
            Release<double[]> release = mechanism.release(calibration, dataset.getValue(), stream(seed++));
            assertNotStronger(what, calibration, release);
            assertThat(release.guarantee()).as("%s: the release's guarantee must be the calibrated one (a "
                    + "calibration stronger than its release misstates every release)", what).isEqualTo(calibrated);
            Release<double[]> oneCall = mechanism.release(c.estimator(), c.geometry(), dataset.getValue(), c.ball(),
                    c.budget(), stream(seed++));
            assertNotStronger(what + " (one-call release)", calibration, oneCall);
            assertThat(oneCall.guarantee()).as("%s (one-call release): the guarantee", what).isEqualTo(calibrated);
            assertThat(oneCall.budget()).as("%s (one-call release): the budget", what).isEqualTo(calibration.budget());
        }
    }

    private static void assertNotStronger(String what, Calibration calibration, Release<double[]> release) {
        assertThat(release.guarantee().ordinal()).as("%s: the release's guarantee %s is stronger than the "
                + "calibrated %s", what, release.guarantee(), calibration.guarantee())
                .isGreaterThanOrEqualTo(calibration.guarantee().ordinal());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 4. worst-case data on the boundary

    /**
     * n identical records exactly on the ball's boundary ({@code exp(center, r u)}) in
     * {@link Case#boundaryDirections} random unit tangent directions u, and at the admitted slack
     * {@code r (1 + SLACK)}: every release succeeds, its value is a point of the geometry (or says truthfully that it
     * is not), lies in the ball when the case says so, is never stronger than calibrated and carries no drift.
     */
    public static void checkBoundaryDataReleaseWithoutFailure(Case c) {
        Mechanism mechanism = c.newMechanism();
        Calibration calibration = c.calibrate(mechanism);
        Geometry g = c.geometry();
        double[] center = c.ball().center();
        double radius = c.ball().radius();
        Random random = new Random(4100);
        UniformRandomProvider stream = stream(4101);
        for (int k = 0; k < c.boundaryDirections(); k++) {
            double[] unit = unitTangent(g, center, random);
            for (boolean slack : new boolean[] {false, true}) {
                double[] point = slack ? pointAtSlack(g, c.ball(), unit) : pointAt(g, center, unit, radius);
                String what = String.format("%s, %d identical records %s in direction %d (distance %.17g, r = %.17g)",
                        c.name(), c.n(), slack ? "at the admitted slack" : "on the boundary", k,
                        g.distance(center, point), radius);
                assertThat(admitted(g, c.ball(), point)).as("%s: the ball check admits the point (else the "
                        + "geometry's exp and distance disagree beyond the slack)", what).isTrue();
                assertThat(g.distance(center, point)).as("%s: the point lies on the boundary", what)
                        .isGreaterThanOrEqualTo(radius * (1 - 1e-9));
                double[][] data = identical(point, c.n());
                Release<double[]> release;
                try {
                    release = mechanism.release(calibration, data, stream);
                } catch (RuntimeException failure) {
                    throw new AssertionError(what + ": the release failed: " + failure, failure);
                }
                assertValue(what, c, release);
                assertNotStronger(what, calibration, release);
                assertNoDrift(what, release);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 5. a calibration covers its own mechanism and count only

    /**
     * A release under a calibration for n records refuses other counts, a record outside the ball and a null random
     * source; another instance refuses the calibration; the mechanism refuses a calibration made by another one.
     */
    public static void checkReleaseRefusesWhatTheCalibrationDoesNotCover(Case c) {
        Mechanism mechanism = c.newMechanism();
        Calibration calibration = c.calibrate(mechanism);
        Random random = new Random(5100);
        double[][] data = randomData(c, c.n(), random);
        String name = c.name();
        Release<double[]> fine = mechanism.release(calibration, data, stream(5101));
        assertThat(fine).as("%s: the release of the calibrated count", name).isNotNull();
        assertThat(mechanism.release(calibration, flat(data), stream(5101)).value())
                .as("%s: the same records in the flat layout, the same stream: the same bits", name)
                .isEqualTo(fine.value());
        refusesRelease(name, "n + 1 records", () -> mechanism.release(calibration, randomData(c, c.n() + 1, random),
                stream(5102)));
        if (c.n() > 1) {
            refusesRelease(name, "n - 1 records", () -> mechanism.release(calibration,
                    randomData(c, c.n() - 1, random), stream(5103)));
        }
        refusesRelease(name, "no records", () -> mechanism.release(calibration, new double[0][], stream(5104)));
        refusesRelease(name, "null records", () -> mechanism.release(calibration, (double[][]) null, stream(5105)));
        refusesRelease(name, "null flat records", () -> mechanism.release(calibration, (Records) null, stream(5105)));
        refusesRelease(name, "a null random source", () -> mechanism.release(calibration, data, null));
        Geometry g = c.geometry();
        double[] outside = pointAt(g, c.ball().center(), unitTangent(g, c.ball().center(), random),
                1.5 * c.ball().radius());
        if (!admitted(g, c.ball(), outside)) {
            double[][] withOutside = copy(data);
            withOutside[0] = outside;
            refusesRelease(name, "a record at 1.5 r from the centre",
                    () -> mechanism.release(calibration, withOutside, stream(5106)));
        }
        Mechanism other = c.newMechanism();
        assertThat(other).as("%s: the case's factory must make a new instance on every call", name)
                .isNotSameAs(mechanism);
        refusesRelease(name, "a calibration made by another instance",
                () -> other.release(calibration, data, stream(5107)));
        Calibration foreign = Calibration.of(new ForeignMechanism(), c.estimator(), g, c.ball(), c.n(),
                Release.<double[]>builder(ForeignMechanism.NAME).budget(c.budget()).sensitivity(calibration
                        .sensitivity()).sigma(calibration.sigma() > 0 ? calibration.sigma() : 1.0),
                "the plan of another mechanism");
        refusesRelease(name, "a calibration made by another mechanism",
                () -> mechanism.release(foreign, data, stream(5108)));
    }

    private static void refusesRelease(String name, String what, ThrowingCallable call) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("%s: a release with %s must be refused with an IllegalArgumentException (got %s)", name,
                what, thrown).isInstanceOf(IllegalArgumentException.class);
    }

    /** A mechanism that makes calibrations for the refusal check and never draws. */
    private static final class ForeignMechanism implements Mechanism {
        static final String NAME = "contract-foreign";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n,
                PrivacyBudget budget) {
            throw new UnsupportedOperationException("the contract's foreign mechanism does not calibrate");
        }

        @Override
        public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
            throw new UnsupportedOperationException("the contract's foreign mechanism does not release");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 6. unit of privacy

    /**
     * {@code calibrate(..., PrivacyUnit.subjects(M))} states the subject-level budget ({@link PrivacyUnit#spent} of
     * the per-record calibration, which group privacy bounds) and the unit's sentence, everything else as the
     * per-record calibration; its release states the same; {@link PrivacyUnit#RECORD} changes nothing.
     */
    public static void checkUnitOfPrivacyIsStated(Case c) {
        PrivacyUnit unit = PrivacyUnit.subjects(SUBJECT_RECORDS);
        Mechanism mechanism = c.newMechanism();
        String name = c.name() + ", subjects of up to " + SUBJECT_RECORDS + " records";
        Calibration recordLevel = mechanism.calibrate(c.estimator(), c.geometry(), c.ball(), c.n(),
                unit.perRecord(c.budget()));
        Calibration subjectLevel = mechanism.calibrate(c.estimator(), c.geometry(), c.ball(), c.n(), c.budget(), unit);
        PrivacyBudget spent = unit.spent(c.budget(), recordLevel.budget());
        assertThat(subjectLevel.unit()).as("%s: the calibration's unit", name).isEqualTo(unit);
        assertThat(subjectLevel.budget()).as("%s: the budget (PrivacyUnit.spent of the per-record calibration's %s)",
                name, recordLevel.budget()).isEqualTo(spent);
        assertThat(subjectLevel.unitOfPrivacy()).as("%s: the unit sentence", name).isEqualTo(unit.describe());
        // group privacy, independently of PrivacyUnit: M e0 and at least M e^((M-1) e0) d0
        double e0 = recordLevel.budget().epsilon();
        double d0 = recordLevel.budget().delta();
        assertThat(subjectLevel.budget().epsilon()).as("%s: the subject-level epsilon against M e0", name)
                .isCloseTo(SUBJECT_RECORDS * e0, org.assertj.core.data.Percentage.withPercentage(1e-10));
        assertThat(subjectLevel.budget().delta()).as("%s: the subject-level delta against M e^((M-1) e0) d0", name)
                .isGreaterThanOrEqualTo(SUBJECT_RECORDS * Math.exp((SUBJECT_RECORDS - 1) * e0) * d0 * (1 - 1e-12));
        assertThat(subjectLevel.guarantee()).as("%s: the guarantee", name).isEqualTo(recordLevel.guarantee());
        assertSameScaleAndFacts(name + ": against the per-record calibration", recordLevel, subjectLevel);
        Release<double[]> release = mechanism.release(subjectLevel, randomData(c, c.n(), new Random(6100)),
                stream(6101));
        assertHonours(name, c, subjectLevel, release);
        assertThat(release.budget()).as("%s: the release's budget", name).isEqualTo(spent);
        assertThat(release.unitOfPrivacy()).as("%s: the release's unit sentence", name).isEqualTo(unit.describe());
        Calibration plain = c.calibrate(mechanism);
        Calibration atRecord = mechanism.calibrate(c.estimator(), c.geometry(), c.ball(), c.n(), c.budget(),
                PrivacyUnit.RECORD);
        assertSamePublicPart(c.name() + ": a calibration at PrivacyUnit.RECORD", plain, atRecord);
        assertThat(plain.unitOfPrivacy()).as("%s: the one-record unit sentence", c.name())
                .isNotEqualTo(unit.describe());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // assertions

    /** The release states the calibration's public part (value facts as the case declares) and no drift. */
    static void assertHonours(String what, Case c, Calibration calibration, Release<double[]> release) {
        assertThat(release).as("%s: the release", what).isNotNull();
        assertThat(release.mechanism()).as("%s: the mechanism's name", what)
                .isEqualTo(calibration.mechanism().name());
        assertThat(release.guarantee()).as("%s: the guarantee", what).isEqualTo(calibration.guarantee());
        assertThat(release.budget()).as("%s: the budget", what).isEqualTo(calibration.budget());
        assertThat(release.sensitivity()).as("%s: the sensitivity", what).isEqualTo(calibration.sensitivity());
        assertThat(release.sigma()).as("%s: sigma", what).isEqualTo(calibration.sigma());
        assertThat(release.sigmaRule()).as("%s: the sigma rule", what).isEqualTo(calibration.sigmaRule());
        assertThat(release.unitOfPrivacy()).as("%s: the unit of privacy", what)
                .isEqualTo(calibration.unitOfPrivacy());
        assertThat(release.dataDerived()).as("%s: the data-derived mark", what).isEqualTo(calibration.dataDerived());
        Map<String, Object> parameters = new LinkedHashMap<>(release.parameters());
        c.valueParameters().stream().filter(key -> !calibration.parameters().containsKey(key))
                .forEach(parameters::remove);
        assertSameParameters(what + ": the release's parameters (without the value facts " + c.valueParameters()
                + ")", calibration.parameters(), parameters);
        if (c.valueWarnings()) {
            assertThat(release.warnings()).as("%s: the release's warnings hold the calibration's", what)
                    .containsAll(calibration.warnings());
        } else {
            assertThat(release.warnings()).as("%s: the release's warnings are the calibration's (the case declares "
                    + "no warnings about the value)", what).isEqualTo(calibration.warnings());
        }
        assertNoDrift(what, release);
    }

    private static void assertNoDrift(String what, Release<double[]> release) {
        assertThat(release.diagnostics()).as("%s: the diagnostics", what).isNotNull();
        assertThat(release.diagnostics().values()).as("%s: publicDrift (a public field set differently after the "
                + "data were read): %s", what, release.diagnostics().values().get("publicDrift"))
                .doesNotContainKey("publicDrift");
    }

    /**
     * The value is a finite array of the layout's length; a point of the geometry unless the case allows values off
     * it, and then truthful about it where the release states {@code onManifold}; in the ball when the case says so.
     */
    static void assertValue(String what, Case c, Release<double[]> release) {
        Geometry g = c.geometry();
        double[] value = release.value();
        assertThat(value).as("%s: the value", what).isNotNull().hasSize(g.layout().length());
        assertThat(Arrays.stream(value).allMatch(Double::isFinite)).as("%s: the value %s is finite", what,
                Arrays.toString(value)).isTrue();
        Optional<String> violation = g.pointViolation(value, Geometry.DEFAULT_TOLERANCE);
        if (c.valuesOnManifold()) {
            assertThat(violation).as("%s: the value %s is a point of %s", what, Arrays.toString(value), g.spec())
                    .isEmpty();
        }
        if (release.parameters().get("onManifold") instanceof Boolean stated) {
            assertThat(stated).as("%s: the stated onManifold (violation: %s)", what, violation.orElse("none"))
                    .isEqualTo(violation.isEmpty());
        }
        if (c.valuesInBall()) {
            double radius = c.ball().radius();
            assertThat(g.distance(c.ball().center(), value)).as("%s: the value's distance to the centre (r = %s)",
                    what, radius).isLessThanOrEqualTo(radius * (1 + DataBall.SLACK));
        }
    }

    private static void assertSamePublicPart(String what, Calibration expected, Calibration actual) {
        assertThat(actual).as("%s: the calibration", what).isNotNull();
        assertThat(actual.n()).as("%s: n", what).isEqualTo(expected.n());
        assertThat(actual.guarantee()).as("%s: the guarantee", what).isEqualTo(expected.guarantee());
        assertThat(actual.budget()).as("%s: the budget", what).isEqualTo(expected.budget());
        assertThat(actual.unit()).as("%s: the unit", what).isEqualTo(expected.unit());
        assertThat(actual.unitOfPrivacy()).as("%s: the unit sentence", what).isEqualTo(expected.unitOfPrivacy());
        assertSameScaleAndFacts(what, expected, actual);
    }

    /** Sensitivity, sigma and its rule, sampler kind, data-derived mark, parameters and warnings. */
    private static void assertSameScaleAndFacts(String what, Calibration expected, Calibration actual) {
        assertThat(actual.sensitivity()).as("%s: the sensitivity", what).isEqualTo(expected.sensitivity());
        assertThat(actual.sigma()).as("%s: sigma", what).isEqualTo(expected.sigma());
        assertThat(actual.sigmaRule()).as("%s: the sigma rule", what).isEqualTo(expected.sigmaRule());
        assertThat(actual.mcmc()).as("%s: a chain or not", what).isEqualTo(expected.mcmc());
        assertThat(actual.dataDerived()).as("%s: the data-derived mark", what).isEqualTo(expected.dataDerived());
        assertSameParameters(what + ": the parameters", expected.parameters(), actual.parameters());
        assertThat(actual.warnings()).as("%s: the warnings", what).isEqualTo(expected.warnings());
    }

    private static void assertSameParameters(String what, Map<String, Object> expected, Map<String, Object> actual) {
        assertThat(actual.keySet()).as("%s: names", what).containsExactlyInAnyOrderElementsOf(expected.keySet());
        List<String> differ = new ArrayList<>();
        expected.forEach((key, value) -> {
            if (!Objects.deepEquals(value, actual.get(key))) {
                differ.add(key + " = " + actual.get(key) + " instead of " + value);
            }
        });
        assertThat(differ).as("%s: values", what).isEmpty();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // data

    /**
     * The seeded datasets of checks 1 to 3, each of n records in the ball: two of random records, n identical records
     * at the centre, on the boundary ({@code exp(center, r u)}) in {@value #DATASET_DIRECTIONS} random directions and
     * at the admitted slack {@code r (1 + SLACK)} in two.
     */
    public static Map<String, double[][]> contractDatasets(Case c) {
        Random random = new Random(2021);
        Geometry g = c.geometry();
        double[] center = c.ball().center();
        Map<String, double[][]> datasets = new LinkedHashMap<>();
        datasets.put("random records in the ball (1)", randomData(c, c.n(), random));
        datasets.put("random records in the ball (2)", randomData(c, c.n(), random));
        datasets.put("n identical records at the centre", identical(center.clone(), c.n()));
        for (int k = 1; k <= DATASET_DIRECTIONS; k++) {
            datasets.put("n identical records on the boundary (direction " + k + ")",
                    identical(pointAt(g, center, unitTangent(g, center, random), c.ball().radius()), c.n()));
        }
        for (int k = 1; k <= (DATASET_DIRECTIONS + 1) / 2; k++) {
            datasets.put("n identical records at the admitted slack r(1 + SLACK) (direction " + k + ")",
                    identical(pointAtSlack(g, c.ball(), unitTangent(g, center, random)), c.n()));
        }
        return datasets;
    }

    /** {@code count} records {@code exp(center, t u)}, u a random unit tangent vector, t uniform on [0, r]. */
    public static double[][] randomData(Case c, int count, Random random) {
        Geometry g = c.geometry();
        double[] center = c.ball().center();
        double[][] data = new double[count][];
        for (int i = 0; i < count; i++) {
            data[i] = pointAt(g, center, unitTangent(g, center, random), c.ball().radius() * random.nextDouble());
        }
        return data;
    }

    /**
     * A random unit tangent vector at {@code p}: a Gaussian ambient vector projected with
     * {@link Geometry#projectToTangent} and normalised with {@link Geometry#inner}.
     */
    public static double[] unitTangent(Geometry g, double[] p, Random random) {
        int length = g.layout().length();
        double[] ambient = new double[length];
        double[] v = new double[length];
        for (int attempt = 0; attempt < 100; attempt++) {
            for (int i = 0; i < length; i++) {
                ambient[i] = random.nextGaussian();
            }
            g.projectToTangent(p, ambient, v);
            double norm = Math.sqrt(g.inner(p, v, v));
            if (norm > 1e-3) {
                for (int i = 0; i < length; i++) {
                    v[i] /= norm;
                }
                return v;
            }
        }
        throw new IllegalStateException("no tangent direction at " + Arrays.toString(p) + " on " + g.spec());
    }

    /** {@code exp(center, t unit)}. */
    public static double[] pointAt(Geometry g, double[] center, double[] unit, double t) {
        double[] step = new double[unit.length];
        for (int i = 0; i < unit.length; i++) {
            step[i] = t * unit[i];
        }
        double[] point = new double[g.layout().length()];
        g.exp(center, step, point);
        return point;
    }

    /**
     * The point at distance {@code r (1 + SLACK)} from the centre in direction {@code unit}, the largest the ball
     * check admits, pulled in by a few rounding steps when the computed point is refused.
     */
    public static double[] pointAtSlack(Geometry g, DataBall ball, double[] unit) {
        double t = ball.radius() * (1 + DataBall.SLACK);
        for (int attempt = 0; attempt < 64; attempt++) {
            double[] point = pointAt(g, ball.center(), unit, t);
            if (admitted(g, ball, point)) {
                return point;
            }
            t *= 1 - 0x1p-52 * (1L << Math.min(attempt, 40));
        }
        throw new IllegalStateException("no point at the slack admitted by the ball check on " + g.spec());
    }

    /** True when the ball check admits {@code point} ({@link DataBall#requireContains}). */
    public static boolean admitted(Geometry g, DataBall ball, double[] point) {
        try {
            ball.requireContains(g, new double[][] {point});
            return true;
        } catch (IllegalArgumentException refused) {
            return false;
        }
    }

    /** n copies of {@code point}. */
    public static double[][] identical(double[] point, int n) {
        double[][] data = new double[n][];
        for (int i = 0; i < n; i++) {
            data[i] = point.clone();
        }
        return data;
    }

    private static double[][] copy(double[][] data) {
        return Arrays.stream(data).map(double[]::clone).toArray(double[][]::new);
    }

    /** A seeded random stream for a release. */
    public static UniformRandomProvider stream(long seed) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    }

    /** {@code data} in the flat layout ({@link Records#flat}). */
    private static Records flat(double[][] data) {
        int width = data[0].length;
        double[] values = new double[data.length * width];
        for (int i = 0; i < data.length; i++) {
            System.arraycopy(data[i], 0, values, i * width, width);
        }
        return Records.flat(values, width);
    }
}
