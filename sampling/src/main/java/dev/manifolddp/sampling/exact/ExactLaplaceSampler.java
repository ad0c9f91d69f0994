package dev.manifolddp.sampling.exact;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Draws exactly from the Riemannian Laplace law {@code f(x) ∝ exp(-rho(x, center) / sigma)}, a density with respect
 * to the Riemannian volume (Reimherr et al. 2021; the exact laws are derived in {@code docs/exact-sampling.md}).
 *
 * <p>Implementations keep per-instance scratch so that a call allocates nothing once the instance has seen the
 * provider (the Commons RNG samplers are rebound when the provider changes). Unless an implementation says
 * otherwise, an instance is <b>not thread-safe</b>: give each thread its own (e.g. from
 * {@link ExactLaplaceSamplers#find}, which builds a new one per call). A geometry may implement this interface
 * itself, in which case {@code geometry.capability(ExactLaplaceSampler.class)} finds it.
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
}
