package dev.manifolddp.geometry.sphere;

import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.util.Arrays;

/**
 * The sphere's {@link LogSums} kernel: {@code sum_i log(x, x_i)} without a trigonometric call while the data lie
 * within angle {@code pi/3} of x.
 *
 * <p>With {@code d_i = x_i - x} and {@code t_i = |d_i|^2 / (2 |x|^2) = 1 - cos(theta_i)},
 * {@code log(x, x_i) = (theta_i / sin(theta_i)) P d_i = f(t_i) P d_i}, with f the polynomial {@link ThetaOverSine}
 * and {@code P d = d - (<d, x>/|x|^2) x} the projection onto {@code T_x} that {@link SphereGeometry#log} applies to
 * {@code x_i - x}. P is linear, so the sum is {@code P D} with {@code D = sum_i f(t_i) d_i}: per record one pass over
 * its coordinates (three differences, a squared norm, three multiply-adds on S^2) and one polynomial, and one
 * projection per call. The differences {@code d_i} (rather than the cosines {@code <x, x_i>}) keep the full relative
 * accuracy of small angles, so the sum is as accurate as the generic loop on tight data, where the cosine form
 * {@code sum_i f_i x_i - C x} would cancel in entries of size |x|; and projecting D, rather than adding
 * {@code t_i x}, keeps the result tangent even for records off the sphere by rounding (there {@code t_i} is off by
 * the rounding of {@code |x_i|^2}, which would add a normal component of that size per record). A record beyond the
 * polynomial's range (or any non-finite value) takes the exact form of {@code log},
 * {@code 2 atan2(|x - x_i|, |x + x_i|)}, which also refuses the cut locus.
 *
 * <p>The data are kept as structure of arrays, one array per ambient coordinate ({@link SphereColumns}), and the
 * work is split into passes without branches (all {@code t_i}, all polynomials, then the sums), which the JIT turns
 * into SIMD loops: one fused loop with the range test per record measured 3x slower.
 */
final class SphereLogSums implements LogSums.Blocks {

    private final SphereGeometry geometry;
    /** The records as columns (shared between copies, never modified). */
    private final SphereColumns data;
    /** {@code data.columns()}: {@code columns[j][i]} is coordinate j of record i. */
    private final double[][] columns;
    private final int n;
    /** The records beyond the polynomial's range: the sum of their exact logarithms before the projection. */
    private final double[] exact;
    private final double[] scratch;
    /** Per record: {@code t_i}, then the polynomial's value {@code f(t_i)}. */
    private final double[] work;
    /** Per block of records ({@link RecordBlocks}): its part of D, {@code length} entries from {@code b * length}. */
    private final double[] partial;
    /** Per block: whether all its records lie in the polynomial's range. */
    private final boolean[] blockInRange;

    SphereLogSums(SphereGeometry geometry, Records data) {
        this.geometry = geometry;
        int length = geometry.layout().length();
        this.data = SphereColumns.of(geometry, data);
        this.n = this.data.size();
        this.columns = this.data.columns();
        this.exact = new double[length];
        this.scratch = new double[length];
        this.work = new double[n];
        this.partial = new double[RecordBlocks.count(n) * length];
        this.blockInRange = new boolean[RecordBlocks.count(n)];
    }

