package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.SpectralVolume;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.random.HaarRotation;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact Riemannian Laplace on a geometry with {@link SpectralVolume} coordinates (affine-invariant SPD(k), after
 * Hajri et al. 2016): {@code x = fromSpectral(center, r, Q)} with Q Haar on O(k) and r drawn exactly from
 * {@code ∝ exp(-|r|/sigma) prod_(i<j) sinh(|r_i - r_j|/2)} by rejection ({@link SpectrumSampler}). The law exists
 * only for {@code sigma < sqrt(12 / (k (k^2 - 1)))}; {@link #sampleWithin} truncates to a ball and so accepts every
 * sigma (the exact KNG envelope). Derivation and acceptance rates: {@code docs/exact-sampling.md}.
 *
 * <p>Allocation-free per call after the first call with a given provider and sigma; not thread-safe.
 */
public final class SpectralLaplaceSampler implements ExactLaplaceSampler {

    private final Geometry geometry;
    private final SpectralVolume spectral;
    private final SpectrumSampler spectrum;
    private final HaarRotation haar;
    private final double limit;
    private final double[] r;
    private final double[] rotation;

    /**
     * A sampler for {@code geometry}, which must have the {@link SpectralVolume} and {@link SymmetricEigensolvers}
     * capabilities (the Gaussian matrices of the proposals are decomposed by the geometry's Jacobi solver).
     */
    public SpectralLaplaceSampler(Geometry geometry) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.spectral = Capabilities.require(geometry, SpectralVolume.class, "SpectralLaplaceSampler");
        int k = spectral.spectralRank();
        this.spectrum = new SpectrumSampler(Capabilities.require(geometry, SymmetricEigensolvers.class,
                "SpectralLaplaceSampler").jacobiEigensolver(k));
        this.haar = new HaarRotation(k);
        this.limit = 1 / SpectrumSampler.growthRate(k);
        this.r = new double[k];
        this.rotation = new double[k * k];
    }

    /** The largest scale (exclusive) at which the whole-manifold law exists: {@code sqrt(12 / (k (k^2 - 1)))}. */
    public double scaleLimit() {
        return limit;
    }

    /**
     * The pilot's estimate of the acceptance rate at {@code sigma} (untruncated), from a fixed-seed pilot of public
     * parameters only: the number of proposals per draw is about its inverse.
     */
    public double estimatedAcceptance(double sigma) {
        requireScale(sigma);
        return spectrum.pilotAcceptance(sigma, Double.POSITIVE_INFINITY);
    }

    @Override
    public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        requireScale(sigma);
        return draw(center, sigma, Double.POSITIVE_INFINITY, rng, out);
    }

    /** Draws from the Laplace truncated to {@code B_radius(center)} exactly (so it never lands outside the ball). */
    @Override
    public long sampleWithin(double[] center, double sigma, double radius, UniformRandomProvider rng, double[] out) {
        Arguments.requirePositiveFinite("sigma", sigma);
        Arguments.requirePositiveFinite("radius", radius);
        return draw(center, sigma, radius, rng, out);
    }

    @Override
    public boolean truncatesToBall() {
        return true;
    }

    private long draw(double[] center, double sigma, double radius, UniformRandomProvider rng, double[] out) {
        Arguments.requirePoint(geometry, "center", center);
        Arguments.requireNonNull("rng", rng);
        Arguments.requireOutput("out", out, geometry.layout().length());
        spectrum.sample(sigma, radius, rng, r);
        haar.sample(rng, rotation);
        spectral.fromSpectral(center, r, rotation, out);
        return spectrum.proposals();
    }

    private void requireScale(double sigma) {
        Arguments.requirePositiveFinite("sigma", sigma);
        if (!(sigma < limit)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "sigma must be below %.17g, the largest "
                    + "scale at which the Riemannian Laplace exists on %s (VolumeGrowth); lower sigma (raise epsilon "
                    + "or n). Provided value: %s", limit, geometry.spec(), sigma));
        }
    }
}
