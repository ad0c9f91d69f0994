package dev.manifolddp.sampling.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The discrete Gaussian {@code N_Z(0, sigma^2)}, {@code P(y) ∝ exp(-y^2 / (2 sigma^2))} on the integers, drawn exactly
 * by Canonne, Kamath, Steinke 2020, Alg. 3: a discrete Laplace proposal of integer scale {@code t = floor(sigma) + 1}
 * accepted with probability {@code exp(-(|y| - sigma^2/t)^2 / (2 sigma^2))}.
 *
 * <p><b>Parametrisation.</b> The variance parameter is {@code sigma^2 = 2 s0^2} for an integer {@code s0}: then the
 * exponent is {@code (a / b)^2} with integers {@code a = | |y| t - 2 s0^2 |} and {@code b = 2 s0 t}, and
 * {@link ExactBernoulli#expMinusSquare} decides it exactly in 64-bit arithmetic (for {@code s0 <= 2^30}). A proposal
 * with {@code |y| t >= 2^63} is redrawn, which conditions on {@code |y| < 2^63 / t}, an event of probability below
 * {@code exp(-2^31)}; the samplers that use this class account for it as a delta term (docs/floating-point-noise.md).
 * Allocation-free.
 */
public final class DiscreteGaussian {

    /** The largest {@code s0} accepted (keeps {@code b = 2 s0 t} below 2^63). */
    public static final long MAX_S0 = 1L << 30;

    private DiscreteGaussian() {
    }

    /** One draw from {@code N_Z(0, 2 s0^2)}; requires {@code 1 <= s0 <= 2^30}. */
    public static long sample(UniformRandomProvider rng, long s0) {
        if (s0 < 1 || s0 > MAX_S0) {
            throw new IllegalArgumentException("discrete Gaussian: s0 (sigma = sqrt(2) s0) must be an integer in [1, "
                    + "2^30]. Provided value: " + s0);
        }
        long t = (long) Math.floor(Math.sqrt(2.0) * s0) + 1;
        long twiceSquare = 2 * s0 * s0;
        long b = 2 * s0 * t;
        while (true) {
            long y = DiscreteLaplace.sample(rng, t, 1);
            long magnitude = Math.abs(y);
            if (magnitude > Long.MAX_VALUE / t) {
                continue;
            }
            long a = Math.abs(magnitude * t - twiceSquare);
            if (ExactBernoulli.expMinusSquare(rng, a, b)) {
                return y;
            }
        }
    }
}
