package dev.manifolddp.geometry;

/**
 * Bounds {@code min <= K <= max} on the sectional curvature K of a manifold. A flat manifold has
 * {@code min == max == 0}.
 */
public record CurvatureBounds(double min, double max) {

    public CurvatureBounds {
        if (!Double.isFinite(min) || !Double.isFinite(max) || min > max) {
            throw new IllegalArgumentException(String.format(
                    "curvature bounds need finite min <= max. Provided value: [%s, %s]", min, max));
        }
    }

    /** Constant curvature {@code kappa}. */
    public static CurvatureBounds constant(double kappa) {
        return new CurvatureBounds(kappa, kappa);
    }

    /** True when the upper bound is positive (geodesic balls have a radius limit, Soto et al. 2022, Assumption 1). */
    public boolean hasPositiveCurvature() {
        return max > 0;
    }

    /** True when the lower bound is negative. */
    public boolean hasNegativeCurvature() {
        return min < 0;
    }
}
