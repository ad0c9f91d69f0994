package dev.manifolddp.geometry.sphere;

import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.util.Arrays;

/**
 * The sphere's {@link HessianSums} kernel: the sums of one Newton step of the Frechet mean without a trigonometric call
 * while the data lie within angle {@code pi/3} of x, in the coordinates of the given basis from the start, so that no
 * per-record projection onto the basis is left at the end.
 *
 * <p>Per record, with {@code d_i = x_i - x}, {@code t_i = |d_i|^2 / (2 |x|^2) = 1 - cos(alpha_i)} and the tangent part
 * {@code w_i} of {@code d_i} (as {@link SphereGeometry#addLogAndHessian} forms them), {@code f_i = alpha_i /
 * sin(alpha_i)} comes from the polynomial {@link ThetaOverSine}, {@code log(x, x_i) = f_i w_i}, {@code rho_i = f_i
 * |w_i|} and {@code c_i = alpha_i cot(alpha_i) = f_i (1 - t_i)}; the Hessian of {@code (1/2) rho(., x_i)^2} is
 * {@code c_i I + (1 - c_i) u_i u_i^T} with {@code u_i = w_i / |w_i|}. The basis E of {@code T_x} is orthogonal to x,
 * so the coordinates {@code b_i = E^T w_i} equal {@code E^T d_i}: no projection of {@code d_i} is needed, and
 * {@code |w_i|^2 = |b_i|^2}. The sums are then {@code sum_i f_i b_i} (the logarithms' coordinates; the ambient sum is
 * E times them), {@code sum_i rho_i^2 = sum_i f_i^2 |b_i|^2} and {@code (sum_i c_i) I + sum_i a_i b_i b_i^T} with
 * {@code a_i = (1 - c_i)/|b_i|^2}. A record at x has {@code b_i = 0} and {@code c_i = 1}: the identity, as in the
 * per-record form. A record off the sphere along x (within the callers' point tolerance) gets a logarithm and
 * distance of the size of its rounding, as in {@link SphereLogSums}, where the per-record form refuses it.
 *
 * <p>As in {@link SphereLogSums}, the data are kept as one array per ambient coordinate ({@link SphereColumns}) and
 * the per-record work is split into loops without branches or sums, which the JIT vectorises (on S^2: {@code t_i}
 * and {@code b_i}; then {@code f_i}, {@code c_i}, {@code a_i}, {@code rho_i^2}), followed by one loop of independent
 * running sums. Loops
 * that mixed the polynomial with the rest of the per-record work measured 2 to 3x slower in a probe. A data set
 * with a record beyond the polynomial's range (or a non-finite value) takes the per-record form,
 * {@link SphereGeometry#addLogAndHessian}, with its {@code atan2} and its cut-locus refusal.
 */
final class SphereHessianSums implements HessianSums.Blocks {

    private final SphereGeometry geometry;
    /** The records as columns, or gathered block by block (shared between copies, never modified). */
    private final SphereColumns data;
    /** {@code data.columns()}: {@code columns[j][i]} is coordinate j of record i; null when gathered. */
    private final double[][] columns;
    private final int n;
    private final int length;
    private final int dimension;
    /** Other dimensions, per record: {@code t_i}, then the polynomial's value {@code f_i} (empty on S^2). */
    private final double[] work;
    /**
     * S^2: each thread's per-record arrays for the block it is summing. A block's passes and its sums run on one
     * thread, so the arrays need only a block's length, not n: at 10^7 records six arrays of n doubles were 480 MB,
     * the largest item of a release's memory (docs/scale.md, "Where the memory goes").
     */
    private final ThreadLocal<BlockArrays> blockArrays;
    /** One record's coordinates {@code b} (general dimension) or the record itself (per-record path). */
    private final double[] record;
    private final double[] logScratch;
    private final double[] coordinateScratch;
    /** S^2, per block of records ({@link RecordBlocks}): its sums, {@link #SUMS} entries from {@code b * SUMS}. */
    private final double[] partial;
    /** S^2, per block: whether all its records lie in the polynomial's range. */
    private final boolean[] blockInRange;
    /** S^2: the blocks' sums added in block order (scratch: an evaluation allocates nothing). */
    private final double[] totals = new double[SUMS];
    private int farthestIndex;
    private double farthestDistance;

