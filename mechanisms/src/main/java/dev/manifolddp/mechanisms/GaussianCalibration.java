package dev.manifolddp.mechanisms;

import org.apache.commons.numbers.gamma.Erfc;

/**
 * The standard deviation of the Gaussian mechanism for a given (epsilon, delta) and l2 sensitivity Delta.
 *
 * <ul>
 *   <li>Classical (Dwork and Roth, Thm A.1; Utpala et al. 2023, Thm 2.1): {@code sigma = Delta sqrt(2 ln(1.25/delta)) / epsilon},
 *       proven only for {@code epsilon < 1}.</li>
 *   <li>Analytic (Balle and Wang 2018, Thm 8; Utpala et al. 2023, Thm 2.2): the smallest sigma with
 *       {@code Phi(Delta/(2 sigma) - epsilon sigma/Delta) - e^epsilon Phi(-Delta/(2 sigma) - epsilon sigma/Delta)
 *       <= delta}, a condition that is necessary and sufficient, for any {@code epsilon > 0}. (Utpala et al. 2023 print the second
 *       argument with a plus sign; the correct one is negative, as in Balle and Wang 2018.)</li>
 * </ul>
 */
public final class GaussianCalibration {

    /** Relative width of the bisection bracket at which the analytic search stops. */
    private static final double RELATIVE_TOLERANCE = 1e-12;

    private GaussianCalibration() {
    }

    /** The two calibrations, by their configuration names {@code analytic} and {@code classical}. */
    public enum Method {
        /** {@link #analyticSigma}: any epsilon > 0, the smallest valid sigma. */
        ANALYTIC("analytic"),
        /** {@link #classicalSigma}: only epsilon &lt; 1. */
        CLASSICAL("classical");

        private final String configName;

        Method(String configName) {
            this.configName = configName;
        }

        /** The name used in configurations. */
        public String configName() {
            return configName;
        }

        /** The sigma this calibration gives for (epsilon, delta) and sensitivity Delta. */
        public double sigma(double epsilon, double delta, double sensitivity) {
            return this == ANALYTIC ? analyticSigma(epsilon, delta, sensitivity)
                    : classicalSigma(epsilon, delta, sensitivity);
        }

        /** Reads {@code analytic} or {@code classical}. */
        public static Method parse(String text) {
            for (Method method : values()) {
                if (method.configName.equals(text == null ? null : text.trim())) {
                    return method;
                }
            }
            throw new IllegalArgumentException(
                    "unknown Gaussian calibration; use analytic or classical. Provided value: " + text);
        }
    }

    /** The classical calibration; requires {@code 0 < epsilon < 1} and {@code 0 < delta < 1}. */
    public static double classicalSigma(double epsilon, double delta, double sensitivity) {
        check(epsilon, delta, sensitivity);
        if (!(epsilon < 1)) {
            throw new IllegalArgumentException("the classical Gaussian calibration is proven only for epsilon < 1; "
                    + "use the analytic calibration for larger epsilon. Provided value: " + epsilon);
        }
        return sensitivity * Math.sqrt(2 * Math.log(1.25 / delta)) / epsilon;
    }

