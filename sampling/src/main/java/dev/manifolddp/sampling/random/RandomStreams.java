package dev.manifolddp.sampling.random;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A family of random sources, one per (experiment cell, replicate), so that results do not depend on thread count
 * or scheduling order.
 *
 * <ul>
 *   <li>{@link #seeded(long)}: reproducible, statistically independent L64X128Mix streams derived from one seed
 *       (see {@link SeededStreams} for the construction). For experiments.</li>
 *   <li>{@link #secure()}: draws from {@link java.security.SecureRandom}; not reproducible. For releases made
 *       for a person, where the noise must not be predictable from a published seed.</li>
 * </ul>
 */
public interface RandomStreams {

    /** Reproducible streams derived from {@code seed}. */
    static RandomStreams seeded(long seed) {
        return new SeededStreams(seed);
    }

    /** Cryptographically secure, non-reproducible draws. */
    static RandomStreams secure() {
        return new SecureStreams();
    }

    /**
     * The stream of one (cell, replicate) pair. Seeded streams return a new generator at the same starting state for
     * the same pair on every call; the secure family ignores the pair. A returned provider is not thread-safe unless
     * {@link #describe()} says so: give each thread its own.
     *
     * @param cell      experiment cell index, in [0, 2^31)
     * @param replicate replicate index within the cell, in [0, 2^31)
     */
    UniformRandomProvider stream(long cell, long replicate);

    /** True when the same arguments give the same numbers on every run. */
    boolean reproducible();

    /** A one-line description recorded with results: the generator, the seed or the secure source. */
    String describe();
}