    /** The sums of one block on S^2: g0, g1, h00, h01, h11, cot, sum of rho^2, largest rho^2, its record. */
    private static final int SUMS = 9;

    /** A kernel over a copy of {@code data} (validated points of {@code geometry}). */
    static SphereHessianSums over(SphereGeometry geometry, Records data) {
        return new SphereHessianSums(geometry, SphereColumns.over(geometry, data));
    }

    private SphereHessianSums(SphereGeometry geometry, SphereColumns data) {
        this.geometry = geometry;
        this.data = data;
        this.columns = data.columns();
        this.length = data.length();
        this.n = data.size();
        this.dimension = geometry.dimension();
        this.work = new double[length == 3 ? 0 : n];
        int perBlock = Math.min(n, RecordBlocks.SIZE);
        boolean gathered = !data.stored();
        this.blockArrays = ThreadLocal.withInitial(() -> new BlockArrays(perBlock, gathered));
        this.partial = new double[length == 3 ? RecordBlocks.count(n) * SUMS : 0];
        this.blockInRange = new boolean[RecordBlocks.count(n)];
        this.record = new double[Math.max(length, dimension)];
        this.logScratch = new double[length];
        this.coordinateScratch = new double[dimension];
    }

    @Override
    public int size() {
        return n;
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
        return new SphereHessianSums(geometry, data);
    }

    @Override
    public double evaluate(double[] x, double[][] basis, double[] logSum, double[] coordinates, double[] hessian) {
        HessianSums.requireArguments(geometry, x, basis, logSum, coordinates, hessian);
        double xx = SphereColumns.squaredNorm(x, "the Hessian sums need");
        double half = 0.5 / xx;
        if (length == 3 ? !blocksS2(x, half, basis) : !distances(x, half)) {
            return perRecord(x, basis, logSum, coordinates, hessian);
        }
        double sum = length == 3 ? sumsS2(coordinates, hessian) : sums(x, basis, coordinates, hessian);
        logSumFromCoordinates(basis, logSum, coordinates);
        return sum;
    }

    /** The ambient sum of logarithms, E times its coordinates. */
    private void logSumFromCoordinates(double[][] basis, double[] logSum, double[] coordinates) {
        Arrays.fill(logSum, 0.0);
        for (int k = 0; k < dimension; k++) {
            double[] e = basis[k];
            double coordinate = coordinates[k];
            for (int j = 0; j < length; j++) {
                logSum[j] += coordinate * e[j];
            }
        }
    }

    /**
     * S^2: every block's passes and sums ({@link #blockS2}), on all cores for more than one block; false when a
     * {@code t_i} lies beyond the polynomial's range or is NaN (the sums of the blocks in range are then not used).
     */
    private boolean blocksS2(double[] x, double half, double[][] basis) {
        int blocks = RecordBlocks.count(n);
        // one block (n <= RecordBlocks.SIZE) runs here without a task or a lambda: nothing is allocated
        if (blocks == 1) {
            blockS2(x, half, basis, 0);
        } else {
            RecordBlocks.forEach(blocks, b -> blockS2(x, half, basis, b));
        }
        for (int b = 0; b < blocks; b++) {
            if (!blockInRange[b]) {
                return false;
            }
        }
        return true;
    }

