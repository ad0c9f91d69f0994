package dev.manifolddp.sampling.mcmc;

/**
 * How densely a chain's released segment is kept for its diagnostics: every {@code keepEvery}-th state, with
 * {@code keepEvery} the smallest divisor of {@code thin} that keeps at most a given number of states, so the last kept
 * state is the released one.
 */
public final class KeptStates {

    private KeptStates() {
    }

    /** The smallest divisor of {@code thin} (>= 1) that keeps at most {@code maxKept} states. */
    public static int keepEvery(int thin, int maxKept) {
        if (thin < 1 || maxKept < 1) {
            throw new IllegalArgumentException("thin and maxKept must be >= 1. Provided value: thin = " + thin
                    + ", maxKept = " + maxKept);
        }
        int every = Math.max(1, (int) (((long) thin + maxKept - 1) / maxKept));
        while (thin % every != 0) {
            every++;
        }
        return every;
    }
}
