package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.cli.Experiments;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.run.Runner;
import dev.manifolddp.experiments.run.WarningLog;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.function.Function;

/**
 * The Spark task: runs one block of (cell, replicate) tasks on an executor. The executor builds the experiment from
 * the same configuration file and the plugin jars shipped with the job, once per executor JVM and job, then runs the
 * block through the local runner's own task code ({@link Runner#runBlock}); nothing about a task depends on where it
 * runs.
 */
final class BlockTask implements Function<Integer, BlockResult> {

    private static final long serialVersionUID = 1L;

    /** The experiment of the last job this executor JVM ran, with the spec it was built for. */
    private static Built cache;

    private record Built(BlockSpec spec, Experiment experiment, ClassLoader loader) {
    }

    private final BlockSpec spec;

    BlockTask(BlockSpec spec) {
        this.spec = spec;
    }

    @Override
    public BlockResult call(Integer block) {
        Built built = built(spec);
        Experiment experiment = built.experiment();
        WarningLog warnings = WarningLog.of(experiment);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(built.loader());
        ReplicateRecord[] records;
        try {
            records = new Runner(experiment, built.loader()).runBlock(spec.first(block), spec.end(block), warnings);
        } finally {
            thread.setContextClassLoader(previous);
        }
        return new BlockResult(block, RecordCodec.encode(records), warnings.occurrences());
    }

    /** Drops the cached experiment: in local mode the executors live in the driver's JVM, which outlives the job. */
    static synchronized void forget() {
        cache = null;
    }

    private static synchronized Built built(BlockSpec spec) {
        if (cache == null || !cache.spec().equals(spec)) {
            PluginJars jars = plugins(spec.pluginJars());
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(jars.loader());
            try {
                Experiment experiment = Experiments.load(Path.of(spec.config()), jars,
                        new RunOptions(spec.scale(), 1, null, false));
                long tasks = (long) experiment.cells().size() * experiment.replicates();
                if (tasks != spec.tasks() || experiment.mechanisms().size() != spec.mechanisms()) {
                    throw new IllegalStateException(String.format("%s: the executor built %d tasks x %d mechanisms "
                            + "where the driver built %d x %d; the file, its data or the plugins differ on this "
                            + "executor (put them on a filesystem every node reads the same)", spec.config(), tasks,
                            experiment.mechanisms().size(), spec.tasks(), spec.mechanisms()));
                }
                cache = new Built(spec, experiment, jars.loader());
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
        }
        return cache;
    }

    /** The shipped plugin jars, as {@code --plugins} would load them (sorted by name, parent-first). */
    private static PluginJars plugins(List<String> names) {
        if (names.isEmpty()) {
            return PluginJars.none();
        }
        return PluginJars.of(names.stream().map(name -> Path.of(SparkFiles.get(name))).toList());
    }
}