    /**
     * S^2, block b on this thread's {@link BlockArrays}: every {@code t_i}, {@code b_i}, and then {@code f_i},
     * {@code a_i}, {@code c_i}, {@code rho_i^2}, in loops without branches; its range flag; and, when all its records
     * are in range, its sums into {@link #partial} ({@link #SUMS} entries from {@code b * SUMS}).
     */
    private void blockS2(double[] x, double half, double[][] basis, int b) {
        int from = RecordBlocks.from(b);
        int m = RecordBlocks.to(b, n) - from;
        BlockArrays arrays = blockArrays.get();
        double[] work = arrays.work;
        double[] first = arrays.first;
        double[] second = arrays.second;
        double[] weights = arrays.weights;
        double[] cotFactors = arrays.cotFactors;
        double[] squares = arrays.squares;
        // the block's coordinates: the stored columns from record `from`, or this block gathered from index 0
        double[][] block = columns;
        int offset = from;
        if (block == null) {
            block = arrays.columns;
            data.gather(from, from + m, block[0], block[1], block[2], arrays.row);
            offset = 0;
        }
        double[] c0 = block[0];
        double[] c1 = block[1];
        double[] c2 = block[2];
        double x0 = x[0];
        double x1 = x[1];
        double x2 = x[2];
        double e00 = basis[0][0];
        double e01 = basis[0][1];
        double e02 = basis[0][2];
        double e10 = basis[1][0];
        double e11 = basis[1][1];
        double e12 = basis[1][2];
        for (int k = 0; k < m; k++) {
            double d0 = c0[offset + k] - x0;
            double d1 = c1[offset + k] - x1;
            double d2 = c2[offset + k] - x2;
            work[k] = (d0 * d0 + d1 * d1 + d2 * d2) * half;
            first[k] = e00 * d0 + e01 * d1 + e02 * d2;
            second[k] = e10 * d0 + e11 * d1 + e12 * d2;
        }
        blockInRange[b] = SphereColumns.inRange(work, 0, m);
        if (!blockInRange[b]) {
            return;
        }
        for (int k = 0; k < m; k++) {
            cotFactors[k] = 1 - work[k];
        }
        for (int k = 0; k < m; k++) {
            work[k] = ThetaOverSine.at(work[k]);
        }
        for (int k = 0; k < m; k++) {
            double f = work[k];
            double b0 = first[k];
            double b1 = second[k];
            double bb = b0 * b0 + b1 * b1;
            double c = f * cotFactors[k];
            cotFactors[k] = c;
            // b = 0 only at x itself, where c = 1: the term vanishes instead of dividing zero by zero
            weights[k] = (1 - c) / Math.max(bb, Double.MIN_NORMAL);
            squares[k] = f * f * bb;
        }
        // the block's sums into partial: seven independent running sums, so the loop is bound by throughput, not by the
        // latency of one chain of additions
        double g0 = 0;
        double g1 = 0;
        double h00 = 0;
        double h01 = 0;
        double h11 = 0;
        double cot = 0;
        double sum = 0;
        double largest = -1;
        int index = 0;
        for (int k = 0; k < m; k++) {
            double f = work[k];
            double b0 = first[k];
            double b1 = second[k];
            double a = weights[k];
            double rho2 = squares[k];
            g0 += f * b0;
            g1 += f * b1;
            double a0 = a * b0;
            h00 += a0 * b0;
            h01 += a0 * b1;
            h11 += a * b1 * b1;
            cot += cotFactors[k];
            sum += rho2;
            if (rho2 > largest) {
                largest = rho2;
                index = k;
            }
        }
        int at = b * SUMS;
        partial[at] = g0;
        partial[at + 1] = g1;
        partial[at + 2] = h00;
        partial[at + 3] = h01;
        partial[at + 4] = h11;
        partial[at + 5] = cot;
        partial[at + 6] = sum;
        partial[at + 7] = largest;
        // relative to the block (so that a kernel over the block's records alone gives the same sums); below 2^31,
        // exact as a double
        partial[at + 8] = index;
    }

