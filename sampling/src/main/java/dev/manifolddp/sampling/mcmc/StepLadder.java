package dev.manifolddp.sampling.mcmc;

import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A public mixture of proposal scales: each Metropolis-Hastings step multiplies the largest scale by one of
 * {@code 1, q, q^2, ..., q^(J-1)}, drawn uniformly and independently of the state, from the domain's size down to the
 * target's (about sigma). Each fixed scale gives a kernel that leaves the target invariant (symmetric, or with its
 * Hastings ratio at that scale), and a mixture of such kernels with state-independent weights does too (Tierney
 * 1994, §2.3), so nothing adapts to the data. A chain started at a public point far from the target's mode then
 * crosses the domain with the large scales and resolves the mode with the small ones: with one scale of size sigma
 * a chain at epsilon = 500 never left its start (issue 23).
 *
 * <p>Immutable; {@link #factor} allocates nothing. With one level it draws nothing, so a ladder of one scale leaves
 * the random stream exactly as a fixed-scale chain's.
 */
public final class StepLadder {

    /** The factor between neighbouring scales when the ladder spans a range: a quarter. */
    public static final double DEFAULT_RATIO = 0.25;
    /** At most this many scales (a range of 4^40, about 10^24). */
    public static final int MAX_LEVELS = 41;

    /** One scale: a fixed-scale chain. */
    public static final StepLadder SINGLE = new StepLadder(new double[] {1});

    private final double[] factors;

    private StepLadder(double[] factors) {
        this.factors = factors;
    }

    /**
     * The ladder from {@code largest} down to {@code smallest} in steps of about {@link #DEFAULT_RATIO}, both ends
     * included exactly (as factors of largest); a single scale when they are equal.
     *
     * @throws IllegalArgumentException unless {@code 0 < smallest <= largest} are finite
     */
    public static StepLadder spanning(double largest, double smallest) {
        if (!(smallest > 0 && smallest <= largest) || !Double.isFinite(largest)) {
            throw new IllegalArgumentException("a step ladder needs finite scales with 0 < smallest <= largest. "
                    + "Provided value: largest = " + largest + ", smallest = " + smallest);
        }
        double range = smallest / largest;
        if (range == 1) {
            return SINGLE;
        }
        int levels = (int) Math.min(MAX_LEVELS, 1 + Math.ceil(Math.log(range) / Math.log(DEFAULT_RATIO)));
        double[] factors = new double[levels];
        for (int j = 0; j < levels; j++) {
            factors[j] = j == levels - 1 ? range : Math.pow(range, (double) j / (levels - 1));
        }
        return new StepLadder(factors);
    }

    /** The number of scales J. */
    public int levels() {
        return factors.length;
    }

    /** The smallest factor (the smallest scale over the largest). */
    public double smallestFactor() {
        return factors[factors.length - 1];
    }

    /** A factor drawn uniformly from the ladder; draws nothing when it has one level. */
    public double factor(UniformRandomProvider random) {
        return factors.length == 1 ? 1 : factors[random.nextInt(factors.length)];
    }

    /** E.g. {@code 6 scales from s down to s * 1.2e-3, one drawn uniformly per step}. */
    public String describe(double largest) {
        return factors.length == 1 ? String.format(Locale.ROOT, "one scale %.6g", largest)
                : String.format(Locale.ROOT, "%d scales from %.6g down to %.6g (ratio %.4g), one drawn uniformly per "
                        + "step", factors.length, largest, largest * smallestFactor(),
                        Math.pow(smallestFactor(), 1.0 / (factors.length - 1)));
    }
}
