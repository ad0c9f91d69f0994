package dev.manifolddp.engines.spark;

import dev.manifolddp.geometry.LogSums;

/**
 * KNG's sums of logarithms over records on Spark: one job per point, and one per batch of the exact sampler's
 * proposals ({@link #normsOfSumsOfLogs}: the whole batch sent with the tasks, each block summed at every proposal),
 * the blocks' sums added on the driver in block order by a kernel over no records ({@link LogSums.Blocks#sumOfLogs(
 * double[], int, double[][], double[])}): the local kernel's bits.
 */
final class SparkLogSums implements LogSums.Batch {

    private final DistributedBlocks blocks;
    private final LogSums.Blocks combiner;

    SparkLogSums(DistributedBlocks blocks, LogSums.Blocks combiner) {
        this.blocks = blocks;
        this.combiner = combiner;
    }

    @Override
    public int size() {
        return blocks.n();
    }

    @Override
    public void sumOfLogs(double[] x, double[] out) {
        combiner.sumOfLogs(x, 0, sums(new double[][] {x}, 1, false), out);
    }

    @Override
    public double normOfSumOfLogs(double[] x) {
        return combiner.normOfSumOfLogs(x, 0, sums(new double[][] {x}, 1, true));
    }

    @Override
    public void normsOfSumsOfLogs(double[][] xs, int count, double[] out) {
        if (count < 0 || count > xs.length || count > out.length) {
            throw new IllegalArgumentException("count must lie in [0, min(xs.length, out.length)] = [0, "
                    + Math.min(xs.length, out.length) + "]. Provided value: " + count);
        }
        if (count == 0) {
            return;
        }
        double[][] sums = sums(xs, count, true);
        for (int j = 0; j < count; j++) {
            out[j] = combiner.normOfSumOfLogs(xs[j], j, sums);
        }
    }

    /**
     * Every block's sums at the first {@code count} points of xs (copied: the caller may reuse its arrays), for the
     * norms alone when {@code norms} ({@link LogSums.Blocks#normBlockSums}).
     */
    private double[][] sums(double[][] xs, int count, boolean norms) {
        double[][] points = new double[count][];
        for (int j = 0; j < count; j++) {
            points[j] = xs[j].clone();
        }
        return blocks.sums(true, block -> block.logSums(points, norms));
    }

    @Override
    public LogSums.Batch copy() {
        return new SparkLogSums(blocks, (LogSums.Blocks) combiner.copy());
    }
}