    private SphereLogSums(SphereLogSums other) {
        this.geometry = other.geometry;
        this.data = other.data;
        this.columns = other.columns;
        this.n = other.n;
        this.exact = new double[other.exact.length];
        this.scratch = new double[other.scratch.length];
        this.work = new double[other.n];
        this.partial = new double[other.partial.length];
        this.blockInRange = new boolean[other.blockInRange.length];
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public void sumOfLogs(double[] x, double[] out) {
        GeometryChecks.requireLength(geometry, "x", x);
        GeometryChecks.requireLength(geometry, "out", out);
        sum(x, out);
    }

    @Override
    public double normOfSumOfLogs(double[] x) {
        GeometryChecks.requireLength(geometry, "x", x);
        sum(x, scratch);
        return norm(scratch);
    }

    @Override
    public double normOfSumOfLogs(double[] x, int point, double[][] sums) {
        sumOfLogs(x, point, sums, scratch);
        return norm(scratch);
    }

    private static double norm(double[] v) {
        double squared = 0;
        for (double value : v) {
            squared += value * value;
        }
        return Math.sqrt(squared);
    }

    @Override
    public LogSums.Batch copy() {
        return new SphereLogSums(this);
    }

    /** D and its in-range flag, per point and block ({@link #blockSums}). */
    @Override
    public int blockWidth() {
        return exact.length + 1;
    }

    /** The passes of {@link #sumD} over one block, at each point: its part of D, then 1 when in range, else 0. */
    @Override
    public void blockSums(double[][] xs, int count, int block, double[] out) {
        int length = exact.length;
        int width = length + 1;
        if (count < 0 || count > xs.length || out.length < count * width) {
            throw new IllegalArgumentException("count must lie in [0, xs.length] with out.length >= count * "
                    + width + ". Provided value: " + count);
        }
        if (block < 0 || block >= RecordBlocks.count(n)) {
            throw new IllegalArgumentException("block must lie in [0, " + RecordBlocks.count(n) + "). Provided "
                    + "value: " + block);
        }
        for (int j = 0; j < count; j++) {
            double[] x = xs[j];
            GeometryChecks.requireLength(geometry, "x", x);
            double xx = SphereColumns.squaredNorm(x, "log(x, x_i) needs");
            polynomials(x, 0.5 / xx, block);
            boolean inRange = blockInRange[block];
            if (inRange) {
                sumBlock(x, block);
                System.arraycopy(partial, block * length, out, j * width, length);
            } else {
                Arrays.fill(out, j * width, j * width + length, 0.0);
            }
            out[j * width + length] = inRange ? 1 : 0;
        }
    }

    @Override
    public void sumOfLogs(double[] x, int point, double[][] sums, double[] out) {
        GeometryChecks.requireLength(geometry, "x", x);
        GeometryChecks.requireLength(geometry, "out", out);
        int length = exact.length;
        if (point < 0) {
            throw new IllegalArgumentException("point must be an index into the points the blocks were summed at. "
                    + "Provided value: " + point);
        }
        int at = point * (length + 1);
        int blocks = RecordBlocks.requireSums(sums, at + length + 1);
        for (int b = 0; b < blocks; b++) {
            if (sums[b][at + length] != 1) {
                throw SplitSums.beyondRange("the sum of logarithms", b);
            }
        }
        double xx = SphereColumns.squaredNorm(x, "log(x, x_i) needs");
        Arrays.fill(exact, 0.0);
        System.arraycopy(sums[0], at, out, 0, length);
        for (int b = 1; b < blocks; b++) {
            for (int j = 0; j < length; j++) {
                out[j] += sums[b][at + j];
            }
        }
        project(x, xx, out);
    }

    /** Writes {@code P D} into {@code out} (which may be {@link #scratch}, never x). */
    private void sum(double[] x, double[] out) {
        double xx = SphereColumns.squaredNorm(x, "log(x, x_i) needs");
        Arrays.fill(exact, 0.0);
        sumD(x, 0.5 / xx, out);
        project(x, xx, out);
    }

    /** D (in {@code out}) plus the records summed exactly, projected onto {@code T_x}: {@code P D}. */
    private void project(double[] x, double xx, double[] out) {
        double dx = 0;
        for (int j = 0; j < out.length; j++) {
            out[j] += exact[j];
            dx += out[j] * x[j];
        }
        double c = dx / xx;
        for (int j = 0; j < out.length; j++) {
            out[j] -= c * x[j];
        }
    }

    /**
     * Writes D into {@code out} in three passes over the records, each a loop without branches that the JIT
     * vectorises: every {@code t_i} into {@link #work}, the polynomial of each in place, then the sums of
     * {@code f_i d_i}. A data set with a record beyond the polynomial's range (rare: the data of a release lie in a
     * cap) takes the slower branching loop {@link #sumWithExactRecords} instead of the last pass.
     *
     * <p>The passes run per block of records ({@link RecordBlocks}), on all cores for more than one block; each block's
     * part of D lands in {@link #partial} and the parts are added in block order, so D has the same bits on any number
     * of threads (and, for one block, those of one loop over all records).
     */
    private void sumD(double[] x, double half, double[] out) {
        int length = x.length;
        int blocks = RecordBlocks.count(n);
        // one block (n <= RecordBlocks.SIZE) runs here without a task or a lambda: nothing is allocated
        if (blocks == 1) {
            polynomials(x, half, 0);
        } else {
            RecordBlocks.forEach(blocks, b -> polynomials(x, half, b));
        }
        for (int b = 0; b < blocks; b++) {
            if (!blockInRange[b]) { // also NaN
                sumWithExactRecords(x, half, out);
                return;
            }
        }
        if (blocks == 1) {
            sumBlock(x, 0);
        } else {
            RecordBlocks.forEach(blocks, b -> sumBlock(x, b));
        }
        System.arraycopy(partial, 0, out, 0, length);
        for (int b = 1; b < blocks; b++) {
            for (int j = 0; j < length; j++) {
                out[j] += partial[b * length + j];
            }
        }
    }

    /**
     * Block b's {@code t_i} and their polynomials into {@link #work}, and whether they all lie in the polynomial's
     * range into {@link #blockInRange}.
     */
    private void polynomials(double[] x, double half, int b) {
        int from = RecordBlocks.from(b);
        int to = RecordBlocks.to(b, n);
        data.halfSquaredChords(x, half, work, from, to);
        blockInRange[b] = SphereColumns.inRange(work, from, to);
        // beyond the range the polynomial's value is wrong but finite or infinite, never used: see sumD
        for (int i = from; i < to; i++) {
            work[i] = ThetaOverSine.at(Math.min(work[i], ThetaOverSine.RANGE));
        }
    }

    /** Block b's part of D, every record in range, two records per step. */
    private void sumBlock(double[] x, int b) {
        int length = x.length;
        if (length == 3) {
            sumS2(x, b);
            return;
        }
        int from = RecordBlocks.from(b);
        int to = RecordBlocks.to(b, n);
        for (int j = 0; j < length; j++) {
            double[] column = columns[j];
            double xj = x[j];
            double a = 0;
            double c = 0;
            int i = from;
            for (; i + 1 < to; i += 2) {
                a += work[i] * (column[i] - xj);
                c += work[i + 1] * (column[i + 1] - xj);
            }
            if (i < to) {
                a += work[i] * (column[i] - xj);
            }
            partial[b * length + j] = a + c;
        }
    }

    /** S^2, every record in range: block b's part of D from the polynomial values in {@link #work}, two per step. */
    private void sumS2(double[] x, int b) {
        int from = RecordBlocks.from(b);
        int to = RecordBlocks.to(b, n);
        double[] c0 = columns[0];
        double[] c1 = columns[1];
        double[] c2 = columns[2];
        double x0 = x[0];
        double x1 = x[1];
        double x2 = x[2];
        double a0 = 0;
        double a1 = 0;
        double a2 = 0;
        double b0 = 0;
        double b1 = 0;
        double b2 = 0;
        int i = from;
        for (; i + 1 < to; i += 2) {
            double f = work[i];
            double g = work[i + 1];
            a0 += f * (c0[i] - x0);
            a1 += f * (c1[i] - x1);
            a2 += f * (c2[i] - x2);
            b0 += g * (c0[i + 1] - x0);
            b1 += g * (c1[i + 1] - x1);
            b2 += g * (c2[i + 1] - x2);
        }
        if (i < to) {
            double f = work[i];
            a0 += f * (c0[i] - x0);
            a1 += f * (c1[i] - x1);
            a2 += f * (c2[i] - x2);
        }
        partial[3 * b] = a0 + b0;
        partial[3 * b + 1] = a1 + b1;
        partial[3 * b + 2] = a2 + b2;
    }

    /**
     * D when some record lies beyond the polynomial's range (or a value is not finite): each record's {@code t_i} is
     * recomputed as in {@link #sumD}; those in range use the polynomial value in {@link #work}, the others go to
     * {@link #addExact}.
     */
    private void sumWithExactRecords(double[] x, double half, double[] out) {
        int length = x.length;
        Arrays.fill(out, 0.0);
        for (int i = 0; i < n; i++) {
            double dd = 0;
            for (int j = 0; j < length; j++) {
                double d = columns[j][i] - x[j];
                dd += d * d;
            }
            if (dd * half <= ThetaOverSine.RANGE) {
                double f = work[i];
                for (int j = 0; j < length; j++) {
                    out[j] += f * (columns[j][i] - x[j]);
                }
            } else {
                addExact(x, i);
            }
        }
    }

    /**
     * Adds record i's logarithm by the exact form of {@link SphereGeometry#log}, before the projection: {@code s d}
     * with {@code s = R alpha / |P d|} into {@link #exact}. Throws as {@code log} does at the cut locus and on
     * non-finite input.
     */
    private void addExact(double[] x, int i) {
        int length = x.length;
        double diff2 = 0;
        double sum2 = 0;
        double diffDotX = 0;
        double xx = 0;
        for (int j = 0; j < length; j++) {
            double q = columns[j][i];
            double d = q - x[j];
            double s = q + x[j];
            diff2 += d * d;
            sum2 += s * s;
            diffDotX += d * x[j];
            xx += x[j] * x[j];
        }
        double alpha = geometry.checkedAngle(2 * Math.atan2(Math.sqrt(diff2), Math.sqrt(sum2)), "log(x, x_i)");
        if (alpha == 0) {
            return;
        }
        double c = diffDotX / xx;
        double ww = 0;
        for (int j = 0; j < length; j++) {
            double w = (columns[j][i] - x[j]) - c * x[j];
            ww += w * w;
        }
        if (ww == 0) {
            throw geometry.offSphere("log(x, x_i)");
        }
        double scale = geometry.radius() * alpha / Math.sqrt(ww);
        for (int j = 0; j < length; j++) {
            exact[j] += scale * (columns[j][i] - x[j]);
        }
    }
}
