package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;

/**
 * The empirical sensitivity of the Riemannian Laplace's "paper" rule (Reimherr et al. 2021, suppl. §2.1, their Fig. 1), computed from public
 * inputs only: a fixed grid on the boundary of the declared ball, never the data.
 *
 * <p>With {@code e_1 .. e_d} the {@link TangentBasis} at the ball's centre, the grid is {@code exp(center, r u)} for
 * u on {@link #ANGLES} equally spaced unit vectors of each coordinate plane (the public grid of
 * {@link dev.manifolddp.estimators.BoundaryGrid}). On S^2 this is the paper's uniformly spaced boundary circle. Its first point {@code exp(center, r e_1)} is the footpoint x_1, as in the paper,
 * and {@code E = max_(i,j) |log(x_1, x_i) - log(x_1, x_j)|} ({@link SensitivityBounds#empiricalTangentBound})
 * replaces the Lipschitz bound {@code 2r(2 - h)} in the Laplace sensitivity {@code 2r(2 - h)/(n h)} as Reimherr et al. 2021, suppl. §2.1
 * writes it, with {@code h = h_max(r, kmax)}: {@code Delta_emp = E / (n h_max(r, kmax))}. It is an estimate of a
 * worst case, not a proof, so the rule is recorded as unproven whenever it gives less noise than the theorem.
 */
final class BoundaryGrid {

    /** Grid points per coordinate plane (every 4 degrees). */
    static final int ANGLES = 90;

    private BoundaryGrid() {
    }

    /** The grid on the boundary of {@code B_r(center)} ({@link dev.manifolddp.estimators.BoundaryGrid}). */
    static double[][] points(Geometry geometry, double[] center, double radius, String mechanism) {
        TangentBasis tangentBasis = ReleaseContext.requireCapability(geometry, TangentBasis.class, mechanism,
                "the 'paper' sigma rule builds a grid on the ball's boundary from a tangent basis at its centre");
        return dev.manifolddp.estimators.BoundaryGrid.points(geometry, tangentBasis, center, radius, ANGLES);
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
