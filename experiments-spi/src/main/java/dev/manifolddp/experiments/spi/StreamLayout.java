package dev.manifolddp.experiments.spi;

import dev.manifolddp.sampling.random.RandomStreams;
import dev.manifolddp.sampling.random.SeededStreams;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Which seed-derived stream each random draw uses, so that a run's output does not depend on the thread count or the
 * order tasks finish in. With M mechanisms, replicate r of cell c draws its data from stream
 * {@code (c (M + 1), r)} (shared by every mechanism of that replicate) and mechanism m draws its noise from
 * {@code (c (M + 1) + 1 + m, r)}.
 */
public final class StreamLayout {

    private final RandomStreams streams;
    private final int mechanisms;

    public StreamLayout(long seed, int mechanisms) {
        this.streams = RandomStreams.seeded(seed);
        this.mechanisms = mechanisms;
    }

    /** Whether {@code cells} cells fit the stream index range [0, 2^31). */
    public static boolean fits(long cells, int mechanisms) {
        return cells * (mechanisms + 1L) <= SeededStreams.INDEX_BOUND;
    }

    public UniformRandomProvider data(int cell, int replicate) {
        return streams.stream((long) cell * (mechanisms + 1), replicate);
    }

    public UniformRandomProvider mechanism(int cell, int mechanism, int replicate) {
        return streams.stream((long) cell * (mechanisms + 1) + 1 + mechanism, replicate);
    }

    /** The generator and the stream formula, for run.json. */
    public String describe() {
        return streams.describe() + "; replicate r of cell c: data from stream (c*(M+1), r), mechanism m (0-based, "
                + "configuration order) from stream (c*(M+1)+1+m, r), M = " + mechanisms;
    }
}
