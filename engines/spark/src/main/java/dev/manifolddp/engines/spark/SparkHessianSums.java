package dev.manifolddp.engines.spark;

import dev.manifolddp.geometry.HessianSums;

/**
 * The Newton mean's sums over records on Spark: one job per evaluation, the point and basis sent with the tasks, the
 * blocks' sums added on the driver in block order by a kernel over no records ({@link HessianSums.Blocks#evaluate(
 * double[], double[][], double[][], double[], double[], double[])}): the local kernel's bits.
 */
final class SparkHessianSums implements HessianSums.Batch {

    private final DistributedBlocks blocks;
    private final HessianSums.Blocks combiner;

    SparkHessianSums(DistributedBlocks blocks, HessianSums.Blocks combiner) {
        this.blocks = blocks;
        this.combiner = combiner;
    }

    @Override
    public int size() {
        return blocks.n();
    }

    @Override
    public double evaluate(double[] x, double[][] basis, double[] logSum, double[] coordinates, double[] hessian) {
        double[] point = x.clone();
        double[][] frame = new double[basis.length][];
        for (int k = 0; k < basis.length; k++) {
            frame[k] = basis[k].clone();
        }
        double[][] sums = blocks.sums(false, block -> block.newtonSums(point, frame));
        return combiner.evaluate(x, basis, sums, logSum, coordinates, hessian);
    }

    @Override
    public int farthestIndex() {
        return combiner.farthestIndex();
    }

    @Override
    public double farthestDistance() {
        return combiner.farthestDistance();
    }

    @Override
    public HessianSums.Batch copy() {
        return new SparkHessianSums(blocks, (HessianSums.Blocks) combiner.copy());
    }
}
