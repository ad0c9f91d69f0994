package dev.manifolddp.mechanisms;

import org.apache.commons.numbers.gamma.Erfc;
import org.apache.commons.numbers.gamma.Erfcx;

/**
 * The logarithm of the Gaussian mechanism's privacy-loss tail at sensitivity 1 (Balle and Wang 2018, Thm 8):
 * {@code delta(sigma) = Phi(a) - e^epsilon Phi(b)}, {@code a = 1/(2 sigma) - epsilon sigma},
 * {@code b = -1/(2 sigma) - epsilon sigma}, evaluated so that it neither overflows nor cancels where a calibration
 * needs it.
 *
 * <p>The direct form fails at both ends: {@code e^epsilon} overflows above epsilon ~ 709.8 (and times an underflowed
 * {@code Phi(b) = 0} it is NaN), and for a large sigma {@code Phi(a)} and {@code Phi(b)} are nearly equal numbers
 * near 1/2 whose difference, the tail itself, is lost to rounding. Both go away with the Mills ratio
 * {@code M(x) = Phi(x) / phi(x)}: since {@code b^2 - a^2 = 2 epsilon}, {@code e^epsilon phi(b) = phi(a)} exactly, so
 * <pre>    delta(sigma) = phi(a) (M(a) - M(b)),   M(x) = sqrt(pi/2) erfcx(-x / sqrt 2),</pre>
 * with no exponential of epsilon; {@code b < 0} always, so {@code M(b)} lies in {@code (0, sqrt(pi/2)]}. When
 * {@code a - b = 1/sigma} is small, {@code M(a) - M(b)} is the integral of {@code M'(x) = 1 + x M(x)} over
 * {@code [b, a]}, taken by Simpson's rule (relative error of order {@code (1/sigma)^4}); above {@code a = 5}
 * {@code Phi(a) > 1 - 3e-7} and the direct {@code Phi(a) - phi(a) M(b)} has nothing to cancel.
 */
final class GaussianLossTail {

    private static final double LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
    private static final double SQRT_HALF_PI = Math.sqrt(Math.PI / 2);
    private static final double SQRT2 = Math.sqrt(2);
    /** Below this width of [b, a] the difference of Mills ratios is integrated rather than subtracted. */
    private static final double SIMPSON_WIDTH = 1e-3;

    private GaussianLossTail() {
    }

    /**
     * {@code log delta(sigma)} for {@code epsilon > 0} and {@code sigma > 0} (both finite, checked by the callers);
     * {@code -infinity} where the tail underflows every double, never NaN.
     */
    static double log(double epsilon, double sigma) {
        double h = 0.5 / sigma;
        double m = epsilon * sigma;
        double a = h - m;
        double b = -h - m;
        if (a > 5) {
            // Phi(a) ~ 1: nothing cancels, and phi(a) M(b) = e^epsilon Phi(b) without the exponential
            return Math.log(normalCdf(a) - Math.exp(-0.5 * a * a - LOG_SQRT_2PI) * mills(b));
        }
        double difference;
        if (2 * h < SIMPSON_WIDTH) {
            double c = -m;
            difference = (2 * h / 6) * (millsSlope(a) + 4 * millsSlope(c) + millsSlope(b));
        } else {
            difference = mills(a) - mills(b);
        }
        if (!(difference > 0)) {
            return Double.NEGATIVE_INFINITY;
        }
        return -0.5 * a * a - LOG_SQRT_2PI + Math.log(difference);
    }

    /** Phi(x) through erfc, accurate in relative terms far into the lower tail. */
    static double normalCdf(double x) {
        return 0.5 * Erfc.value(-x / SQRT2);
    }

    /** The Mills ratio {@code Phi(x) / phi(x)} for {@code x <= 5} (finite there; 0 at minus infinity). */
    private static double mills(double x) {
        return SQRT_HALF_PI * Erfcx.value(-x / SQRT2);
    }

    /**
     * {@code M'(x) = 1 + x M(x) > 0}. Far in the lower tail {@code x M(x)} is -1 to within {@code 1/x^2}, so the
     * asymptotic series replaces the subtraction there.
     */
    private static double millsSlope(double x) {
        if (x < -1e4) {
            double inverseSquare = 1 / (x * x);
            return inverseSquare * (1 - 3 * inverseSquare);
        }
        return 1 + x * mills(x);
    }
}
