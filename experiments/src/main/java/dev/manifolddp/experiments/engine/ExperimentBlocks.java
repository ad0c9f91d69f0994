package dev.manifolddp.experiments.engine;

import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.run.Runner;
import dev.manifolddp.experiments.run.WarningLog;
import dev.manifolddp.experiments.spi.BlockWorker;
import dev.manifolddp.experiments.study.ExperimentLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * The block worker of a mechanism comparison: on whatever JVM an engine runs it, it builds the experiment from the same
 * configuration file and the job's plugin jars (once per JVM and job), checks that it has the driver's task and
 * mechanism counts, and runs the block through the local runner's own task code ({@link Runner#runBlock}); nothing
 * about a task depends on where it runs.
 *
 * @param config     the configuration file's absolute path, which every worker must read the same
 * @param scale      the run's {@code --scale}
 * @param tasks      the driver's (cell, replicate) task count
 * @param mechanisms the driver's mechanism count
 */
public record ExperimentBlocks(String config, double scale, long tasks, int mechanisms) implements BlockWorker {

    private static final long serialVersionUID = 1L;

    /** The experiment of the last job this JVM ran, with the worker and plugin jars it was built for. */
    private static Built cache;

    private record Built(ExperimentBlocks worker, List<Path> jars, Experiment experiment, ClassLoader loader) {
    }

    @Override
    public byte[] run(int first, int end, List<Path> pluginJars) {
        Built built = built(this, pluginJars);
        Experiment experiment = built.experiment();
        WarningLog warnings = WarningLog.of(experiment);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(built.loader());
        ReplicateRecord[] records;
        try {
            records = new Runner(experiment, built.loader()).runBlock(first, end, warnings);
        } finally {
            thread.setContextClassLoader(previous);
        }
        return RecordCodec.encode(new RecordCodec.Block(first, records, warnings.occurrences()));
    }

    @Override
    public void forget() {
        synchronized (ExperimentBlocks.class) {
            cache = null;
        }
    }

    private static synchronized Built built(ExperimentBlocks worker, List<Path> pluginJars) {
        if (cache == null || !cache.worker().equals(worker) || !cache.jars().equals(pluginJars)) {
            PluginJars jars = pluginJars.isEmpty() ? PluginJars.none() : PluginJars.of(pluginJars);
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(jars.loader());
            try {
                Experiment experiment = ExperimentLoader.comparison(Path.of(worker.config()), jars,
                        new RunOptions(worker.scale(), 1, null, false));
                long tasks = (long) experiment.cells().size() * experiment.replicates();
                if (tasks != worker.tasks() || experiment.mechanisms().size() != worker.mechanisms()) {
                    throw new IllegalStateException(String.format("%s: the worker built %d tasks x %d mechanisms "
                            + "where the driver built %d x %d; the file, its data or the plugins differ on this "
                            + "worker (put them on a filesystem every node reads the same)", worker.config(), tasks,
                            experiment.mechanisms().size(), worker.tasks(), worker.mechanisms()));
                }
                cache = new Built(worker, List.copyOf(pluginJars), experiment, jars.loader());
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
        }
        return cache;
    }
}
