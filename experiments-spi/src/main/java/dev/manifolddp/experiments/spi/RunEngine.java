package dev.manifolddp.experiments.engine;

import dev.manifolddp.experiments.audit.AuditChunks;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.spi.AuditJob;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.ReleaseSums;
import dev.manifolddp.geometry.Geometry;

/**
 * Somewhere else to run an experiment's (cell, replicate) tasks than this JVM's worker threads, e.g. a Spark cluster
 * ({@code mdp run CONFIG --engine spark}). Engines are optional jars found through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.manifolddp.experiments.engine.RunEngine}), so the default CLI never names one.
 *
 * <p>The contract is the local {@link dev.manifolddp.experiments.run.Runner}'s: every task is a pure function of
 * (configuration, cell, replicate) with its own seeded streams, so an engine that runs each task once, through
 * {@link dev.manifolddp.experiments.run.Runner#runBlock} on a worker that rebuilt the experiment from the same
 * configuration and plugins ({@link dev.manifolddp.experiments.cli.Experiments#load}), and puts the records back by
 * task index returns the result the local runner would, wall times aside.
 */
public interface RunEngine {

    /** The name {@code --engine} selects, e.g. {@code spark}. */
    String name();

    /**
     * Runs every task of {@code job} and returns the records in the local runner's order; the first failure fails
     * the run with the local runner's message (cell, replicate, stage).
     *
     * @param progress one step per (cell, replicate); the engine closes it
     */
    RunResult run(EngineJob job, Progress progress);

    /**
     * Where {@code mdp audit --engine NAME} computes its release chunks; the caller closes it. An engine that cannot
     * run audits keeps this default, which says so.
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
