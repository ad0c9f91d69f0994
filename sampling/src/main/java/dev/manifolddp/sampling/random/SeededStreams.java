package dev.manifolddp.sampling.random;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Reproducible streams of the LXM generator L64X128Mix (Steele and Vigna 2021), one per (cell, replicate).
 *
 * <p>An LXM generator adds the output of a 64-bit linear congruential generator (LCG) {@code s <- M s + a} to that
 * of a xorshift generator and passes the sum through a mixing function. Two instances whose LCG increments
 * {@code a} differ run different LCG sequences, and the LXM design makes their outputs statistically independent;
 * this is how Commons RNG splits the generator. Here the increment, the LCG state and the xorshift state are derived
 * from (seed, cell, replicate) by SplitMix64-style bijective mixing ({@link StreamSeeds}): for a fixed seed,
 * distinct pairs in [0, 2^31)^2 get distinct increments, hence independent streams, whatever order they are
 * created in.
 */
public final class SeededStreams implements RandomStreams {

    /** Cells and replicates must be below this bound so that the pair packs one-to-one into 62 bits. */
    public static final long INDEX_BOUND = 1L << 31;

    private final long seed;

    /** Streams derived from {@code seed}; any long is allowed. */
    public SeededStreams(long seed) {
        this.seed = seed;
    }

    /** The master seed. */
    public long seed() {
        return seed;
    }

    @Override
    public UniformRandomProvider stream(long cell, long replicate) {
        requireIndex("cell", cell);
        requireIndex("replicate", replicate);
        return RandomSource.L64_X128_MIX.create(StreamSeeds.l64x128Seed(seed, cell, replicate));
    }

    @Override
    public boolean reproducible() {
        return true;
    }

    @Override
    public String describe() {
        return "L64_X128_MIX streams (Commons RNG), seed=" + seed
                + "; stream (cell, replicate): LCG increment and state from SplitMix64 mixing of (seed, cell, replicate)";
    }

    @Override
    public String toString() {
        return describe();
    }

    private static void requireIndex(String name, long value) {
        if (value < 0 || value >= INDEX_BOUND) {
            throw new IllegalArgumentException(String.format(
                    "%s must be in [0, 2^31) so that every (cell, replicate) pair gets its own stream. "
                            + "Provided value: %d", name, value));
        }
    }
}
