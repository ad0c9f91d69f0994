package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The SPD proposal of Soto et al. 2022, suppl. §2.3.2: coordinates uniform in {@code [-0.5, 0.5]^d} in the orthonormal
 * {@link TangentBasis} at x, times {@code step} (the paper's {@code t sigma}), then {@code y = exp(x, V)}.
 *
 * <p><b>Symmetry.</b> A cube is not rotation invariant, so this proposal is not isotropic. Its volume density is
 * nevertheless tractable on a Riemannian symmetric space: {@code q(x, y) = 1{c_x(y) in step C} / (step^d J)} where
 * {@code c_x(y)} are the coordinates of {@code log_x y} in x's basis, C the cube, and J the Jacobian of exp along
 * the geodesic, which is the same in both directions. So {@code q(y, x) / q(x, y)} is 1 when the reverse
 * coordinates {@code c_y(x)} also lie in the scaled cube and 0 otherwise. One might hope that {@code c_y(x) =
 * -c_x(y)} (which would make the proposal symmetric), and it holds at x = I for the affine-invariant basis
 * {@code P^(1/2) B_ij P^(1/2)}; in general however {@code c_y(x)} is {@code -c_x(y)} conjugated by the orthogonal
 * polar factor of {@code x^(1/2) y^(-1/2)}, which moves points of the cube outside it. Hence {@link #symmetric()}
 * is false and {@link #logHastingsRatio} applies the exact correction (one log and one basis per step). The
 * correction assumes a symmetric space (all built-in geometries). Needs {@link TangentBasis}. Not thread-safe.
 */
public final class TangentBoxProposal implements Proposal {

    private final Geometry geometry;
    private final TangentBasis tangentBasis;
    private final int dimension;
    private final double[][] basis;
    private final double[] coordinates;
    private final double[] tangent;

    /** A proposal on {@code geometry}, which must have the {@link TangentBasis} capability. */
    public TangentBoxProposal(Geometry geometry) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.tangentBasis = Capabilities.require(geometry, TangentBasis.class, "TangentBoxProposal");
        this.dimension = tangentBasis.basisSize();
        int length = geometry.layout().length();
        this.basis = new double[dimension][length];
        this.coordinates = new double[dimension];
        this.tangent = new double[length];
    }

    @Override
    public void propose(double[] current, double step, UniformRandomProvider rng, double[] out) {
        TangentMove.requireStep(step);
        double norm2 = 0;
        for (int i = 0; i < dimension; i++) {
            double c = step * (rng.nextDouble() - 0.5);
            coordinates[i] = c;
            norm2 += c * c;
        }
        tangentBasis.basis(current, basis);
        TangentBasis.combine(basis, coordinates, tangent);
        TangentMove.expOrStay(geometry, current, tangent, Math.sqrt(norm2), out);
    }

    @Override
    public boolean symmetric() {
        return false;
    }

    @Override
    public boolean hastingsRatioKnown() {
        return true;
    }

    /** 0 when the reverse move {@code proposed -> current} lies in the scaled cube at {@code proposed}, else -inf. */
    @Override
    public double logHastingsRatio(double[] current, double[] proposed, double step) {
        double limit = geometry.injectivityRadius() * (1 - GeometryChecks.CUT_LOCUS_MARGIN);
        // with a global logarithm (SPD) there is no cut locus to test, and the distance would cost a whole log
        if (limit < Double.POSITIVE_INFINITY && geometry.distance(proposed, current) >= limit) {
            return Double.NEGATIVE_INFINITY;
        }
        geometry.log(proposed, current, tangent);
        tangentBasis.basis(proposed, basis);
        double half = 0.5 * step;
        for (int i = 0; i < dimension; i++) {
            double c = geometry.inner(proposed, basis[i], tangent);
            if (Math.abs(c) > half) {
                return Double.NEGATIVE_INFINITY;
            }
        }
        return 0.0;
    }

    @Override
    public String describe() {
        return "uniform [-0.5, 0.5]^" + dimension + " coordinates in an orthonormal tangent basis, times step, "
                + "then exp, with the exact reverse-cube Hastings correction (Soto et al. 2022, suppl. §2.3.2)";
    }
}
