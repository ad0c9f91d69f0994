package dev.manifolddp.mechanisms;

import dev.manifolddp.spi.PublicInput;
import dev.manifolddp.spi.PublicInputException;
import java.util.Locale;
import java.util.OptionalDouble;

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

    /**
     * The largest epsilon the calibrations accept. Far below it the guarantee is already vacuous ({@code e^epsilon}
     * has more than 4 * 10^11 digits); up to it {@code a = 1/(2 sigma) - epsilon sigma}, a difference of two terms of
     * size {@code sqrt(epsilon)} at the calibrated sigma, keeps an absolute rounding error below 1e-9, so the tail
     * that decides the calibration is still computed accurately.
     */
    public static final double MAX_EPSILON = 1e12;
    /**
     * The largest sigma / sensitivity the discrete calibration searches: beyond it {@code rho = 1/(2 sigma^2)} leaves
     * the normal doubles and the zCDP conversion cannot be evaluated. Only an epsilon below about 1e-150 needs more.
     */
    static final double MAX_DISCRETE_UNIT_SIGMA = 0x1p500;

    /** The classical calibration; requires {@code 0 < epsilon < 1} and {@code 0 < delta < 1}. */
    public static double classicalSigma(double epsilon, double delta, double sensitivity) {
        check(epsilon, delta, sensitivity);
        if (!(epsilon < 1)) {
            throw new PublicInputException(PublicInput.EPSILON, "the classical Gaussian calibration is proven only for epsilon < 1; "
                    + "use the analytic calibration for larger epsilon. Provided value: " + epsilon);
        }
        double root = Math.sqrt(2 * logOf125OverDelta(delta));
        double sigma = sensitivity * root / epsilon;
        if (!Double.isFinite(sigma)) {
            // sigma = (sensitivity / MAX) root / epsilon' <= MAX exactly when epsilon' >= that product
            double smallest = sensitivity / Double.MAX_VALUE * root;
            OptionalDouble fits = smallest < 1 ? OptionalDouble.of(Math.nextUp(smallest)) : OptionalDouble.empty();
            throw tooLarge("classical", Math.min(Double.MAX_VALUE, Double.MAX_VALUE / sensitivity), epsilon, delta,
                    sensitivity, fits);
        }
        return representable("classical", sigma, epsilon, delta, sensitivity);
    }

    /** {@code ln(1.25 / delta)}; the quotient overflows for a delta below about 7e-309, the difference does not. */
    private static double logOf125OverDelta(double delta) {
        double quotient = 1.25 / delta;
        return Double.isFinite(quotient) ? Math.log(quotient) : Math.log(1.25) - Math.log(delta);
    }

    /**
     * The analytic calibration, found by bisection on sigma to a relative bracket width of 1e-12 and returned as the
     * upper end of the bracket, so that the returned sigma satisfies the condition (the guarantee holds). The
     * condition is evaluated in logarithms ({@link GaussianLossTail}), so every epsilon up to {@link #MAX_EPSILON}
     * and every delta down to the smallest double calibrate; a sigma beyond the doubles is refused.
     */
    public static double analyticSigma(double epsilon, double delta, double sensitivity) {
        check(epsilon, delta, sensitivity);
        // sigma / sensitivity is searched as a double too, so both must fit
        double limit = Math.min(Double.MAX_VALUE, Double.MAX_VALUE / sensitivity);
        double unit = unitAnalyticSigma(epsilon, Math.log(delta), limit);
        if (!(unit <= limit)) {
            throw tooLarge("analytic", limit, epsilon, delta, sensitivity, EpsilonRange.smallest(
                    e -> unitAnalyticSigma(e, Math.log(delta), limit) <= limit, epsilon, MAX_EPSILON));
        }
        return representable("analytic", unit * sensitivity, epsilon, delta, sensitivity);
    }

    /**
     * The analytic sigma at sensitivity 1 (the condition is invariant under {@code (Delta, sigma) -> (c Delta,
     * c sigma)}), or +infinity when it exceeds {@code limit}.
     */
    private static double unitAnalyticSigma(double epsilon, double logDelta, double limit) {
        // the tail tends to 1 as sigma -> 0 and delta < 1, so halving stops (by sigma 2^-1074 at the latest)
        double low = 1e-3;
        while (low > 0 && GaussianLossTail.log(epsilon, low) <= logDelta) {
            low /= 2;
        }
        double high = 1.0;
        while (GaussianLossTail.log(epsilon, high) > logDelta) {
            if (high >= limit) {
                return Double.POSITIVE_INFINITY;
            }
            high = Math.min(2 * high, limit);
        }
        while (high - low > RELATIVE_TOLERANCE * high) {
            double mid = 0.5 * (low + high);
            if (GaussianLossTail.log(epsilon, mid) <= logDelta) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    /**
     * The smallest delta for which N(0, sigma^2) noise on a sensitivity-1 query is (epsilon, delta)-DP:
     * {@code Phi(1/(2 sigma) - epsilon sigma) - e^epsilon Phi(-1/(2 sigma) - epsilon sigma)}, decreasing in sigma;
     * computed in logarithms ({@link GaussianLossTail}), so it is finite for every epsilon (0 where it underflows).
     */
    public static double privacyLossTail(double epsilon, double sigma) {
        if (!(epsilon > 0) || !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException("privacy-loss tail: epsilon must be a finite number > 0. Provided "
                    + "value: " + epsilon);
        }
        if (!(sigma > 0) || !Double.isFinite(sigma)) {
            throw new IllegalArgumentException("privacy-loss tail: sigma must be a finite number > 0. Provided "
                    + "value: " + sigma);
        }
        return Math.exp(GaussianLossTail.log(epsilon, sigma));
    }

    /**
     * The delta at which a rho-zCDP mechanism is (epsilon, delta)-DP, by the conversion of Canonne, Kamath, Steinke
     * 2020 (Cor. 13): {@code delta = min over alpha > 1 of exp((alpha - 1)(alpha rho - epsilon)) (1/alpha)
     * (1 - 1/alpha)^(alpha - 1)}. Every alpha gives a valid bound, so an inexact minimisation only overstates delta.
     * The discrete Gaussian with l2 sensitivity Delta (in grid units) and parameter sigma is rho-zCDP with
     * {@code rho = Delta^2 / (2 sigma^2)} (docs/floating-point-noise.md). Returns 0 where the bound is below every
     * double, by Bun and Steinke 2016's {@code exp(-(epsilon - rho)^2 / (4 rho))} for {@code epsilon > rho}, which
     * this conversion never exceeds.
     */
    public static double zcdpDelta(double epsilon, double rho) {
        if (!(epsilon > 0) || !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException("zCDP conversion: epsilon must be a finite number > 0. Provided value: "
                    + epsilon);
        }
        if (!(rho > 0) || !Double.isFinite(rho)) {
            throw new IllegalArgumentException("zCDP conversion: rho must be a finite number > 0. Provided value: "
                    + rho);
        }
        return Math.exp(logZcdpDelta(epsilon, rho));
    }

    /** {@code log} of {@link #zcdpDelta}, at most 0; {@code -infinity} where the bound underflows. */
    private static double logZcdpDelta(double epsilon, double rho) {
        if (epsilon > rho) {
            double gap = epsilon - rho;
            double bunSteinke = -(gap / 4) * (gap / rho);
            if (bunSteinke < -800) {
                return Double.NEGATIVE_INFINITY;
            }
        }
        // golden-section search on log(alpha - 1); the log-bound is smooth and unimodal in alpha. The bracket's top is
        // log(max(10, 10 (epsilon/rho + 1))), by logarithms when epsilon/rho overflows.
        double low = Math.log(1e-12);
        double quotient = epsilon / rho;
        double high = Double.isFinite(10 * (quotient + 1)) ? Math.log(Math.max(10.0, 10 * (quotient + 1)))
                : Math.log(10) + Math.log(epsilon) - Math.log(rho);
        double ratio = (Math.sqrt(5) - 1) / 2;
        double a = high - ratio * (high - low);
        double b = low + ratio * (high - low);
        double fa = logZcdpBound(epsilon, rho, a);
        double fb = logZcdpBound(epsilon, rho, b);
        for (int i = 0; i < 200 && high - low > 1e-12; i++) {
            if (fa < fb) {
                high = b;
                b = a;
                fb = fa;
                a = high - ratio * (high - low);
                fa = logZcdpBound(epsilon, rho, a);
            } else {
                low = a;
                a = b;
                fa = fb;
                b = low + ratio * (high - low);
                fb = logZcdpBound(epsilon, rho, b);
            }
        }
        return Math.min(0.0, Math.min(fa, fb));
    }

    /** The log of the bound at {@code alpha = 1 + e^logAlphaMinusOne}; +infinity (a useless bound) if it overflows. */
    private static double logZcdpBound(double epsilon, double rho, double logAlphaMinusOne) {
        double alpha = 1 + Math.exp(logAlphaMinusOne);
        double value = (alpha - 1) * (alpha * rho - epsilon) - Math.log(alpha) + (alpha - 1) * Math.log1p(-1 / alpha);
        return Double.isNaN(value) ? Double.POSITIVE_INFINITY : value;
    }

    /**
     * The smallest sigma for which the discrete Gaussian with l2 sensitivity {@code sensitivity} (same units as sigma)
     * is (epsilon, delta)-DP by {@link #zcdpDelta}, found by bisection to a relative 1e-12 and returned as the upper
     * end, checked against {@code delta (1 - 1e-9)} to absorb the rounding of the evaluation. It is larger than the
     * analytic continuous calibration (the conversion is not tight): by 5 to 11 % for epsilon in [0.1, 3] and delta in
     * [1e-8, 1e-5] (8.4 % at epsilon = 1, delta = 1e-5; docs/floating-point-noise.md). A sigma above
     * {@code 2^500} sensitivities (an epsilon below about 1e-150) or beyond the doubles is refused.
     */
    public static double discreteSigma(double epsilon, double delta, double sensitivity) {
        check(epsilon, delta, sensitivity);
        double limit = Math.min(MAX_DISCRETE_UNIT_SIGMA, Double.MAX_VALUE / sensitivity);
        double target = delta * (1 - 1e-9);
        double unit = unitDiscreteSigma(epsilon, target, limit);
        if (!(unit <= limit)) {
            throw tooLarge("discrete", limit, epsilon, delta, sensitivity, EpsilonRange.smallest(
                    e -> unitDiscreteSigma(e, target, limit) <= limit, epsilon, MAX_EPSILON));
        }
        return representable("discrete", unit * sensitivity, epsilon, delta, sensitivity);
    }

    /** The discrete sigma at sensitivity 1, or +infinity above {@code limit} (at most 2^500, so rho stays normal). */
    private static double unitDiscreteSigma(double epsilon, double target, double limit) {
        // compared as exp(log delta) <= target, the comparison the calibration has always made (same sigma bits)
        // rho = 1/(2 sigma^2) must stay finite: sigma >= 2^-500 is far below any sigma an epsilon <= 1e12 needs
        double low = 1e-3;
        while (low > 0x1p-500 && Math.exp(logZcdpDelta(epsilon, 1 / (2 * low * low))) <= target) {
            low /= 2;
        }
        double high = 1.0;
        while (Math.exp(logZcdpDelta(epsilon, 1 / (2 * high * high))) > target) {
            if (high >= limit) {
                return Double.POSITIVE_INFINITY;
            }
            high = Math.min(2 * high, limit);
        }
        while (high - low > RELATIVE_TOLERANCE * high) {
            double mid = 0.5 * (low + high);
            if (Math.exp(logZcdpDelta(epsilon, 1 / (2 * mid * mid))) <= target) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    /** The refusal of a sigma beyond what can be represented, naming the epsilon range that works. */
    private static IllegalArgumentException tooLarge(String calibration, double limit, double epsilon, double delta,
            double sensitivity, OptionalDouble smallestEpsilon) {
        String remedy = smallestEpsilon.isPresent()
                ? String.format(Locale.ROOT, "use epsilon >= %s, or a smaller sensitivity (a smaller ball radius or "
                        + "a larger n)", smallestEpsilon.getAsDouble())
                : "no epsilon in (0, " + (calibration.equals("classical") ? "1" : String.valueOf(MAX_EPSILON))
                        + "] is enough at this sensitivity; use a smaller sensitivity (a smaller ball radius or a "
                        + "larger n)";
        return new IllegalArgumentException(String.format(Locale.ROOT, "epsilon = %s with delta = %s and sensitivity "
                + "%s needs a %s Gaussian sigma of more than %.3g sensitivities, beyond what %s; %s. Provided value: "
                + "epsilon = %s", epsilon, delta, sensitivity, calibration, limit, calibration.equals("discrete")
                        ? "its zCDP accounting can evaluate" : "a double can hold", remedy, epsilon));
    }

    /** The sigma itself, or a refusal when it fell below the normal doubles (where rounding could lower it). */
    private static double representable(String calibration, double sigma, double epsilon, double delta,
            double sensitivity) {
        if (!(sigma >= Double.MIN_NORMAL)) {
            throw new PublicInputException(PublicInput.RADIUS, String.format(Locale.ROOT, "the sensitivity %s is too small: the %s "
                    + "Gaussian sigma at epsilon = %s, delta = %s would be %s, below the smallest normal double "
                    + "(2.2e-308), where rounding could lower it; use a sensitivity of at least 1e-290 (a larger ball "
                    + "radius or a smaller n). Provided value: %s", sensitivity, calibration, epsilon, delta, sigma,
                    sensitivity));
        }
        return sigma;
    }

    private static void check(double epsilon, double delta, double sensitivity) {
        new PrivacyBudget(epsilon, delta);
        if (!(epsilon <= MAX_EPSILON)) {
            throw new PublicInputException(PublicInput.EPSILON, String.format(Locale.ROOT, "the Gaussian calibrations accept epsilon "
                    + "up to %s (far beyond any meaningful guarantee; above it the tail that decides sigma cannot be "
                    + "computed accurately); use a smaller epsilon. Provided value: %s", MAX_EPSILON, epsilon));
        }
        if (!(delta > 0)) {
            throw new PublicInputException(PublicInput.DELTA,
                    "the Gaussian mechanism needs delta strictly between 0 and 1. Provided value: " + delta);
        }
        if (!(sensitivity > 0) || !Double.isFinite(sensitivity)) {
            throw new PublicInputException(PublicInput.RADIUS, "the sensitivity must be a finite number > 0 (it comes from the ball "
                    + "radius and n). Provided value: " + sensitivity);
        }
    }
}
