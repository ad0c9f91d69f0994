package dev.manifolddp.sampling.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The discrete Laplace (two-sided geometric) law on the integers, {@code P(y) ∝ exp(-|y| s / t)}, drawn exactly by
 * Canonne, Kamath, Steinke 2020, Alg. 2 (the scale is {@code t / s}; t and s are positive integers).
 *
 * <p><b>Truncation.</b> The internal geometric count V is used as {@code u + t V}; a draw with
 * {@code u + t V >= 2^63} is redrawn, which conditions the law on {@code |y| < 2^63 / s}. That event has probability
 * {@code exp(-2^63 / t)} or less: below {@code 10^-(10^6)} for every {@code t <= 2^42}, the largest scale the
 * samplers of this package use. Allocation-free.
 */
public final class DiscreteLaplace {

    /** The largest scale numerator t accepted: the truncation bound above is proven up to it. */
    public static final long MAX_SCALE = 1L << 42;

    private DiscreteLaplace() {
    }

    /** One draw with scale {@code t / s}; requires {@code 1 <= t <= 2^42}, {@code s >= 1}. */
    public static long sample(UniformRandomProvider rng, long t, long s) {
        if (t < 1 || t > MAX_SCALE || s < 1) {
            throw new IllegalArgumentException("discrete Laplace: t must be an integer in [1, 2^42] and s an integer "
                    + ">= 1. Provided value: t = " + t + ", s = " + s);
        }
        while (true) {
            long u = rng.nextLong(t);
            if (!ExactBernoulli.expMinus(rng, u, t)) {
                continue;
            }
            long v = 0;
            while (ExactBernoulli.expMinusAtMostOne(rng, 1, 1)) {
                v++;
            }
            if (v > (Long.MAX_VALUE - u) / t) {
                continue;
            }
            long y = (u + t * v) / s;
            boolean negative = rng.nextBoolean();
            if (negative && y == 0) {
                continue;
            }
            return negative ? -y : y;
        }
    }
}
