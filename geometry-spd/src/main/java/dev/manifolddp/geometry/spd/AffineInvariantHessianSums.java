package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.Arrays;

/**
 * The {@link HessianSums} kernel of affine-invariant SPD(k): the Newton step's sums over records (logarithms, their
 * coordinates, Hessians of {@code rho^2/2}, squared distances, the farthest record) on all cores with the same bits on
 * any number of threads (issue 26 item 2). Each block of {@link RecordBlocks} runs the per-record loop of the Frechet
 * mean ({@link AffineInvariantSpd#addLogAndHessian}, in record order, from zero) into sums of its own, and the block
 * sums are added in block order; the farthest record is the first one at the largest distance, as in one loop. So for
 * n up to {@link RecordBlocks#SIZE} (one block) every output has the bits of the mean's per-record loop, which this
 * kernel replaces, and for larger n the sums are associated by block (as on the sphere).
 *
 * <p>The records are shared with {@link #copy()}; the block sums are this instance's (not thread-safe). A pass
 * allocates nothing per record ({@code addLogAndHessian} uses its thread's workspace; a pass of more than one block
 * allocates its task lambda).
 *
 * <p>Split form ({@link HessianSums.Blocks}): a block's sums are exactly what {@link #block} keeps for it (the sum of
 * logarithms, coordinates, Hessian, squared distances, then the farthest record relative to the block's first and its
 * distance), and the combination is {@link #evaluate}'s own addition in block order, so a kernel over no records adds
 * blocks summed on other machines with this kernel's bits.
 */
final class AffineInvariantHessianSums implements HessianSums.Blocks {

    private final AffineInvariantSpd geometry;
    /** The records, read in place (never modified). */
    private final Records data;
    private final int n;
    private final int length;
    private final int dimension;
    /** Per block: the sum of logarithms (length), their coordinates (d), the Hessian (d x d). */
    private final double[][] logs;
    private final double[][] coordinates;
    private final double[][] hessians;
    private final double[] squared;
    private final int[] farthest;
    private final double[] farthestDistances;
    /** Per block: scratch for one record, its logarithm and its coordinates. */
    private final double[][] recordScratch;
    private final double[][] logScratch;
    private final double[][] coordinateScratch;
    private int farthestIndex;
    private double farthestDistance;

    /**
     * A kernel over {@code data} (points of the geometry, validated by the caller; lengths checked), read in place:
     * records are read only, and their holder keeps them unchanged while the kernel is in use.
     */
    static AffineInvariantHessianSums of(AffineInvariantSpd geometry, Records data) {
        double[] row = data.scratch();
        for (int i = 0, n = data.size(); i < n; i++) {
            GeometryChecks.requireLength(geometry, "data[" + i + "]", data.row(i, row));
        }
        return new AffineInvariantHessianSums(geometry, data);
    }

