package dev.manifolddp.experiments.spi;

import dev.manifolddp.geometry.Geometry;
import java.util.List;

/**
 * Somewhere else than this JVM's threads to run a study's (cell, replicate) tasks ({@code mdp run CONFIG --engine
 * spark}), an audit's release chunks ({@code mdp audit --engine spark}) or the sums over records of one release
 * ({@code mdp release --engine spark}). Engines are optional jars found through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.manifolddp.experiments.spi.RunEngine}, {@link Engines}), so the default CLI never
 * names one, and an engine compiles against this SPI only.
 *
 * <p>The contract: the application hands the engine serializable workers ({@link BlockWorker}, {@link ChunkWorker})
 * that rebuild the work from public inputs (a configuration file, the command's arguments) wherever they run, and
 * every task or chunk is a pure function of those inputs and its index with its own seeded streams. An engine that runs
 * each block or chunk once and hands the results back in index order therefore gives the local result, wall times
 * aside.
 */
public interface RunEngine {

    /** The name {@code --engine} selects, e.g. {@code spark}. */
    String name();

    /**
     * Runs tasks {@code [0, job.tasks())} of {@code job} in contiguous blocks, each through
     * {@link BlockWorker#run} on a worker, and returns the blocks' results in task order (the first block's first).
     * The first failure fails the run with the worker's own exception where the engine can recover it.
     *
     * @param progress one step per task; the engine closes it
     */
    List<byte[]> run(BlockJob job, Progress progress);

    /**
     * Where an audit's release chunks are computed ({@link AuditJob}); the caller closes it. An engine that cannot run
     * audits keeps this default, which says so.
     */
    default AuditChunks audit(AuditJob job) {
        throw new IllegalArgumentException("--engine " + name() + " runs experiments only, not audits; audit without "
                + "--engine. Provided value: " + name());
    }

    /**
     * Where {@code mdp release --engine NAME} computes the sums over records of one release on {@code geometry}
     * ({@code master}: the engine's cluster, or null for its default); the caller closes it. An engine that cannot
     * keeps this default, which says so.
     */
    default ReleaseSums release(Geometry geometry, String master) {
        throw new IllegalArgumentException("--engine " + name() + " runs experiments and audits, not the sums of one "
                + "release; release without --engine. Provided value: " + name());
    }
}
