package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * {@code y = exp(x, V)} with {@code V ~ N(0, step^2 I_d)} in coordinates of the orthonormal {@link TangentBasis} at
 * x. The tangent law is isotropic, so the proposal is exactly symmetric on a Riemannian symmetric space (every
 * built-in geometry; see {@link Proposal}); moves at least as long as the injectivity radius are refused. The
 * recommended general-purpose proposal. Needs {@link TangentBasis}. Not thread-safe.
 */
public final class TangentGaussianProposal implements Proposal {

    private final Geometry geometry;
    private final TangentBasis tangentBasis;
    private final int dimension;
    private final double[][] basis;
    private final double[] coordinates;
    private final double[] tangent;
    private final NormalSource normals = new NormalSource();

    /** A proposal on {@code geometry}, which must have the {@link TangentBasis} capability. */
    public TangentGaussianProposal(Geometry geometry) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.tangentBasis = Capabilities.require(geometry, TangentBasis.class, "TangentGaussianProposal");
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
            double c = step * normals.next(rng);
            coordinates[i] = c;
            norm2 += c * c;
        }
        tangentBasis.basis(current, basis);
        TangentBasis.combine(basis, coordinates, tangent);
        TangentMove.expOrStay(geometry, current, tangent, Math.sqrt(norm2), out);
    }

    @Override
    public boolean symmetric() {
        return true;
    }

    @Override
    public String describe() {
        return "tangent Gaussian N(0, step^2 I_" + dimension + ") in an orthonormal tangent basis, then exp";
    }
}
