package dev.manifolddp.geometry.sphere;

import dev.manifolddp.geometry.CurvatureFunctions;
import java.util.OptionalDouble;

/**
 * The chord bound on {@code |log_x y - log_x y'|} for x, y, y' in a cap of geodesic radius r on the sphere of radius
 * R ({@code docs/sensitivity-bounds.md} §3): with {@code t = r/R < pi/4} and {@code g(a) = a / sin a},
 * <pre>    R 2 sin(t) sqrt( g(2t) g(2 asin(sin(t)/2)) ).</pre>
 * Within 0.1% of the true supremum at r = 0.1, 1.3% at pi/8 and 3.2% at 0.6 (unit sphere), against 8.2% and 21% for
 * the curvature-only Rauch bound {@code 2r g(2r)} and 18% and 44% for Soto et al. 2022, Theorem 2's
 * {@code 2r (2 - h_max(2r, 1))}. The proof needs the three points' chords in the ambient R^(d+1), hence this
 * geometry and not the core.
 */
final class SphereLogDifference {

    private SphereLogDifference() {
    }

    /** The bound for the sphere of radius {@code sphereRadius}; empty from {@code r/R >= pi/4} (outside the proof). */
    static OptionalDouble bound(double sphereRadius, double r) {
        if (!(r > 0) || !Double.isFinite(r)) {
            throw new IllegalArgumentException("the ball radius r must be finite and > 0. Provided value: " + r);
        }
        double t = r / sphereRadius;
        // The proof uses 2t <= pi/2 twice: cos t > 0 for the chord sum and tan(a/2) <= 1 for the monotone step.
        if (!(t < Math.PI / 4)) {
            return OptionalDouble.empty();
        }
        double sine = Math.sin(t);
        double shortSide = 2 * Math.asin(sine / 2);
        double product = CurvatureFunctions.rauchFactor(2 * t, 1) * CurvatureFunctions.rauchFactor(shortSide, 1);
        return OptionalDouble.of(sphereRadius * 2 * sine * Math.sqrt(product));
    }

    /** Cells of the grid over the third chord in {@link #bound(double, double, double)}. */
    private static final int CELLS = 4096;

    /**
     * The bound for y, y' in a cap of radius r and x in the concentric cap of radius {@code xRadius >= r}
     * ({@code docs/kng-normaliser.md} §2, the chord bound's Steps 2 to 4 with x's cap): with {@code T = xRadius/R},
     * {@code t = r/R}, the squared chords {@code u, v} (x to y, y') are at most {@code U = 4 sin^2((T + t)/2)}, the chord
     * w between y and y' at most {@code 4 sin^2 t}, and {@code u + v + w <= 9 - (cos T + 2 cos t)^2}; the bound is
     * {@code R sqrt(max w Phi(u) Phi(v))} over that set, certified on a grid of w (the maximising vertex in (u, v)
     * does not increase with w, so a cell's value is at most its right end's w times its left end's vertex). Empty
     * from {@code T >= pi/2}.
     */
    static OptionalDouble bound(double sphereRadius, double xRadius, double r) {
        if (!(r > 0) || !Double.isFinite(r) || !(xRadius >= r) || !Double.isFinite(xRadius)) {
            throw new IllegalArgumentException("the radii must be finite with 0 < r <= xRadius. Provided value: r = "
                    + r + ", xRadius = " + xRadius);
        }
        double big = xRadius / sphereRadius;
        double t = r / sphereRadius;
        if (!(big < Math.PI / 2)) {
            return OptionalDouble.empty();
        }
        double far = 2 * Math.sin((big + t) / 2);
        double chordCap = far * far;
        double shortCap = 4 * Math.sin(t) * Math.sin(t);
        double total = Math.cos(big) + 2 * Math.cos(t);
        double sum = 9 - total * total;
        double best = 0;
        for (int j = 0; j < CELLS; j++) {
            double w = shortCap * j / CELLS;
            double next = shortCap * (j + 1) / CELLS;
            double rest = sum - w;
            double u = Math.min(chordCap, Math.max(rest, 0));
            double v = Math.min(chordCap, Math.max(rest - chordCap, 0));
            best = Math.max(best, next * phi(u) * phi(v));
        }
        // one part in 10^12 covers the rounding of the few operations above
        return OptionalDouble.of(sphereRadius * Math.sqrt(best) * (1 + 1e-12));
    }

    /** {@code Phi(u) = g(a)} for the arc a whose squared chord is u ({@code u = 2 - 2 cos a}). */
    private static double phi(double u) {
        double arc = 2 * Math.asin(Math.min(1, Math.sqrt(u) / 2));
        return CurvatureFunctions.rauchFactor(arc, 1);
    }
}
