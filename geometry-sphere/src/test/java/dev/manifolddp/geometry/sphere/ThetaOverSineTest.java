package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

/**
 * The polynomial {@link ThetaOverSine} against the closed form {@code theta / sin(theta)} over its whole range
 * {@code theta in [0, pi/3]}: the reference is taken from theta itself ({@code t = 2 sin^2(theta/2)}, both sides
 * within about 1.5 ulp), so the bound below, 2.5 ulp, leaves the polynomial little more than the reference's own
 * rounding. The measured maximum is published to the test report and printed in the failure message.
 */
class ThetaOverSineTest {

    private static final double ULP = Math.ulp(1.0);

    @Test
    void polynomialMatchesTheClosedFormToFullPrecisionOverItsRange(TestReporter reporter) {
        int points = 200_000;
        double maxTheta = Math.acos(1 - ThetaOverSine.RANGE);
        double worst = 0;
        double worstTheta = 0;
        for (int k = 0; k <= points; k++) {
            double theta = maxTheta * k / points;
            double half = Math.sin(theta / 2);
            double t = 2 * half * half;
            double reference = theta == 0 ? 1.0 : theta / Math.sin(theta);
            double error = Math.abs(ThetaOverSine.at(t) - reference) / reference;
            if (error > worst) {
                worst = error;
                worstTheta = theta;
            }
        }
        String summary = String.format("max relative error %.3g (%.2f ulp) at theta = %.6f over [0, pi/3]", worst,
                worst / ULP, worstTheta);
        reporter.publishEntry("ThetaOverSine", summary);
        System.out.println("ThetaOverSine: " + summary);
        assertThat(worst).as(summary).isLessThan(2.5 * ULP);
    }

    @Test
    void rangeEndIsTheCosineOfPiOverThree() {
        assertThat(1 - Math.cos(Math.PI / 3)).isCloseTo(ThetaOverSine.RANGE, org.assertj.core.data.Offset.offset(
                1e-15));
    }

    @Test
    void smallAnglesFollowTheTaylorSeries() {
        // theta/sin(theta) = 1 + t/3 + 2 t^2/15 + O(t^3) in t = 1 - cos(theta)
        for (double t : new double[] {0, 1e-300, 1e-16, 1e-10, 1e-6}) {
            assertThat(ThetaOverSine.at(t)).as("t = %s", t)
                    .isCloseTo(1 + t / 3 + 2 * t * t / 15, org.assertj.core.data.Offset.offset(ULP));
        }
    }
}
