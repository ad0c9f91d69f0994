package dev.manifolddp.experiments.audit;

import org.apache.commons.statistics.distribution.BetaDistribution;

/**
 * One-sided Clopper-Pearson (exact binomial) confidence bounds on a success probability p from k successes in n
 * trials (Clopper and Pearson 1934). The lower bound at level {@code 1 - alpha} is the {@code alpha} quantile of
 * Beta(k, n - k + 1) (0 when k = 0); the upper bound is the {@code 1 - alpha} quantile of Beta(k + 1, n - k) (1 when
 * k = n). Each holds with probability at least {@code 1 - alpha} for every p, whatever n: the guarantee is exact,
 * not asymptotic, which is what a lower bound on epsilon needs.
 */
public final class ClopperPearson {

    private ClopperPearson() {
    }

    /** A lower bound on p that holds with probability at least {@code 1 - alpha}. */
    public static double lower(long k, long n, double alpha) {
        check(k, n, alpha);
        if (k == 0) {
            return 0;
        }
        return BetaDistribution.of(k, n - k + 1).inverseCumulativeProbability(alpha);
    }

    /** An upper bound on p that holds with probability at least {@code 1 - alpha}. */
    public static double upper(long k, long n, double alpha) {
        check(k, n, alpha);
        if (k == n) {
            return 1;
        }
        // the survival form keeps its precision when the bound is close to 1
        return BetaDistribution.of(k + 1, n - k).inverseSurvivalProbability(alpha);
    }

    private static void check(long k, long n, double alpha) {
        if (n < 1 || k < 0 || k > n) {
            throw new IllegalArgumentException(String.format(
                    "Clopper-Pearson needs 0 <= k <= n and n >= 1. Provided values: k = %d, n = %d", k, n));
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must lie strictly between 0 and 1. Provided value: " + alpha);
        }
    }
}
