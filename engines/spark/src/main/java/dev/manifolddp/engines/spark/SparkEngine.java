package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.audit.AuditChunks;
import dev.manifolddp.experiments.engine.EngineJob;
import dev.manifolddp.experiments.engine.RunEngine;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.KeptReleases;
import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.run.Runner;
import dev.manifolddp.experiments.run.WarningLog;
import dev.manifolddp.experiments.spi.AuditJob;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.ReleaseSums;
import dev.manifolddp.geometry.Geometry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * {@code --engine spark}: runs an experiment's (cell, replicate) tasks as one Spark job. The tasks are cut into
 * contiguous blocks, one Spark task each; an executor rebuilds the experiment from the same configuration and the
 * plugin jars shipped with the job ({@link BlockTask}) and sends back the block's records; the driver puts them back
 * by task index and the usual output writers write them. The pictures' few releases are recomputed on the driver
 * ({@link Runner#keptReleases}) instead of shipping release values. A failed Spark task is retried by Spark
 * ({@code spark.task.maxFailures}, or {@code local[N,F]}); a deterministic failure fails the run with the first
 * error's own message ({@link SparkFailures}). {@code mdp audit --engine spark} draws the audit's release chunks the
 * same way ({@link SparkAudit}).
 */
public final class SparkEngine implements RunEngine {

    /** Blocks per core of the cluster: enough to balance uneven cells, few enough that a block outlasts its start-up. */
    static final int BLOCKS_PER_CORE = 4;

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public RunResult run(EngineJob job, Progress progress) {
        long start = System.nanoTime();
        Experiment experiment = job.experiment();
        int mechanisms = experiment.mechanisms().size();
        int tasks = Math.multiplyExact(experiment.cells().size(), experiment.replicates());
        PluginJars plugins = job.plugins();
        List<BlockResult> results;
        try (progress; JavaSparkContext spark = new JavaSparkContext(SparkContexts.conf(job.master(),
                "mdp run " + experiment.config().name()))) {
            List<String> shipped = new ArrayList<>();
            for (Path jar : plugins.jars()) {
                spark.addFile(jar.toAbsolutePath().toString());
                shipped.add(jar.getFileName().toString());
            }
            int blocks = Math.max(1, Math.min(tasks, spark.defaultParallelism() * BLOCKS_PER_CORE));
            int blockSize = (tasks + blocks - 1) / blocks;
            BlockSpec spec = new BlockSpec(job.config().toAbsolutePath().normalize().toString(), shipped,
                    job.options().scale(), tasks, mechanisms, blockSize);
            spark.sc().addSparkListener(new SparkListener() {
                @Override
                public void onTaskEnd(SparkListenerTaskEnd end) {
                    if (end.taskInfo() != null && end.taskInfo().successful()) {
                        int block = end.taskInfo().index();
                        progress.stepBy(spec.end(block) - spec.first(block));
                    }
                }
            });
            List<Integer> ids = IntStream.range(0, spec.blocks()).boxed().toList();
            results = SparkFailures.rethrowFirst(() -> spark.parallelize(ids, ids.size())
                    .map(new BlockTask(spec)).collect());
            ReplicateRecord[] records = new ReplicateRecord[tasks * mechanisms];
            WarningLog warnings = WarningLog.of(experiment);
            for (BlockResult result : results) {
                ReplicateRecord[] block = RecordCodec.decode(result.records());
                System.arraycopy(block, 0, records, spec.first(result.block()) * mechanisms, block.length);
                result.warnings().forEach(warnings::merge);
            }
            KeptReleases kept = new Runner(experiment, plugins.loader()).keptReleases();
            return new RunResult(experiment, Arrays.asList(records), warnings.entries(),
                    (System.nanoTime() - start) / 1e9, kept);
        } finally {
            BlockTask.forget();
        }
    }

    @Override
    public AuditChunks audit(AuditJob job) {
        return new SparkAudit(new JavaSparkContext(SparkContexts.conf(job.master(), "mdp audit")), job.arguments());
    }

    /**
     * {@code mdp release --engine spark}: the release's sums over records as Spark jobs over the records' blocks,
     * with the local release's bytes ({@link SparkReleaseSums}).
     */
    @Override
    public ReleaseSums release(Geometry geometry, String master) {
        return new SparkReleaseSums(new JavaSparkContext(SparkContexts.conf(master, "mdp release")), geometry);
    }
}