    /**
     * S^2, from the blocks' sums in {@link #partial}: the coordinates {@code sum_i f_i b_i}, the Hessian and the
     * farthest record; returns {@code sum_i rho_i^2}. The blocks' sums are added in block order, so the result has the
     * same bits on any number of threads; the farthest record is the first of the largest distance, as one loop finds
     * it.
     */
    private double sumsS2(double[] coordinates, double[] hessian) {
        int blocks = RecordBlocks.count(n);
        System.arraycopy(partial, 0, totals, 0, SUMS);
        for (int b = 1; b < blocks; b++) {
            add(partial, b * SUMS, b);
        }
        return finish(coordinates, hessian);
    }

    /** Adds block b's sums, from {@code part[at]}, to {@link #totals}; its farthest record's index made global. */
    private void add(double[] part, int at, int b) {
        double[] total = totals;
        for (int k = 0; k < 7; k++) {
            total[k] += part[at + k];
        }
        if (part[at + 7] > total[7]) {
            total[7] = part[at + 7];
            total[8] = part[at + 8] + RecordBlocks.from(b);
        }
    }

    /** The outputs of {@link #evaluate} from {@link #totals} (the blocks' sums added in block order). */
    private double finish(double[] coordinates, double[] hessian) {
        double[] total = totals;
        coordinates[0] = total[0];
        coordinates[1] = total[1];
        hessian[0] = total[5] + total[2];
        hessian[1] = total[3];
        hessian[2] = total[3];
        hessian[3] = total[5] + total[4];
        farthestIndex = (int) total[8];
        farthestDistance = Math.sqrt(total[7]);
        return total[6];
    }

    /** S^2: one thread's per-record arrays for one block of records at a time. */
    private static final class BlockArrays {
        /** {@code t_i}, then the polynomial's value {@code f_i}. */
        final double[] work;
        /** The basis coordinates {@code b_i}, then {@code a_i}, {@code c_i}, {@code rho_i^2}. */
        final double[] first;
        final double[] second;
        final double[] weights;
        final double[] cotFactors;
        final double[] squares;
        /** The block's records as columns when they are gathered ({@link SphereColumns#gather}), else null. */
        final double[][] columns;
        final double[] row = new double[3];

        BlockArrays(int size, boolean gathered) {
            work = new double[size];
            first = new double[size];
            second = new double[size];
            weights = new double[size];
            cotFactors = new double[size];
            squares = new double[size];
            columns = gathered ? new double[3][size] : null;
        }
    }

    /** S^2 only: the other dimensions sum record by record, not by block. */
    @Override
    public boolean splits() {
        return length == 3;
    }

    /** The sums of one block on S^2 ({@link #SUMS}), then 1 when all its records are in range, else 0. */
    @Override
    public int blockWidth() {
        return SUMS + 1;
    }

    @Override
    public void blockSums(double[] x, double[][] basis, int block, double[] out, int at) {
        requireSplits();
        GeometryChecks.requireLength(geometry, "x", x);
        GeometryChecks.requireBasisOutput(geometry, dimension, basis);
        if (at < 0 || out.length - at < SUMS + 1) {
            throw new IllegalArgumentException("out must hold " + (SUMS + 1) + " entries from at. Provided value: at "
                    + at + " in " + out.length + " entries");
        }
        if (block < 0 || block >= RecordBlocks.count(n)) {
            throw new IllegalArgumentException("block must lie in [0, " + RecordBlocks.count(n) + "). Provided "
                    + "value: " + block);
        }
        double xx = SphereColumns.squaredNorm(x, "the Hessian sums need");
        blockS2(x, 0.5 / xx, basis, block);
        boolean inRange = blockInRange[block];
        if (inRange) {
            System.arraycopy(partial, block * SUMS, out, at, SUMS);
        } else {
            Arrays.fill(out, at, at + SUMS, 0.0);
        }
        out[at + SUMS] = inRange ? 1 : 0;
    }

