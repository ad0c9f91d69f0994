package dev.manifolddp.experiments.audit;

/**
 * Where an audit's release chunks are computed: this JVM's fork-join pool (the default), or a distributed engine
 * ({@code mdp audit --engine spark}) whose workers rebuild the same {@link AuditTasks} from the same command line.
 * Every chunk is a pure function of (setup, mechanism, chunk index), so where it runs does not change the audit.
 */
public interface AuditChunks extends AutoCloseable {

    /**
     * Computes {@link AuditTasks#chunk(int, int) chunk} {@code 0..tasks.chunks()-1} of target {@code target} and
     * returns them by chunk index.
     *
     * @param progressStep to run once per chunk done
     */
    double[][] compute(AuditTasks tasks, int target, Runnable progressStep);

    /** Releases the engine's resources (a Spark context); nothing for the local pool. */
    @Override
    default void close() {
    }
}
