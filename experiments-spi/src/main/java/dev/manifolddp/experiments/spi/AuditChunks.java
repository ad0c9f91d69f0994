package dev.manifolddp.experiments.spi;

/**
 * Where an audit's release chunks are computed: this JVM's fork-join pool (the default), or a distributed engine
 * ({@code mdp audit --engine spark}) whose workers rebuild the same audit from the same command line
 * ({@link ChunkWorker}). Every chunk is a pure function of (setup, mechanism, chunk index), so where it runs does not
 * change the audit.
 */
public interface AuditChunks extends AutoCloseable {

    /**
     * Computes chunks {@code 0..chunks-1} of audited mechanism {@code target} and returns them by chunk index.
     *
     * @param progressStep to run once per chunk done
     */
    double[][] compute(int target, int chunks, Runnable progressStep);

    /** Releases the engine's resources (a Spark context); nothing for the local pool. */
    @Override
    default void close() {
    }
}