    @Override
    public double evaluate(double[] x, double[][] basis, double[][] sums, double[] logSum, double[] coordinates,
                           double[] hessian) {
        requireSplits();
        HessianSums.requireArguments(geometry, x, basis, logSum, coordinates, hessian);
        int blocks = RecordBlocks.requireSums(sums, SUMS + 1);
        for (int b = 0; b < blocks; b++) {
            if (sums[b][SUMS] != 1) {
                throw SplitSums.beyondRange("the Newton sums", b);
            }
        }
        SphereColumns.squaredNorm(x, "the Hessian sums need");
        System.arraycopy(sums[0], 0, totals, 0, SUMS);
        for (int b = 1; b < blocks; b++) {
            add(sums[b], 0, b);
        }
        double sum = finish(coordinates, hessian);
        logSumFromCoordinates(basis, logSum, coordinates);
        return sum;
    }

    private void requireSplits() {
        if (!splits()) {
            throw new IllegalArgumentException("the Hessian sums split into blocks on S^2 only; this kernel is on "
                    + geometry.spec() + ". Provided value: " + geometry.spec());
        }
    }

    /** Any dimension: every {@code t_i} into {@link #work}; false when one lies beyond the polynomial's range. */
    private boolean distances(double[] x, double half) {
        data.halfSquaredChords(x, half, work);
        return SphereColumns.inRange(work, n);
    }

    /**
     * Any dimension, record by record with the coordinates {@code b_i} in {@link #record}: the coordinates, the
     * Hessian (upper triangle, then mirrored) and the farthest record; returns {@code sum_i rho_i^2}.
     */
    private double sums(double[] x, double[][] basis, double[] coordinates, double[] hessian) {
        Arrays.fill(coordinates, 0.0);
        Arrays.fill(hessian, 0.0);
        double cot = 0;
        double sum = 0;
        double largest = -1;
        int index = 0;
        for (int i = 0; i < n; i++) {
            double t = work[i];
            double f = ThetaOverSine.at(t);
            double bb = 0;
            for (int k = 0; k < dimension; k++) {
                double[] e = basis[k];
                double b = 0;
                for (int j = 0; j < length; j++) {
                    b += e[j] * (columns[j][i] - x[j]);
                }
                record[k] = b;
                bb += b * b;
            }
            double c = f * (1 - t);
            double a = (1 - c) / Math.max(bb, Double.MIN_NORMAL);
            for (int k = 0; k < dimension; k++) {
                double b = record[k];
                coordinates[k] += f * b;
                double ab = a * b;
                int row = k * dimension;
                for (int l = k; l < dimension; l++) {
                    hessian[row + l] += ab * record[l];
                }
            }
            double rho2 = f * f * bb;
            cot += c;
            sum += rho2;
            if (rho2 > largest) {
                largest = rho2;
                index = i;
            }
        }
        for (int k = 0; k < dimension; k++) {
            hessian[k * dimension + k] += cot;
            for (int l = 0; l < k; l++) {
                hessian[k * dimension + l] = hessian[l * dimension + k];
            }
        }
        farthestIndex = index;
        farthestDistance = Math.sqrt(largest);
        return sum;
    }

    /**
     * The generic loop of {@link SphereGeometry#addLogAndHessian} over the records (some lie beyond the polynomial's
     * range): exact at every angle, and it refuses the cut locus.
     */
    private double perRecord(double[] x, double[][] basis, double[] logSum, double[] coordinates, double[] hessian) {
        Arrays.fill(logSum, 0.0);
        Arrays.fill(coordinates, 0.0);
        Arrays.fill(hessian, 0.0);
        double squares = 0;
        double largest = -1;
        int index = 0;
        for (int i = 0; i < n; i++) {
            data.record(i, record);
            double rho = geometry.addLogAndHessian(x, record, basis, logScratch, coordinateScratch, hessian);
            for (int j = 0; j < length; j++) {
                logSum[j] += logScratch[j];
            }
            for (int k = 0; k < dimension; k++) {
                coordinates[k] += coordinateScratch[k];
            }
            squares += rho * rho;
            if (rho > largest) {
                largest = rho;
                index = i;
            }
        }
        farthestIndex = index;
        farthestDistance = largest;
        return squares;
    }
}
