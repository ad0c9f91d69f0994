package dev.manifolddp.sampling.random;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/**
 * Gamma(shape, scale 1) draws (Marsaglia and Tsang for shape >= 1, Ahrens and Dieter below) from whatever provider
 * the caller passes. Like {@link NormalSource}, it rebinds the Commons RNG sampler only when the provider or the
 * shape changes, so repeated calls with the same ones allocate nothing. Not thread-safe.
 */
public final class GammaSource {

    private UniformRandomProvider bound;
    private double boundShape = Double.NaN;
    private ContinuousSampler sampler;

    /** One Gamma(shape, 1) draw; multiply by a scale to get Gamma(shape, scale). Shape must be > 0. */
    public double next(UniformRandomProvider rng, double shape) {
        if (rng != bound || shape != boundShape) {
            if (!(shape > 0) || Double.isInfinite(shape)) {
                throw new IllegalArgumentException("gamma shape must be finite and > 0. Provided value: " + shape);
            }
            sampler = AhrensDieterMarsagliaTsangGammaSampler.of(rng, shape, 1.0);
            bound = rng;
            boundShape = shape;
        }
        return sampler.sample();
    }
}
