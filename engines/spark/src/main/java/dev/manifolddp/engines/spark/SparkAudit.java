package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.audit.AuditChunks;
import dev.manifolddp.experiments.audit.AuditTasks;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code mdp audit --engine spark}: each audited mechanism's release chunks as one Spark job. The executors rebuild
 * the audit from the same command-line arguments ({@link AuditChunkTask}) and send back each chunk's release
 * coordinates, which the driver puts back by chunk index; the event selection and the bound run on the driver.
 */
final class SparkAudit implements AuditChunks {

    private final JavaSparkContext spark;
    private final List<String> arguments;

    SparkAudit(JavaSparkContext spark, List<String> arguments) {
        this.spark = spark;
        this.arguments = List.copyOf(arguments);
    }

    @Override
    public double[][] compute(AuditTasks tasks, int target, Runnable progressStep) {
        List<Integer> chunks = IntStream.range(0, tasks.chunks()).boxed().toList();
        int slices = Math.max(1, Math.min(chunks.size(), spark.defaultParallelism() * SparkEngine.BLOCKS_PER_CORE));
        List<double[]> computed = SparkFailures.rethrowFirst(() -> spark.parallelize(chunks, slices)
                .map(new AuditChunkTask(arguments, target)).collect());
        computed.forEach(chunk -> progressStep.run());
        return computed.toArray(double[][]::new);
    }

    @Override
    public void close() {
        spark.close();
        AuditChunkTask.forget();
    }
}
