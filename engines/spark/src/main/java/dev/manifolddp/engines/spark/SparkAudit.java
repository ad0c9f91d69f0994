package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.spi.AuditChunks;
import dev.manifolddp.experiments.spi.ChunkWorker;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code mdp audit --engine spark}: each target's release chunks as one Spark job, one Spark task per chunk slice;
 * executors compute the chunks through the audit's {@link ChunkWorker}, which rebuilds the audit from the same
 * command-line arguments, and send back each chunk's release coordinates in chunk order; the event selection and the
 * bound run on the driver.
 */
final class SparkAudit implements AuditChunks {

    private final JavaSparkContext spark;
    private final ChunkWorker worker;

    SparkAudit(JavaSparkContext spark, ChunkWorker worker) {
        this.spark = spark;
        this.worker = worker;
    }

    @Override
    public double[][] compute(int target, int chunks, Runnable progressStep) {
        List<Integer> ids = IntStream.range(0, chunks).boxed().toList();
        int slices = Math.max(1, Math.min(ids.size(), spark.defaultParallelism() * SparkEngine.BLOCKS_PER_CORE));
        ChunkWorker chunkWorker = worker;
        List<double[]> computed = SparkFailures.rethrowFirst(() -> spark.parallelize(ids, slices)
                .map(chunk -> chunkWorker.chunk(target, chunk)).collect());
        computed.forEach(chunk -> progressStep.run());
        return computed.toArray(double[][]::new);
    }

    @Override
    public void close() {
        spark.close();
        worker.forget();
    }
}
