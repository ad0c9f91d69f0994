package dev.manifolddp.engines.spark;

import dev.manifolddp.geometry.RecordBlocks;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function;

/**
 * One data set's blocks on Spark, as a kernel sees them: the session that runs the jobs, the cached blocks and the
 * record count n (which fixes the blocks).
 */
record DistributedBlocks(SparkReleaseSums session, JavaRDD<RecordBlock> blocks, int n) {

    /** Every block's sums, {@code sums[b]} of block b ({@link SparkReleaseSums#sums}). */
    double[][] sums(boolean logs, Function<RecordBlock, double[]> block) {
        return session.sums(blocks, RecordBlocks.count(n), logs, block);
    }
}
