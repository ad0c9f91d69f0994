package dev.manifolddp.experiments.engine;

import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.KeptReleases;
import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.run.Runner;
import dev.manifolddp.experiments.run.WarningLog;
import dev.manifolddp.experiments.spi.BlockJob;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.RunEngine;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A mechanism comparison run by a distributed engine ({@code mdp run CONFIG --engine NAME}), seen from the driver:
 * hands the engine an {@link ExperimentBlocks} worker, puts the blocks' records back by task index, merges their
 * warnings, and recomputes the pictures' few releases here ({@link Runner#keptReleases}) instead of shipping release
 * values, so the result is the local runner's, wall time aside.
 */
public final class EngineRuns {

    private EngineRuns() {
    }

    /**
     * Runs {@code experiment}, built from {@code config} with {@code options} over {@code plugins}, on {@code engine}.
     *
     * @param master   the engine's cluster, or null for its default
     * @param progress one step per task; the engine closes it
     */
    public static RunResult run(RunEngine engine, Experiment experiment, Path config, PluginJars plugins,
            RunOptions options, String master, Progress progress) {
        long start = System.nanoTime();
        int mechanisms = experiment.mechanisms().size();
        int tasks = Math.multiplyExact(experiment.cells().size(), experiment.replicates());
        ReplicateRecord[] records = new ReplicateRecord[Math.multiplyExact(tasks, mechanisms)];
        ExperimentBlocks worker = new ExperimentBlocks(config.toAbsolutePath().normalize().toString(),
                options.scale(), tasks, mechanisms);
        List<byte[]> blocks;
        try {
            blocks = engine.run(new BlockJob("mdp run " + experiment.config().name(), tasks, plugins.jars(), master,
                    worker), progress);
        } finally {
            worker.forget();
        }
        WarningLog warnings = WarningLog.of(experiment);
        for (byte[] bytes : blocks) {
            RecordCodec.Block block = RecordCodec.decodeBlock(bytes);
            int at = Math.multiplyExact(block.first(), mechanisms);
            if (block.first() < 0 || at + block.records().length > records.length) {
                throw new IllegalStateException(String.format("engine '%s' returned a block of %d records from task "
                        + "%d, outside the job's %d tasks", engine.name(), block.records().length, block.first(),
                        tasks));
            }
            System.arraycopy(block.records(), 0, records, at, block.records().length);
            block.warnings().forEach(warnings::merge);
        }
        for (int i = 0; i < records.length; i++) {
            if (records[i] == null) {
                throw new IllegalStateException(String.format("engine '%s' returned no record for task %d; every "
                        + "task must be run once", engine.name(), i / Math.max(1, mechanisms)));
            }
        }
        KeptReleases kept = new Runner(experiment, plugins.loader()).keptReleases();
        return new RunResult(experiment, Arrays.asList(records), warnings.entries(), (System.nanoTime() - start) / 1e9,
                kept);
    }
}
