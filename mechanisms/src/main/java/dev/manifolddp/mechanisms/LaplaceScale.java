package dev.manifolddp.mechanisms;

import dev.manifolddp.spi.PublicInput;
import dev.manifolddp.spi.PublicInputException;
import java.util.EnumSet;
import java.util.Locale;

/**
 * The proven scale {@code c Delta / epsilon} of the Laplace-type mechanisms (KNG and the Riemannian Laplace:
 * {@code c = 2} or 1, Soto et al. 2022, Thm 1, Reimherr et al. 2021, Thm 2; the Euclidean K-norm mechanism:
 * {@code c = 1}; geodesic regression: 2 or 1), checked where it is computed: a quotient that leaves the normal doubles
 * (an overflow to infinity at a tiny epsilon, or a subnormal or zero scale for a tiny sensitivity, which rounding could
 * lower below the proven value) is refused naming epsilon and the range of epsilon that works.
 */
final class LaplaceScale {

    private LaplaceScale() {
    }

    /**
     * {@code factor * sensitivity / epsilon}, in that order of operations (the value every release has recorded).
     *
     * @param what the mechanism, for the message (e.g. {@code "kng"})
     */
    static double proven(String what, double factor, double sensitivity, double epsilon) {
        double sigma = factor * sensitivity / epsilon;
        if (sigma >= Double.MIN_NORMAL && sigma <= Double.MAX_VALUE) {
            return sigma;
        }
        if (!(sigma >= Double.MIN_NORMAL) && Double.isFinite(sigma) && sigma >= 0) {
            double largest = factor * sensitivity / Double.MIN_NORMAL;
            throw new PublicInputException(EnumSet.of(PublicInput.EPSILON, PublicInput.RADIUS), String.format(Locale.ROOT, "%s: epsilon = %s with sensitivity %s "
                    + "makes the noise scale %s Delta / epsilon = %s, below the smallest normal double (2.2e-308), "
                    + "where rounding could lower it; %s. Provided value: %s", what, epsilon, sensitivity,
                    factor == 1 ? "" : trim(factor), sigma, Double.isFinite(largest) && largest > 0
                            ? "use epsilon <= " + largest + ", or a larger sensitivity (a larger ball radius or a "
                                    + "smaller n)"
                            : "use a larger sensitivity (a larger ball radius or a smaller n)", epsilon));
        }
        // factor * sensitivity / epsilon' <= MAX exactly when epsilon' >= (factor * sensitivity) / MAX
        double smallest = Math.nextUp(factor * (sensitivity / Double.MAX_VALUE));
        throw new PublicInputException(EnumSet.of(PublicInput.EPSILON, PublicInput.RADIUS), String.format(Locale.ROOT, "%s: epsilon = %s with sensitivity %s makes the "
                + "noise scale %s Delta / epsilon larger than the largest double (1.8e308); use epsilon >= %s, or a "
                + "smaller sensitivity (a smaller ball radius or a larger n). Provided value: %s", what, epsilon,
                sensitivity, factor == 1 ? "" : trim(factor), smallest, epsilon));
    }

    private static String trim(double factor) {
        return factor == Math.rint(factor) ? String.valueOf((long) factor) : String.valueOf(factor);
    }
}
