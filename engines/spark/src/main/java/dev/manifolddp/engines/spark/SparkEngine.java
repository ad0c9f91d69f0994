package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.spi.AuditChunks;
import dev.manifolddp.experiments.spi.AuditJob;
import dev.manifolddp.experiments.spi.BlockJob;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.ReleaseSums;
import dev.manifolddp.experiments.spi.RunEngine;
import dev.manifolddp.geometry.Geometry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * {@code --engine spark}: runs a study's (cell, replicate) tasks as one Spark job. The tasks are cut into contiguous
 * blocks, one Spark task each; an executor runs the job's {@link dev.manifolddp.experiments.spi.BlockWorker} on its
 * block with its copies of the plugin jars shipped with the job ({@link BlockTask}) and sends back the block's encoded
 * records, which the application puts back by task index. The engine compiles against the experiment SPI only. A failed Spark task is retried by Spark
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
    public List<byte[]> run(BlockJob job, Progress progress) {
        int tasks = job.tasks();
        try (progress; JavaSparkContext spark = new JavaSparkContext(SparkContexts.conf(job.master(), job.name()))) {
            List<String> shipped = new ArrayList<>();
            for (Path jar : job.pluginJars()) {
                spark.addFile(jar.toAbsolutePath().toString());
                shipped.add(jar.getFileName().toString());
            }
            int blocks = Math.max(1, Math.min(tasks, spark.defaultParallelism() * BLOCKS_PER_CORE));
            int blockSize = Math.max(1, (tasks + blocks - 1) / blocks);
            BlockSpec spec = new BlockSpec(shipped, tasks, blockSize);
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
            // collect() keeps the order of the ids: the blocks come back in task order
            return SparkFailures.rethrowFirst(() -> spark.parallelize(ids, Math.max(1, ids.size()))
                    .map(new BlockTask(spec, job.worker())).collect());
        } finally {
            job.worker().forget();
        }
    }

    @Override
    public AuditChunks audit(AuditJob job) {
        return new SparkAudit(new JavaSparkContext(SparkContexts.conf(job.master(), "mdp audit")), job.worker());
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
