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

    /** The smallest {@code s0} with {@code sqrt(2) s0 g >= sigma}, i.e. a grid scale at least sigma. */
    public static long s0(double sigma, double granularity) {
        double units = sigma / (Math.sqrt(2.0) * granularity);
        long s0 = (long) Math.ceil(units * (1 + 0x1p-40));
        return Math.max(1, s0);
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