    /**
     * The analytic calibration, found by bisection on sigma to a relative bracket width of 1e-12 and returned as the
     * upper end of the bracket, so that the returned sigma satisfies the condition (the guarantee holds).
     */
    public static double analyticSigma(double epsilon, double delta, double sensitivity) {
        check(epsilon, delta, sensitivity);
        // The condition is invariant under (Delta, sigma) -> (c Delta, c sigma): calibrate at Delta = 1 and scale.
        double low = 1e-3;
        while (privacyLossTail(epsilon, low) <= delta) {
            low /= 2;
        }
        double high = 1.0;
        while (privacyLossTail(epsilon, high) > delta) {
            high *= 2;
        }
        while (high - low > RELATIVE_TOLERANCE * high) {
            double mid = 0.5 * (low + high);
            if (privacyLossTail(epsilon, mid) <= delta) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high * sensitivity;
    }

    /**
     * The smallest delta for which N(0, sigma^2) noise on a sensitivity-1 query is (epsilon, delta)-DP:
     * {@code Phi(1/(2 sigma) - epsilon sigma) - e^epsilon Phi(-1/(2 sigma) - epsilon sigma)}, decreasing in sigma.
     */
    public static double privacyLossTail(double epsilon, double sigma) {
        double a = 1 / (2 * sigma) - epsilon * sigma;
        double b = -1 / (2 * sigma) - epsilon * sigma;
        return Math.max(0.0, normalCdf(a) - Math.exp(epsilon) * normalCdf(b));
    }

    /**
     * The delta at which a rho-zCDP mechanism is (epsilon, delta)-DP, by the conversion of Canonne, Kamath, Steinke
     * 2020 (Cor. 13): {@code delta = min over alpha > 1 of exp((alpha - 1)(alpha rho - epsilon)) (1/alpha)
     * (1 - 1/alpha)^(alpha - 1)}. Every alpha gives a valid bound, so an inexact minimisation only overstates delta.
     * The discrete Gaussian with l2 sensitivity Delta (in grid units) and parameter sigma is rho-zCDP with
     * {@code rho = Delta^2 / (2 sigma^2)} (docs/floating-point-noise.md).
     */
    public static double zcdpDelta(double epsilon, double rho) {
        if (!(epsilon > 0) || !(rho > 0) || !Double.isFinite(epsilon) || !Double.isFinite(rho)) {
            throw new IllegalArgumentException("zCDP conversion: epsilon and rho must be finite and > 0. Provided "
                    + "value: epsilon = " + epsilon + ", rho = " + rho);
        }
        // golden-section search on log(alpha - 1); the log-bound is smooth and unimodal in alpha
        double low = Math.log(1e-12);
        double high = Math.log(Math.max(10.0, 10 * (epsilon / rho + 1)));
        double ratio = (Math.sqrt(5) - 1) / 2;
        double a = high - ratio * (high - low);
        double b = low + ratio * (high - low);
        double fa = logZcdpDelta(epsilon, rho, 1 + Math.exp(a));
        double fb = logZcdpDelta(epsilon, rho, 1 + Math.exp(b));
        for (int i = 0; i < 200 && high - low > 1e-12; i++) {
            if (fa < fb) {
                high = b;
                b = a;
                fb = fa;
                a = high - ratio * (high - low);
                fa = logZcdpDelta(epsilon, rho, 1 + Math.exp(a));
            } else {
                low = a;
                a = b;
                fa = fb;
                b = low + ratio * (high - low);
                fb = logZcdpDelta(epsilon, rho, 1 + Math.exp(b));
            }
        }
        return Math.min(1.0, Math.exp(Math.min(fa, fb)));
    }

    private static double logZcdpDelta(double epsilon, double rho, double alpha) {
        return (alpha - 1) * (alpha * rho - epsilon) - Math.log(alpha) + (alpha - 1) * Math.log1p(-1 / alpha);
    }

    /**
     * The smallest sigma for which the discrete Gaussian with l2 sensitivity {@code sensitivity} (same units as sigma)
     * is (epsilon, delta)-DP by {@link #zcdpDelta}, found by bisection to a relative 1e-12 and returned as the upper
     * end, checked against {@code delta (1 - 1e-9)} to absorb the rounding of the evaluation. It is larger than the
     * analytic continuous calibration (the conversion is not tight): by 5 to 11 % for epsilon in [0.1, 3] and delta in
     * [1e-8, 1e-5] (8.4 % at epsilon = 1, delta = 1e-5; docs/floating-point-noise.md).
     */
    public static double discreteSigma(double epsilon, double delta, double sensitivity) {
        check(epsilon, delta, sensitivity);
        double target = delta * (1 - 1e-9);
        double low = 1e-3;
        while (zcdpDelta(epsilon, 1 / (2 * low * low)) <= target) {
            low /= 2;
        }
        double high = 1.0;
        while (zcdpDelta(epsilon, 1 / (2 * high * high)) > target) {
            high *= 2;
        }
        while (high - low > RELATIVE_TOLERANCE * high) {
            double mid = 0.5 * (low + high);
            if (zcdpDelta(epsilon, 1 / (2 * mid * mid)) <= target) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high * sensitivity;
    }

    /** Phi(x) through erfc, accurate in relative terms far into the lower tail. */
    static double normalCdf(double x) {
        return 0.5 * Erfc.value(-x / Math.sqrt(2));
    }

    private static void check(double epsilon, double delta, double sensitivity) {
        new PrivacyBudget(epsilon, delta);
        if (!(delta > 0)) {
            throw new IllegalArgumentException(
                    "the Gaussian mechanism needs delta strictly between 0 and 1. Provided value: " + delta);
        }
        if (!(sensitivity > 0) || !Double.isFinite(sensitivity)) {
            throw new IllegalArgumentException("the sensitivity must be a finite number > 0. Provided value: "
                    + sensitivity);
        }
    }
}
