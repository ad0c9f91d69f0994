package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.Arguments;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The Kendall shape proposal of Soto et al. 2022, suppl. §2.5.1: every ambient coordinate (real and imaginary part of each landmark)
 * uniform on (0, 1), projected onto T_x with {@code projectToTangent} (for Kendall: centred, then the horizontal
 * part), times {@code step}, then {@code y = exp(x, V)}; moves reaching the injectivity radius are refused.
 *
 * <p><b>Not symmetric, and not correctable.</b> The cube of U(0,1) coordinates is not rotation invariant (nor even
 * centred before projection), so the tangent law is not isotropic; its density after the projection has no closed
 * form, so no Hastings correction is possible and the chain targets a law that is not exactly the requested one.
 * It is kept only to reproduce the paper; use {@link TangentGaussianProposal} for releases.
 */
public final class CenteredUniformProposal implements Proposal {

    private final Geometry geometry;
    private final double[] ambient;
    private final double[] tangent;

    /** A proposal on {@code geometry}. */
    public CenteredUniformProposal(Geometry geometry) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        int length = geometry.layout().length();
        this.ambient = new double[length];
        this.tangent = new double[length];
    }

    @Override
    public void propose(double[] current, double step, UniformRandomProvider rng, double[] out) {
        TangentMove.requireStep(step);
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = rng.nextDouble();
        }
        geometry.projectToTangent(current, ambient, tangent);
        for (int i = 0; i < tangent.length; i++) {
            tangent[i] *= step;
        }
        TangentMove.expOrStay(geometry, current, tangent, geometry.norm(current, tangent), out);
    }

    @Override
    public boolean symmetric() {
        return false;
    }

    @Override
    public String describe() {
        return "U(0,1) ambient coordinates projected to the tangent space, times step, then exp (Soto et al. 2022, suppl. §2.5.1; "
                + "not symmetric, uncorrected)";
    }
}
