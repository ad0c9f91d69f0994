package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact Riemannian Laplace on a geometry whose volume is the same in every direction around every point
 * ({@link RadialVolume}: spheres, Kendall's shape space), in geodesic polar coordinates
 * ({@code docs/exact-sampling.md}).
 *
 * <p>Writing {@code x = exp(center, theta u)}, the law {@code ∝ exp(-rho/sigma) dvol} has u uniform on the unit
 * sphere of T_center, independent of theta, and theta with density
 * {@code ∝ exp(-theta/sigma) theta^(d-1) volumeRatio(theta)} on {@code [0, maxRadius]}. The radius is drawn by
 * rejection: from Gamma(d, sigma), accepted with probability {@code volumeRatio(theta)} (0 beyond maxRadius), or from
 * one of two other exact envelopes when that one would waste fewer proposals (see {@link RadialRadiusSampler}). The
 * direction is a normalised standard normal vector of coordinates in the orthonormal {@link TangentBasis}; the draw
 * is {@code exp(center, theta u)}.
 *
 * <p>Allocation-free per call after the first call with a given provider; not thread-safe (per-instance scratch).
 */
public final class RadialLaplaceSampler implements ExactLaplaceSampler {

    private final Geometry geometry;
    private final RadialRadiusSampler radius;
    private final PolarDraw polar;

    /**
     * A sampler for {@code geometry}, which must have the {@link RadialVolume} and {@link TangentBasis} capabilities.
     */
    public RadialLaplaceSampler(Geometry geometry) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        RadialVolume radial = Capabilities.require(geometry, RadialVolume.class, "RadialLaplaceSampler");
        TangentBasis tangentBasis = Capabilities.require(geometry, TangentBasis.class, "RadialLaplaceSampler");
        int dimension = tangentBasis.basisSize();
        if (!(radial.maxRadius() > 0)) {
            throw new IllegalArgumentException(String.format(
                    "RadialVolume.maxRadius() of %s must be > 0. Provided value: %s", geometry.spec(),
                    radial.maxRadius()));
        }
        this.radius = new RadialRadiusSampler(radial, dimension, geometry.curvature().min() >= 0);
        this.polar = new PolarDraw(geometry, tangentBasis);
    }

    /** The geometry this sampler draws on. */
    public Geometry geometry() {
        return geometry;
    }

    @Override
    public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        Arguments.requirePoint(geometry, "center", center);
        Arguments.requirePositiveFinite("sigma", sigma);
        Arguments.requireNonNull("rng", rng);
        Arguments.requireOutput("out", out, geometry.layout().length());
        double theta = radius.sample(sigma, rng);
        polar.at(center, theta, rng, out);
        return radius.proposals();
    }
}
