package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.HostileNumbers;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, class 3: every Gaussian calibration function, swept over the extremes of each argument, answers with a
 * finite positive sigma (or a delta in [0, 1]) or refuses with one message in the caller's terms; never Infinity or
 * NaN, never a hang, never a message about a value the caller did not give. And the answers keep their shape: sigma
 * decreases in epsilon and increases in 1/delta and in the sensitivity, across the old overflow points.
 */
class GaussianCalibrationExtremesTest {

    private interface Calibration {
        double sigma(double epsilon, double delta, double sensitivity);
    }

    private static final List<Calibration> CALIBRATIONS = List.of(GaussianCalibration::classicalSigma,
            GaussianCalibration::analyticSigma, GaussianCalibration::discreteSigma);

    @Test
    void eachArgumentAloneAtItsExtremesGivesAFiniteSigmaOrOneClearRefusal() {
        for (Calibration calibration : CALIBRATIONS) {
            for (double value : HostileNumbers.DOUBLES) {
                positiveOrRefused("epsilon", value, () -> calibration.sigma(value, 1e-5, 1));
                positiveOrRefused("delta", value, () -> calibration.sigma(0.5, value, 1));
                positiveOrRefused("sensitivity", value, () -> calibration.sigma(0.5, 1e-5, value));
            }
        }
    }

    @Test
    void theTailAndTheZcdpConversionAtTheirExtremesGiveADeltaOrOneClearRefusal() {
        for (double value : HostileNumbers.DOUBLES) {
            probability("epsilon", value, () -> GaussianCalibration.privacyLossTail(value, 1));
            probability("sigma", value, () -> GaussianCalibration.privacyLossTail(1, value));
            probability("epsilon", value, () -> GaussianCalibration.zcdpDelta(value, 0.1));
            probability("rho", value, () -> GaussianCalibration.zcdpDelta(1, value));
        }
        for (double epsilon : HostileNumbers.POSITIVE) {
            for (double other : HostileNumbers.POSITIVE) {
                probability("sigma", other, () -> GaussianCalibration.privacyLossTail(epsilon, other));
                probability("rho", other, () -> GaussianCalibration.zcdpDelta(epsilon, other));
            }
        }
    }

    /**
     * All finite positive extremes together: a refusal then must name only values the caller gave (no internal rho,
     * no Infinity), so the message shows none of NaN and Infinity.
     */
    @Test
    void everyCombinationOfFiniteExtremesGivesAFiniteSigmaOrARefusalInTheCallersTerms() {
        List<Double> deltas = List.of(HostileNumbers.SUBNORMAL, Double.MIN_VALUE, 1e-300, 1e-5, 0.999);
        for (Calibration calibration : CALIBRATIONS) {
            for (double epsilon : HostileNumbers.POSITIVE) {
                for (double delta : deltas) {
                    for (double sensitivity : HostileNumbers.POSITIVE) {
                        try {
                            double sigma = calibration.sigma(epsilon, delta, sensitivity);
                            assertThat(sigma).as("sigma(%s, %s, %s)", epsilon, delta, sensitivity)
                                    .isFinite().isGreaterThanOrEqualTo(Double.MIN_NORMAL);
                        } catch (IllegalArgumentException refusal) {
                            assertThat(refusal.getMessage()).contains("Provided value").doesNotContain("Infinity")
                                    .doesNotContain("NaN").doesNotContain("rho");
                        }
                    }
                }
            }
        }
    }

