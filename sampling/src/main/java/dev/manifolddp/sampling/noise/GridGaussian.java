package dev.manifolddp.sampling.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Floating-point-safe Gaussian noise on a vector: {@code out_i = g (rint(center_i / g) + Y_i)} with independent
 * {@code Y_i ~ N_Z(0, 2 s0^2)} ({@link DiscreteGaussian}) on the power-of-two grid {@code g Z} of {@link NoiseGrid}.
 * The centre enters only through its integer grid index, so the released doubles carry no low-order-bit information
 * (Mironov 2012); the privacy of the integer vector is the discrete Gaussian's (Canonne, Kamath, Steinke 2020), with
 * the l2 sensitivity in grid units raised by {@code sqrt(D)} for the rounding of the centre. The accounting is in
 * {@code GaussianCalibration} (mechanisms) and docs/floating-point-noise.md. Allocation-free.
 */
public final class GridGaussian {

    private GridGaussian() {
    }

    /**
     * The smallest {@code s0} with {@code sqrt(2) s0 g >= sigma}, i.e. a grid scale at least sigma.
     *
     * @throws IllegalArgumentException when sigma or the granularity is not a finite positive number, or when
     *                                  {@code s0} would exceed {@link DiscreteGaussian#MAX_S0} (a caller checks
     *                                  {@link #s0Units} first to refuse in its own terms)
     */
    public static long s0(double sigma, double granularity) {
        double units = s0Units(sigma, granularity);
        if (!(units <= DiscreteGaussian.MAX_S0)) {
            throw new IllegalArgumentException(String.format("discrete Gaussian grid: sigma = %s is %.3g steps of "
                    + "sqrt(2) g (g = %s), more than the sampler's 2^30; use a grid step g >= %s for this sigma. "
                    + "Provided value: sigma = %s", sigma, units, granularity,
                    sigma / (Math.sqrt(2.0) * DiscreteGaussian.MAX_S0), sigma));
        }
        return (long) units;
    }

    /**
     * {@link #s0} as a double, not limited to the sampler's range: {@code max(1, ceil(sigma / (sqrt(2) g)
     * (1 + 2^-40)))}, infinite when the quotient overflows. Lets a mechanism check the range before it casts.
     */
    public static double s0Units(double sigma, double granularity) {
        if (!(sigma > 0) || !Double.isFinite(sigma) || !(granularity > 0) || !Double.isFinite(granularity)) {
            throw new IllegalArgumentException(String.format("discrete Gaussian grid: sigma and the granularity must "
                    + "be finite numbers > 0. Provided value: sigma = %s, granularity = %s", sigma, granularity));
        }
        double units = sigma / (Math.sqrt(2.0) * granularity);
        return Math.max(1, Math.ceil(units * (1 + 0x1p-40)));
    }

    /** The standard deviation parameter {@code sqrt(2) s0 g} of the grid law (rounded to a double). */
    public static double sigma(long s0, double granularity) {
        return Math.sqrt(2.0) * s0 * granularity;
    }

    /**
     * Writes {@code g (rint(center_i / g) + Y_i)} into {@code out[0 .. length-1]} ({@code out} may alias
     * {@code center}).
     */
    public static void sample(double[] center, int length, double granularity, long s0, UniformRandomProvider rng,
            double[] out) {
        for (int i = 0; i < length; i++) {
            long index = NoiseGrid.index(center[i], granularity);
            out[i] = NoiseGrid.value(index + DiscreteGaussian.sample(rng, s0), granularity);
        }
    }
}
