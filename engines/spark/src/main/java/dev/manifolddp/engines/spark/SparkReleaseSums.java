package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.spi.ReleaseSums;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * {@code mdp release --engine spark}: a release's sums over records as Spark jobs. A data set handed to a kernel is
 * cut into {@link RecordBlocks} and spread over partitions that hold whole blocks (cached on the executors); each
 * evaluation sends the point (or a batch of KNG proposals) with the tasks, each partition returns its blocks' sums
 * keyed by block index (a few doubles per block: one stage, nothing shuffled, where a {@code treeAggregate}'s extra
 * level is a shuffle), and the driver adds them in block order ({@link dev.manifolddp.geometry.HessianSums.Blocks}),
 * so the release has the local one's bytes for any partitioning. No record travels back to the driver.
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
    DistributedBlocks distribute(String spec, Records data) {
        int blocks = RecordBlocks.count(data.size());
        List<RecordBlock> list = new ArrayList<>(blocks);
        for (int b = 0; b < blocks; b++) {
            list.add(RecordBlock.of(spec, data, b));
        }
        int slices = Math.max(1, Math.min(blocks, spark.defaultParallelism() * SparkEngine.BLOCKS_PER_CORE));
        JavaRDD<RecordBlock> rdd = spark.parallelize(list, slices).persist(StorageLevel.MEMORY_ONLY());
        synchronized (cached) {
            cached.add(rdd);
        }
        return new DistributedBlocks(this, rdd, data.size());
    }

    /**
     * Every block's sums, {@code sums[b]} of block b ({@code logs}: sums of logarithms, counted apart), put in place
     * by block index (never added here): the caller adds them in block order.
     */
    double[][] sums(JavaRDD<RecordBlock> rdd, int blocks, boolean logs, Function<RecordBlock, double[]> block) {
        jobs.incrementAndGet();
        if (logs) {
            logJobs.incrementAndGet();
        }
        List<Tuple2<Integer, double[]>> parts = SparkFailures.rethrowFirst(() -> rdd.map(record ->
                new Tuple2<>(record.index(), block.call(record))).collect());
        double[][] sums = new double[blocks][];
        for (Tuple2<Integer, double[]> part : parts) {
            sums[part._1()] = part._2();
        }
        for (int b = 0; b < blocks; b++) {
            if (sums[b] == null) {
                throw new IllegalStateException("the Spark job returned no sums for block " + b + " of " + blocks);
            }
        }
        return sums;
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