    private AffineInvariantHessianSums(AffineInvariantSpd geometry, Records records) {
        this.geometry = geometry;
        this.data = records;
        this.n = records.size();
        this.length = geometry.layout().length();
        this.dimension = geometry.dimension();
        int blocks = RecordBlocks.count(n);
        this.logs = new double[blocks][length];
        this.coordinates = new double[blocks][dimension];
        this.hessians = new double[blocks][dimension * dimension];
        this.squared = new double[blocks];
        this.farthest = new int[blocks];
        this.farthestDistances = new double[blocks];
        this.logScratch = new double[blocks][length];
        this.coordinateScratch = new double[blocks][dimension];
        this.recordScratch = new double[blocks][length];
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public double evaluate(double[] x, double[][] basis, double[] logSum, double[] coordinatesOut, double[] hessian) {
        HessianSums.requireArguments(geometry, x, basis, logSum, coordinatesOut, hessian);
        int blocks = RecordBlocks.count(n);
        if (blocks == 1) {
            block(0, x, basis); // no lambda: a one-block pass allocates nothing
        } else {
            RecordBlocks.forEach(blocks, b -> block(b, x, basis));
        }
        System.arraycopy(logs[0], 0, logSum, 0, length);
        System.arraycopy(coordinates[0], 0, coordinatesOut, 0, dimension);
        System.arraycopy(hessians[0], 0, hessian, 0, hessian.length);
        double total = squared[0];
        farthestIndex = farthest[0];
        farthestDistance = farthestDistances[0];
        for (int b = 1; b < blocks; b++) {
            add(logSum, logs[b]);
            add(coordinatesOut, coordinates[b]);
            add(hessian, hessians[b]);
            total += squared[b];
            if (farthestDistances[b] > farthestDistance) {
                farthestDistance = farthestDistances[b];
                farthestIndex = farthest[b];
            }
        }
        return total;
    }

    @Override
    public boolean splits() {
        return true;
    }

    @Override
    public int blockWidth() {
        return length + dimension + dimension * dimension + 3;
    }

    @Override
    public void blockSums(double[] x, double[][] basis, int block, double[] out, int at) {
        HessianSums.requireArguments(geometry, x, basis, logScratch[0], coordinateScratch[0], hessians[0]);
        if (block < 0 || block >= RecordBlocks.count(n)) {
            throw new IllegalArgumentException("block must lie in [0, " + RecordBlocks.count(n)
                    + "). Provided value: " + block);
        }
        if (at < 0 || out.length - at < blockWidth()) {
            throw new IllegalArgumentException("out must hold " + blockWidth() + " entries from at. Provided value: at "
                    + at + " in " + out.length + " entries");
        }
        block(block, x, basis);
        int h = dimension * dimension;
        System.arraycopy(logs[block], 0, out, at, length);
        System.arraycopy(coordinates[block], 0, out, at + length, dimension);
        System.arraycopy(hessians[block], 0, out, at + length + dimension, h);
        int tail = at + length + dimension + h;
        out[tail] = squared[block];
        out[tail + 1] = farthest[block] - RecordBlocks.from(block);
        out[tail + 2] = farthestDistances[block];
    }

    @Override
    public double evaluate(double[] x, double[][] basis, double[][] sums, double[] logSum, double[] coordinatesOut,
            double[] hessian) {
        HessianSums.requireArguments(geometry, x, basis, logSum, coordinatesOut, hessian);
        int width = blockWidth();
        RecordBlocks.requireSums(sums, width);
        int h = dimension * dimension;
        int tail = length + dimension + h;
        // evaluate's addition: block 0 copied, the others added in block order, the first largest distance kept
        System.arraycopy(sums[0], 0, logSum, 0, length);
        System.arraycopy(sums[0], length, coordinatesOut, 0, dimension);
        System.arraycopy(sums[0], length + dimension, hessian, 0, h);
        double total = sums[0][tail];
        farthestIndex = (int) sums[0][tail + 1];
        farthestDistance = sums[0][tail + 2];
        for (int b = 1; b < sums.length; b++) {
            double[] part = sums[b];
            for (int j = 0; j < length; j++) {
                logSum[j] += part[j];
            }
            for (int j = 0; j < dimension; j++) {
                coordinatesOut[j] += part[length + j];
            }
            for (int j = 0; j < h; j++) {
                hessian[j] += part[length + dimension + j];
            }
            total += part[tail];
            if (part[tail + 2] > farthestDistance) {
                farthestDistance = part[tail + 2];
                farthestIndex = RecordBlocks.from(b) + (int) part[tail + 1];
            }
        }
        return total;
    }

    @Override
    public int farthestIndex() {
        return farthestIndex;
    }

    @Override
    public double farthestDistance() {
        return farthestDistance;
    }

    @Override
    public HessianSums.Batch copy() {
        return new AffineInvariantHessianSums(geometry, data);
    }

    /** Block b's sums, record by record in order, exactly as the mean's per-record loop sums them. */
    private void block(int b, double[] x, double[][] basis) {
        double[] log = logs[b];
        double[] coordinate = coordinates[b];
        double[] hessian = hessians[b];
        double[] logOut = logScratch[b];
        double[] coordinateOut = coordinateScratch[b];
        Arrays.fill(log, 0.0);
        Arrays.fill(coordinate, 0.0);
        Arrays.fill(hessian, 0.0);
        double total = 0;
        int far = RecordBlocks.from(b);
        double farDistance = -1;
        double[] record = recordScratch[b];
        for (int i = RecordBlocks.from(b), to = RecordBlocks.to(b, n); i < to; i++) {
            double distance = geometry.addLogAndHessian(x, data.row(i, record), basis, logOut, coordinateOut,
                    hessian);
            total += distance * distance;
            if (distance > farDistance) {
                farDistance = distance;
                far = i;
            }
            add(log, logOut);
            add(coordinate, coordinateOut);
        }
        squared[b] = total;
        farthest[b] = far;
        farthestDistances[b] = farDistance;
    }

    private static void add(double[] sum, double[] term) {
        for (int j = 0; j < sum.length; j++) {
            sum[j] += term[j];
        }
    }
}
