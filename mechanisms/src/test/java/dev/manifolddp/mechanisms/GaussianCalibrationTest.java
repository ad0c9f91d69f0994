package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class GaussianCalibrationTest {

    @ParameterizedTest
    @CsvSource({
        "1,   1e-5, 1, 3.730631635",
        "0.5, 1e-5, 1, 7.031826676",
        "0.1, 1e-6, 1, 36.30469043",
        "5,   1e-6, 1, 0.9800490003"})
    void analyticSigmaMatchesReferenceValues(double epsilon, double delta, double sensitivity, double expected) {
        double sigma = GaussianCalibration.analyticSigma(epsilon, delta, sensitivity);
        assertThat(sigma).isCloseTo(expected, within(2e-9 * expected));
        // Rounded up: the guarantee holds at the returned sigma and fails just below it.
        assertThat(GaussianCalibration.privacyLossTail(epsilon, sigma / sensitivity)).isLessThanOrEqualTo(delta);
        assertThat(GaussianCalibration.privacyLossTail(epsilon, sigma * (1 - 1e-9) / sensitivity))
                .isGreaterThan(delta);
    }

    @Test
    void analyticSigmaScalesLinearlyWithTheSensitivity() {
        double unit = GaussianCalibration.analyticSigma(0.3, 1e-7, 1);
        assertThat(GaussianCalibration.analyticSigma(0.3, 1e-7, 0.004)).isCloseTo(0.004 * unit, within(1e-12 * unit));
    }

    @Test
    void classicalSigmaMatchesItsFormula() {
        // Delta sqrt(2 ln(1.25/delta)) / epsilon at (0.5, 1e-5, 2): 2 * sqrt(2 ln 125000) / 0.5 = 19.3792...
        double expected = 2 * Math.sqrt(2 * Math.log(1.25e5)) / 0.5;
        assertThat(GaussianCalibration.classicalSigma(0.5, 1e-5, 2)).isCloseTo(expected, within(1e-12));
        assertThat(expected).isCloseTo(19.3792, within(1e-4));
    }

    @Test
    void analyticIsNeverLargerThanClassical() {
        for (double epsilon : new double[] {0.1, 0.2, 0.5, 0.9}) {
            for (double delta : new double[] {1e-5, 1e-7, 1e-9}) {
                assertThat(GaussianCalibration.analyticSigma(epsilon, delta, 1))
                        .isLessThan(GaussianCalibration.classicalSigma(epsilon, delta, 1));
            }
        }
    }

    @Test
    void invalidBudgetsAreRejected() {
        assertThatThrownBy(() -> GaussianCalibration.classicalSigma(1.0, 1e-5, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon < 1")
                .hasMessageContaining("Provided value: 1.0");
        assertThatThrownBy(() -> GaussianCalibration.analyticSigma(0, 1e-5, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epsilon");
        assertThatThrownBy(() -> GaussianCalibration.analyticSigma(1, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delta");
        assertThatThrownBy(() -> GaussianCalibration.analyticSigma(1, 1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delta");
        assertThatThrownBy(() -> GaussianCalibration.analyticSigma(1, 1e-5, -2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sensitivity");
        assertThatThrownBy(() -> GaussianCalibration.analyticSigma(Double.NaN, 1e-5, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void budgetsValidateAndCompose() {
        assertThat(PrivacyBudget.pure(1).isPure()).isTrue();
        assertThat(PrivacyBudget.pure(0.5).plus(PrivacyBudget.approximate(0.25, 1e-6)))
                .isEqualTo(new PrivacyBudget(0.75, 1e-6));
        assertThatThrownBy(() -> PrivacyBudget.pure(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Provided value: -1");
        assertThatThrownBy(() -> PrivacyBudget.approximate(1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PrivacyBudget(1, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * The zCDP conversion against an independent brute-force minimum over alpha, and between the tight continuous
     * Gaussian delta (a rho-zCDP mechanism with that exact loss) and Bun and Steinke's simpler exp(-(eps-rho)^2/(4 rho)).
     */
    @ParameterizedTest
    @CsvSource({"1.0, 0.1", "0.5, 0.01", "2.0, 0.3", "0.1, 0.0005"})
    void zcdpDeltaIsTheMinimumOverAlphaAndBracketsTheGaussian(double epsilon, double rho) {
        double brute = Double.POSITIVE_INFINITY;
        for (double alpha = 1.0001; alpha < 2000; alpha *= 1.0005) {
            double log = (alpha - 1) * (alpha * rho - epsilon) - Math.log(alpha) + (alpha - 1) * Math.log1p(-1 / alpha);
            brute = Math.min(brute, Math.exp(log));
        }
        double delta = GaussianCalibration.zcdpDelta(epsilon, rho);
        assertThat(delta).isCloseTo(brute, within(brute * 1e-4));
        double sigma = 1 / Math.sqrt(2 * rho);
        assertThat(delta).isGreaterThanOrEqualTo(GaussianCalibration.privacyLossTail(epsilon, sigma));
        assertThat(delta).isLessThanOrEqualTo(Math.exp(-(epsilon - rho) * (epsilon - rho) / (4 * rho)));
    }

    /** The discrete calibration meets delta at its sigma, fails just below, and costs a few per cent over analytic. */
    @ParameterizedTest
    @CsvSource({"1.0, 1e-5", "0.5, 1e-6", "3.0, 1e-8", "0.1, 1e-5"})
    void discreteSigmaIsTheSmallestMeetingDelta(double epsilon, double delta) {
        double sigma = GaussianCalibration.discreteSigma(epsilon, delta, 0.2);
        assertThat(GaussianCalibration.zcdpDelta(epsilon, 0.04 / (2 * sigma * sigma))).isLessThanOrEqualTo(delta);
        double below = sigma * (1 - 1e-6);
        assertThat(GaussianCalibration.zcdpDelta(epsilon, 0.04 / (2 * below * below))).isGreaterThan(delta * (1 - 1e-9));
        double ratio = sigma / GaussianCalibration.analyticSigma(epsilon, delta, 0.2);
        assertThat(ratio).isBetween(1.0, 1.15);
    }
}
