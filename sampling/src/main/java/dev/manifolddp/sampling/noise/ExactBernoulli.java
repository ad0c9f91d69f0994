package dev.manifolddp.sampling.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact Bernoulli trials with rational parameters, built only from uniform integers
 * ({@link UniformRandomProvider#nextLong(long)}, which Commons RNG draws without bias): no floating-point number
 * enters a decision, so the success probability is exactly the stated one (Canonne, Kamath, Steinke 2020, Alg. 1).
 * Allocation-free.
 */
public final class ExactBernoulli {

    private ExactBernoulli() {
    }

    /** Bernoulli(num / den) for {@code 0 <= num <= den}, {@code den >= 1}. */
    public static boolean ratio(UniformRandomProvider rng, long num, long den) {
        return rng.nextLong(den) < num;
    }

    /**
     * Bernoulli(exp(-num / den)) for {@code num >= 0}, {@code den >= 1}: {@code floor(gamma)} trials of
     * Bernoulli(exp(-1)) and one of Bernoulli(exp(-frac(gamma))), each by {@link #expMinusAtMostOne}.
     */
    public static boolean expMinus(UniformRandomProvider rng, long num, long den) {
        long whole = num / den;
        for (long i = 0; i < whole; i++) {
            if (!expMinusAtMostOne(rng, 1, 1)) {
                return false;
            }
        }
        return expMinusAtMostOne(rng, num % den, den);
    }

    /**
     * Bernoulli(exp(-(a / b)^2)) for {@code a >= 0}, {@code b >= 1}, with {@code a = q b + r}:
     * {@code (a/b)^2 = q^2 + 2q (r/b) + (r/b)^2}, so the trial is {@code q^2} trials of Bernoulli(exp(-1)),
     * {@code 2q} of Bernoulli(exp(-r/b)) and one of Bernoulli(exp(-(r/b)^2)). Every count is a loop over longs,
     * so no product can overflow.
     */
    public static boolean expMinusSquare(UniformRandomProvider rng, long a, long b) {
        long q = a / b;
        long r = a % b;
        for (long i = 0; i < q; i++) {
            for (long j = 0; j < q; j++) {
                if (!expMinusAtMostOne(rng, 1, 1)) {
                    return false;
                }
            }
        }
        for (long i = 0; i < q; i++) {
            if (!expMinusAtMostOne(rng, r, b) || !expMinusAtMostOne(rng, r, b)) {
                return false;
            }
        }
        // CKS Alg. 1 for gamma = (r/b)^2 <= 1, with Bernoulli(gamma / k) = Bernoulli(r/b)^2 and Bernoulli(1/k)
        long k = 1;
        while (ratio(rng, r, b) && ratio(rng, r, b) && ratio(rng, 1, k)) {
            k++;
        }
        return (k & 1) == 1;
    }

    /**
     * Canonne, Kamath, Steinke 2020, Alg. 1 for {@code gamma = num/den in [0, 1]}: the number K of successive
     * successes of Bernoulli(gamma / k), k = 1, 2, ..., plus one, is odd with probability
     * {@code sum_j (-gamma)^j / j! = exp(-gamma)}. Bernoulli(gamma/k) is drawn as Bernoulli(gamma) and Bernoulli(1/k).
     */
    static boolean expMinusAtMostOne(UniformRandomProvider rng, long num, long den) {
        long k = 1;
        while (ratio(rng, num, den) && ratio(rng, 1, k)) {
            k++;
        }
        return (k & 1) == 1;
    }
}
