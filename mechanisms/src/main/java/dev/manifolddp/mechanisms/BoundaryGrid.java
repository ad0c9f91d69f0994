package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;

/**
 * The empirical sensitivity of the Riemannian Laplace's "paper" rule (002 §2.1, their Fig. 1), computed from public
 * inputs only: a fixed grid on the boundary of the declared ball, never the data.
 *
 * <p>With {@code e_1 .. e_d} the {@link TangentBasis} at the ball's centre, the grid is {@code exp(center, r u)} for
 * u on {@link #ANGLES} equally spaced unit vectors of each coordinate plane {@code span(e_i, e_j)},
 * {@code i < j < min(d, 4)} (at most 6 planes; for d = 1 the two points {@code ±e_1}). On S^2 this is the paper's
 * uniformly spaced boundary circle. Its first point {@code exp(center, r e_1)} is the footpoint x_1, as in the paper,
 * and {@code E = max_(i,j) |log(x_1, x_i) - log(x_1, x_j)|} ({@link SensitivityBounds#empiricalTangentBound})
 * replaces the Lipschitz bound {@code 2r(2 - h)} in the Laplace sensitivity {@code 2r(2 - h)/(n h)} as 002 §2.1
 * writes it, with {@code h = h_max(r, kmax)}: {@code Delta_emp = E / (n h_max(r, kmax))}. It is an estimate of a
 * worst case, not a proof, so the rule is recorded as unproven whenever it gives less noise than the theorem.
 */
final class BoundaryGrid {

    /** Grid points per coordinate plane (every 4 degrees). */
    static final int ANGLES = 90;
    /** Coordinate planes are taken among the first this many basis vectors. */
    static final int MAX_AXES = 4;

    private BoundaryGrid() {
    }

    /** The grid on the boundary of {@code B_r(center)}. Needs {@link TangentBasis}. */
    static double[][] points(Geometry geometry, double[] center, double radius, String mechanism) {
        TangentBasis tangentBasis = ReleaseContext.requireCapability(geometry, TangentBasis.class, mechanism,
                "the 'paper' sigma rule builds a grid on the ball's boundary from a tangent basis at its centre");
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
        int planes = axes * (axes - 1) / 2;
        double[][] points = new double[planes * ANGLES][length];
        int index = 0;
        for (int i = 0; i < axes; i++) {
            for (int j = i + 1; j < axes; j++) {
                for (int a = 0; a < ANGLES; a++) {
                    double angle = 2 * Math.PI * a / ANGLES;
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

    /** {@code E} of the grid (see the class comment). */
    static double tangentBound(Geometry geometry, double[] center, double radius, String mechanism) {
        return SensitivityBounds.empiricalTangentBound(geometry, points(geometry, center, radius, mechanism));
    }

    /** {@code Delta_emp = E / (n h_max(r, kmax))}. */
    static double laplaceSensitivity(double tangentBound, Geometry geometry, double radius, int n) {
        return tangentBound / (n * CurvatureFunctions.hMax(radius, geometry.curvature().max()));
    }
}
