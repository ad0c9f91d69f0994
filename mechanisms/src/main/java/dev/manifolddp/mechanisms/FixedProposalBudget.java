package dev.manifolddp.mechanisms;

import java.util.Locale;

/**
 * The arithmetic of an exact rejection sampler run with a fixed budget of N proposals (docs/exact-sampling.md): when
 * every dataset's acceptance rate is at least a public alpha, the draw fails with probability at most
 * {@code (1 - alpha)^N}, and the output "value or failure" is (epsilon, delta)-DP with
 * {@code delta = (1 + e^epsilon) (1 - alpha)^N}. Computed in logarithms so that a large epsilon or N cannot overflow.
 */
final class FixedProposalBudget {

    private FixedProposalBudget() {
    }

    /** {@code (1 + e^epsilon) (1 - alpha)^N}; 1 or more means no bound. */
    static double delta(double alpha, double epsilon, long proposals) {
        if (!(alpha > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        if (alpha >= 1) {
            return 0;
        }
        return Math.exp(logOnePlusExp(epsilon) + proposals * Math.log1p(-alpha));
    }

    /**
     * The smallest N with {@link #delta} at most {@code targetDelta}; -1 when no N does (alpha = 0) or N overflows a
     * long.
     */
    static long proposals(double alpha, double epsilon, double targetDelta) {
        if (!(alpha > 0)) {
            return -1;
        }
        if (alpha >= 1) {
            return 1;
        }
        double n = approximateProposals(alpha, epsilon, targetDelta);
        if (!(n < Long.MAX_VALUE)) {
            return -1;
        }
        return Math.max(1, (long) n);
    }

    /** {@link #proposals} as a double, for messages when it does not fit a long. */
    static double approximateProposals(double alpha, double epsilon, double targetDelta) {
        return Math.ceil((Math.log(targetDelta) - logOnePlusExp(epsilon)) / Math.log1p(-alpha));
    }

    /**
     * The per-proposal-budget failure probability {@code targetDelta / (1 + e^epsilon)} as text, in logarithms so that
     * a large epsilon shows a tiny number rather than 0.
     */
    static String describeFailure(double targetDelta, double epsilon) {
        double log = Math.log(targetDelta) - logOnePlusExp(epsilon);
        double value = Math.exp(log);
        return value >= Double.MIN_NORMAL ? String.format(Locale.ROOT, "%.3g", value)
                : String.format(Locale.ROOT, "about 1e%.0f", log / Math.log(10));
    }

    private static double logOnePlusExp(double x) {
        return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
    }
}
