package dev.manifolddp.sampling.random;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.NormalizedGaussianSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Standard normal draws from whatever {@link UniformRandomProvider} the caller passes. Commons RNG samplers are bound
 * to one provider; this holder rebinds (one small allocation) only when the provider changes, so a loop that keeps
 * passing the same provider allocates nothing. Not thread-safe: one per sampler instance.
 */
public final class NormalSource {

    private UniformRandomProvider bound;
    private NormalizedGaussianSampler sampler;

    /** One N(0, 1) draw from {@code rng}. */
    public double next(UniformRandomProvider rng) {
        if (rng != bound) {
            sampler = ZigguratSampler.NormalizedGaussian.of(rng);
            bound = rng;
        }
        return sampler.sample();
    }

    /** Fills {@code out[0 .. length-1]} with independent N(0, 1) draws. */
    public void fill(UniformRandomProvider rng, double[] out, int length) {
        for (int i = 0; i < length; i++) {
            out[i] = next(rng);
        }
    }

    /**
     * Writes a uniform direction on the unit sphere S^(n-1) into {@code out[0 .. n-1]}: a standard normal vector
     * divided by its norm (its law is rotation invariant). Returns the norm before division (redraws a zero vector).
     */
    public double unitVector(UniformRandomProvider rng, double[] out, int n) {
        double norm2;
        do {
            norm2 = 0;
            for (int i = 0; i < n; i++) {
                double z = next(rng);
                out[i] = z;
                norm2 += z * z;
            }
        } while (norm2 == 0);
        double norm = Math.sqrt(norm2);
        for (int i = 0; i < n; i++) {
            out[i] /= norm;
        }
        return norm;
    }
}
