package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;

/**
 * A public grid on the boundary of a geodesic ball {@code B_r(c)}, for the empirical tangent-space bound of Reimherr et al. 2021, suppl. §2.1
 * ({@link SensitivityBounds#empiricalTangentBound}). With {@code e_1 .. e_d} the {@link TangentBasis} at c, the points
 * are {@code exp(c, r (cos a e_i + sin a e_j))} for {@code perCircle} equally spaced angles a on each coordinate plane
 * {@code span(e_i, e_j)}, {@code i < j} among the first {@code min(d, 4)} basis vectors (at most 6 circles; for
 * d = 1 the two points {@code exp(c, +-r e_1)}). On S^2 it is the uniformly spaced boundary circle of the paper; its
 * first point, {@code exp(c, r e_1)}, is the footpoint x_1. It depends on public inputs only, never on data.
 */
public final class BoundaryGrid {

    /** Coordinate planes are taken among the first this many basis vectors. */
    public static final int MAX_AXES = 4;

    private BoundaryGrid() {
    }

    /** The grid, {@code perCircle} points on each circle. */
    public static double[][] points(Geometry geometry, TangentBasis tangentBasis, double[] center, double radius,
            int perCircle) {
        if (!(radius > 0) || !Double.isFinite(radius)) {
            throw new IllegalArgumentException("the ball's radius must be finite and > 0. Provided value: " + radius);
        }
        if (perCircle < 1) {
            throw new IllegalArgumentException("a boundary circle needs at least one point. Provided value: "
                    + perCircle);
        }
        double[][] basis = tangentBasis.basis(center);
        int d = basis.length;
        int length = center.length;
        double[] tangent = new double[length];
        if (d == 1) {
            double[][] points = new double[2][length];
            for (int s = 0; s < 2; s++) {
                for (int c = 0; c < length; c++) {
                    tangent[c] = (s == 0 ? radius : -radius) * basis[0][c];
                }
                geometry.exp(center, tangent, points[s]);
            }
            return points;
        }
        int axes = Math.min(d, MAX_AXES);
        int circles = axes * (axes - 1) / 2;
        double[][] points = new double[circles * perCircle][length];
        int index = 0;
        for (int i = 0; i < axes; i++) {
            for (int j = i + 1; j < axes; j++) {
                for (int a = 0; a < perCircle; a++) {
                    double angle = 2 * Math.PI * a / perCircle;
                    double ci = radius * Math.cos(angle);
                    double cj = radius * Math.sin(angle);
                    for (int c = 0; c < length; c++) {
                        tangent[c] = ci * basis[i][c] + cj * basis[j][c];
                    }
                    geometry.exp(center, tangent, points[index++]);
                }
            }
        }
        return points;
    }
}
