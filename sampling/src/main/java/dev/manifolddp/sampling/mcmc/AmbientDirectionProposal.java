package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.AmbientMetric;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The sphere proposal of Soto et al. 2022, suppl. §2.4.2 and Reimherr et al. 2021, suppl. §1.5: an ambient standard normal vector (in the point layout's
 * coordinates) rescaled to unit length, projected onto T_x, times {@code step}, then {@code y = exp(x, V)}. The
 * papers pass {@code step = t sigma} (t = 0.5 in Soto et al. 2022, Fig. 1); {@code |V| <= step}.
 *
 * <p><b>Symmetry.</b> A unit vector uniform on the ambient sphere, projected orthogonally onto T_x, has a law that
 * is invariant under rotations of T_x (extend a rotation of T_x by the identity on its complement). When the metric
 * on T_x is the ambient Euclidean inner product and the projection is the Euclidean one, the tangent law is therefore
 * isotropic, and on a two-point homogeneous space the proposal is exactly symmetric (see {@link Proposal}). The
 * geometry states both facts through capabilities: {@link AmbientMetric} (the metric is the ambient inner product and
 * the projection orthogonal, as on spheres and Kendall's shape space) and {@link RadialVolume} (two-point
 * homogeneous). With both, {@link #symmetric()} is true. On SPD the metric is not the Frobenius one, the law is not
 * isotropic, its density has no closed form, and the proposal runs uncorrected.
 */
public final class AmbientDirectionProposal implements Proposal {

    private final Geometry geometry;
    private final boolean symmetric;
    private final double[] ambient;
    private final double[] tangent;
    private final NormalSource normals = new NormalSource();

    /** A proposal on {@code geometry}; symmetric when it has both {@link AmbientMetric} and {@link RadialVolume}. */
    public AmbientDirectionProposal(Geometry geometry) {
        this(geometry, Arguments.requireNonNull("geometry", geometry).capability(AmbientMetric.class).isPresent()
                && geometry.capability(RadialVolume.class).isPresent());
    }

    /**
     * A proposal on {@code geometry} whose symmetry the caller asserts: true only if the metric at every point is the
     * ambient Euclidean inner product restricted to T_x and {@code projectToTangent} is the orthogonal projection.
     */
    public AmbientDirectionProposal(Geometry geometry, boolean euclideanTangentMetric) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.symmetric = euclideanTangentMetric;
        int length = geometry.layout().length();
        this.ambient = new double[length];
        this.tangent = new double[length];
    }

    @Override
    public void propose(double[] current, double step, UniformRandomProvider rng, double[] out) {
        TangentMove.requireStep(step);
        normals.unitVector(rng, ambient, ambient.length);
        geometry.projectToTangent(current, ambient, tangent);
        for (int i = 0; i < tangent.length; i++) {
            tangent[i] *= step;
        }
        TangentMove.expOrStay(geometry, current, tangent, geometry.norm(current, tangent), out);
    }

    @Override
    public boolean symmetric() {
        return symmetric;
    }

    @Override
    public String describe() {
        return "ambient unit Gaussian direction projected to the tangent space, times step, then exp (Soto et al. 2022, suppl. §2.4.2)";
    }
}
