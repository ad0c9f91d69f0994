package dev.manifolddp.geometry;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Draws exactly from the Riemannian Laplace law {@code f(x) ∝ exp(-rho(x, center) / sigma)}, a density with respect
 * to the Riemannian volume (Reimherr et al. 2021; the exact laws are derived in {@code docs/exact-sampling.md}).
 *
 * <p>A capability: a geometry (or a plugin's geometry) may implement this interface itself, in which case
 * {@code geometry.capability(ExactLaplaceSampler.class)} finds it and the {@code sampling} module's
 * {@code ExactLaplaceSamplers.find} prefers it to its generic samplers. That is why it lives in the API module: the
 * only type it needs beyond the API is Commons RNG's {@link UniformRandomProvider} from the interface-only
 * {@code commons-rng-client-api} jar, so a plugin offers an exact sampler without depending on {@code sampling}. A
 * geometry's own implementation is shared by every thread that uses the geometry and must therefore be thread-safe
 * (e.g. keep no scratch). The {@code sampling} module's samplers keep per-instance scratch so that a call allocates
 * nothing; unless an implementation says otherwise, an instance is <b>not thread-safe</b>: give each thread its own
 * ({@code ExactLaplaceSamplers.find} builds a new one per call).
 */
public interface ExactLaplaceSampler {

    /**
     * Writes one draw into {@code out} (point layout length; must not alias {@code center}).
     *
     * @param center the location eta, a point of the manifold
     * @param sigma  the scale, finite and {@code > 0}
     * @param rng    the random source
     * @param out    receives the draw
     * @return the number of proposals used (1 for direct samplers, the rejection count plus one otherwise)
     */
    long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out);

    /**
     * One draw from a law whose density on the closed ball {@code B_radius(center)} is proportional to
     * {@code exp(-rho(x, center)/sigma)} with the same constant as {@link #sample} would have where that law exists
     * (what it does outside the ball is unspecified): what a rejection sampler whose target lives on the ball needs
     * (the exact KNG envelope). The default draws from the whole-manifold law; a sampler that can truncate overrides
     * it and then accepts every sigma ({@link #truncatesToBall}), even where the whole-manifold law does not exist.
     *
     * @return the number of proposals used
     */
    default long sampleWithin(double[] center, double sigma, double radius, UniformRandomProvider rng, double[] out) {
        return sample(center, sigma, rng, out);
    }

    /** True when {@link #sampleWithin} truncates to the ball and so works for every sigma. */
    default boolean truncatesToBall() {
        return false;
    }
}