    @Test
    void theIssueExamplesAreAnsweredCorrectly() {
        // log(1.25/delta) overflowed: the true value is sqrt(2 (ln 1.25 + 744.44)) / 0.5 = 77.18
        double expected = Math.sqrt(2 * (Math.log(1.25) - Math.log(Double.MIN_VALUE))) / 0.5;
        assertThat(GaussianCalibration.classicalSigma(0.5, Double.MIN_VALUE, 1)).isCloseTo(expected,
                org.assertj.core.api.Assertions.within(1e-12 * expected));
        assertThat(expected).isBetween(77.0, 77.5);
        assertThatThrownBy(() -> GaussianCalibration.privacyLossTail(1, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sigma")
                .hasMessageContaining("NaN");
        // an unrepresentable sigma is refused with the epsilon that works, not returned as Infinity
        assertThatThrownBy(() -> GaussianCalibration.analyticSigma(0.5, 1e-5, 1e308))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use epsilon >= 2.3")
                .hasMessageContaining("Provided value: epsilon = 0.5");
        assertThatThrownBy(() -> GaussianCalibration.classicalSigma(0.5, 1e-5, 1e308))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no epsilon in (0, 1]");
        assertThatThrownBy(() -> GaussianCalibration.discreteSigma(1e-300, 1e-5, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use epsilon >= ")
                .hasMessageNotContaining("rho");
    }

    @Test
    void refusedEpsilonRangesAreTheEdgeOfWhatWorks() {
        // the stated smallest epsilon calibrates, and one a few per cent below it does not
        double smallest = 2.3;
        assertThat(GaussianCalibration.analyticSigma(smallest, 1e-5, 1e308)).isFinite();
        assertThatThrownBy(() -> GaussianCalibration.analyticSigma(smallest * 0.9, 1e-5, 1e308))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sigmaDecreasesInEpsilonAcrossTheWholeRangeIncludingWhereExpOverflowed() {
        for (Calibration calibration : List.<Calibration>of(GaussianCalibration::analyticSigma,
                GaussianCalibration::discreteSigma)) {
            double previous = Double.POSITIVE_INFINITY;
            for (double log10 = -12; log10 <= 12; log10 += 0.25) {
                double epsilon = Math.pow(10, log10);
                double sigma = calibration.sigma(epsilon, 1e-6, 1);
                assertThat(sigma).as("sigma at epsilon %s", epsilon).isFinite().isLessThanOrEqualTo(previous);
                previous = sigma;
            }
            previous = Double.POSITIVE_INFINITY;
            for (double epsilon = 700; epsilon <= 720; epsilon += 0.1) {
                double sigma = calibration.sigma(epsilon, 1e-6, 1);
                assertThat(sigma).as("sigma at epsilon %s", epsilon).isLessThan(previous);
                previous = sigma;
            }
        }
        double previous = Double.POSITIVE_INFINITY;
        for (double log10 = -300; log10 < 0; log10 += 1) {
            double sigma = GaussianCalibration.classicalSigma(Math.pow(10, log10), 1e-6, 1);
            assertThat(sigma).isLessThan(previous);
            previous = sigma;
        }
    }

    @Test
    void sigmaIncreasesInOneOverDeltaAndInTheSensitivity() {
        for (Calibration calibration : CALIBRATIONS) {
            for (double epsilon : new double[] {1e-6, 0.5, 0.99}) {
                double previous = 0;
                for (double log10 = -0.5; log10 >= -323; log10 -= 2.5) {
                    double sigma = calibration.sigma(epsilon, Math.pow(10, log10), 1);
                    assertThat(sigma).as("sigma at epsilon %s, delta 1e%s", epsilon, log10)
                            .isGreaterThanOrEqualTo(previous);
                    previous = sigma;
                }
                previous = 0;
                for (double log10 = -280; log10 <= 280; log10 += 10) {
                    double sigma = calibration.sigma(epsilon, 1e-5, Math.pow(10, log10));
                    assertThat(sigma).isGreaterThan(previous);
                    previous = sigma;
                }
            }
        }
    }

    private static void positiveOrRefused(String argument, double value, java.util.concurrent.Callable<Double> call) {
        double sigma = HostileNumbers.finiteOrRefused(argument, value, call);
        if (!Double.isNaN(sigma)) {
            assertThat(sigma).as("sigma with %s = %s", argument, value).isPositive();
        }
    }

    private static void probability(String argument, double value, java.util.concurrent.Callable<Double> call) {
        double delta = HostileNumbers.finiteOrRefused(argument, value, call);
        if (!Double.isNaN(delta)) {
            assertThat(delta).as("delta with %s = %s", argument, value).isBetween(0.0, 1.0);
        }
    }
}
