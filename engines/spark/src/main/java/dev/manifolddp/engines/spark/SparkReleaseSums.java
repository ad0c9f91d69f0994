package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.engine.ReleaseSums;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.storage.StorageLevel;

/**
 * {@code mdp release --engine spark}: a release's sums over records as Spark jobs. A data set handed to a kernel is
 * cut into {@link RecordBlocks} and spread over partitions that hold whole blocks (cached on the executors); each
 * evaluation sends the point (or a batch of KNG proposals) to every partition, each partition returns its blocks'
 * sums keyed by block index through a {@code treeAggregate} that keeps them apart, and the driver adds them in
 * block order ({@link dev.manifolddp.geometry.HessianSums.Blocks}), so the release has the local one's bytes for
 * any partitioning. No record travels back to the driver.
 *
 * <p>What still runs on the driver: the command reads, checks and clips the records there (as without Spark) and
 * hands them to {@code parallelize}. A cluster whose records do not fit the driver would read each block on its
 * executor from a shared filesystem instead, with the same blocks and the same sums.
 */
final class SparkReleaseSums implements ReleaseSums {

    private final JavaSparkContext spark;
    private final SparkSumsGeometry geometry;
    private final List<JavaRDD<RecordBlock>> cached = new ArrayList<>();
    private final AtomicLong jobs = new AtomicLong();
    private final AtomicLong logJobs = new AtomicLong();

    SparkReleaseSums(JavaSparkContext spark, Geometry geometry) {
        this.spark = spark;
        this.geometry = new SparkSumsGeometry(geometry, this);
    }

    @Override
    public Geometry geometry() {
        return geometry;
    }

    @Override
    public String summary() {
        return String.format("sums over records on engine spark (%s): %d jobs, of which %d on the sums of "
                + "logarithms", spark.master(), jobs.get(), logJobs.get());
    }

    /** The number of Spark jobs the sums have run (one per Newton evaluation or batch of KNG densities). */
    long jobs() {
        return jobs.get();
    }

    /** Of {@link #jobs()}, those of the sums of logarithms (KNG's densities). */
    long logJobs() {
        return logJobs.get();
    }

    /** {@code data}'s blocks over the partitions, whole blocks per partition, cached where they are computed. */
    JavaRDD<RecordBlock> distribute(String spec, double[][] data) {
        int blocks = RecordBlocks.count(data.length);
        List<RecordBlock> list = new ArrayList<>(blocks);
        for (int b = 0; b < blocks; b++) {
            list.add(RecordBlock.of(spec, data, b));
        }
        int slices = Math.max(1, Math.min(blocks, spark.defaultParallelism() * SparkEngine.BLOCKS_PER_CORE));
        JavaRDD<RecordBlock> rdd = spark.parallelize(list, slices).persist(StorageLevel.MEMORY_ONLY());
        synchronized (cached) {
            cached.add(rdd);
        }
        return rdd;
    }

    /**
     * Every block's sums, {@code sums[b]} of block b ({@code logs}: sums of logarithms, counted apart): each partition fills the slots of its blocks, the slots are
     * merged (never added), and the caller adds them in block order.
     */
    double[][] sums(JavaRDD<RecordBlock> rdd, int blocks, boolean logs, Function<RecordBlock, double[]> block) {
        jobs.incrementAndGet();
        if (logs) {
            logJobs.incrementAndGet();
        }
        double[][] sums = SparkFailures.rethrowFirst(() -> rdd.treeAggregate(new double[blocks][],
                (slots, record) -> {
                    slots[record.index()] = block.call(record);
                    return slots;
                }, SparkReleaseSums::merge));
        for (int b = 0; b < blocks; b++) {
            if (sums[b] == null) {
                throw new IllegalStateException("the Spark job returned no sums for block " + b + " of " + blocks);
            }
        }
        return sums;
    }

    /** The slots of two parts of the partitions: each block is in one of them. */
    private static double[][] merge(double[][] into, double[][] from) {
        for (int b = 0; b < into.length; b++) {
            if (from[b] != null) {
                into[b] = from[b];
            }
        }
        return into;
    }

    @Override
    public void close() {
        synchronized (cached) {
            cached.forEach(JavaRDD::unpersist);
            cached.clear();
        }
        spark.close();
    }
}
