package dev.manifolddp.estimators;

import java.util.Locale;

/**
 * The covariate interval {@code [low, high]} that geodesic regression maps affinely onto [0, 1]
 * ({@code x' = (x - low) / (high - low)}; Kulkarni and Soto 2025, §2.2), and whether it is public.
 *
 * <p>A public range is fixed before seeing the data, so the rescaling leaks nothing and every covariate must lie in
 * it. The default, the data's own minimum and maximum, is data-derived: fine for a non-private fit, refused by a
 * private release.
 *
 * @param low the covariate mapped to 0
 * @param high the covariate mapped to 1, {@code > low}
 * @param isPublic true when the caller gave the range, false when it was read from the data
 */
public record CovariateRange(double low, double high, boolean isPublic) {

    public CovariateRange {
        if (!Double.isFinite(low) || !Double.isFinite(high) || !(high > low)
                || !Double.isFinite(high - low)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the covariate range needs finite low < high (with a finite width). Provided value: [%s, %s]",
                    low, high));
        }
    }

    /** The width {@code high - low}. */
    public double width() {
        return high - low;
    }

    /** {@code (x - low) / (high - low)}. */
    public double scale(double x) {
        return (x - low) / (high - low);
    }

    /** The data's own range: data-derived, not public (a private release allows it only when marked non-private). */
    public static CovariateRange ofData(double[] x) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (double value : x) {
            low = Math.min(low, value);
            high = Math.max(high, value);
        }
        if (!(high > low)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "every covariate equals %s, so the data give no range to rescale to [0, 1] and the slope is "
                            + "not identified; give covariates with two distinct values, or a public range with "
                            + "covariateRange(low, high). Provided value: x = %s for all %d records",
                    low, low, x.length));
        }
        return new CovariateRange(low, high, false);
    }

    /** Fails naming the first covariate outside a public range. */
    void requireContains(double[] x) {
        for (int i = 0; i < x.length; i++) {
            if (!(x[i] >= low && x[i] <= high)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "x[%d] lies outside the public covariate range [%s, %s]; widen the range (it must be fixed "
                                + "before seeing the data) or remove the record. Provided value: %s",
                        i, low, high, x[i]));
            }
        }
    }
}
