package dev.manifolddp.geometry;

import java.util.OptionalDouble;

/**
 * A geometry's own bound on how far one replaced record moves the gradient of the Frechet function:
 * <pre>    sup { |log_x y - log_x y'|_x : x, y, y' in a closed geodesic ball of radius r }.</pre>
 * The core always has the curvature-only bound {@code 2r g(2r, kmax)} (Rauch's comparison,
 * {@link CurvatureFunctions#rauchFactor}); a geometry that knows more of its shape (the round sphere, through its
 * embedding) offers a smaller one here, and the sensitivity of the mean takes the smaller of the two
 * ({@code docs/sensitivity-bounds.md}).
 */
public interface LogDifferenceBound {

    /**
     * The bound for balls of radius r (any centre), or empty where this geometry's proof does not cover r (then the
     * curvature-only bound applies).
     *
     * @throws IllegalArgumentException if r is not finite and {@code > 0}
     */
    OptionalDouble logDifferenceBound(double r);

    /**
     * The bound on {@code |log_x y - log_x y'|_x} for y, y' in a ball of radius r and x in the concentric ball of
     * radius {@code xRadius >= r} (a density whose domain is larger than the data's ball,
     * {@code docs/kng-normaliser.md}), or empty where this geometry's proof does not cover the pair (then the
     * curvature-only bound {@code 2r g(xRadius + r, kmax)} applies). The default covers {@code xRadius == r} only.
     *
     * @throws IllegalArgumentException if a radius is not finite and {@code > 0}, or {@code xRadius < r}
     */
    default OptionalDouble logDifferenceBound(double xRadius, double r) {
        if (!(xRadius >= r)) {
            throw new IllegalArgumentException("the domain radius must be at least the data radius r = " + r
                    + ". Provided value: " + xRadius);
        }
        return xRadius == r ? logDifferenceBound(r) : OptionalDouble.empty();
    }
}
