package dev.manifolddp.geometry.sphere;

import dev.manifolddp.geometry.Records;
import java.util.Arrays;

/**
 * The prepared data of both sphere kernels ({@link SphereLogSums}, {@link SphereHessianSums}): the records kept as one
 * array per ambient coordinate, {@code columns()[j][i]} = coordinate j of record i, so that the passes over the records
 * are loops without branches that the JIT vectorises, and the pass both kernels start with, the half-squared chords
 * {@code t_i = |x_i - x|^2 / (2 |x|^2) = 1 - cos(alpha_i)} and whether they all lie in the range of the polynomial
 * {@link ThetaOverSine}. A copy of the data, never modified: the kernels' copies share one instance.
 */
final class SphereColumns {

    /**
     * Flat records of S^2 beyond this many are not copied into columns ({@link #over}): their blocks are gathered into
     * each thread's columns as they are summed. 2^20 records (24 MB of columns) and fewer are copied, as always.
     */
    static final int GATHERED_ABOVE = 1 << 20;

    /** {@code columns[j][i]}: coordinate j of record i; null when the records are gathered block by block. */
    private final double[][] columns;
    /** The records themselves when they are gathered block by block ({@link #over}), else null. */
    private final Records records;
    private final int n;
    private final int length;

    private SphereColumns(double[][] columns, Records records, int n, int length) {
        this.columns = columns;
        this.records = records;
        this.n = n;
        this.length = length;
    }

    /**
     * A copy of {@code data} (points of {@code geometry}) as columns.
     *
     * @throws IllegalArgumentException on a null record or one of the wrong length
     */
    static SphereColumns of(SphereGeometry geometry, Records data) {
        int length = geometry.layout().length();
        int n = data.size();
        double[][] columns = new double[length][n];
        double[] scratch = data.scratch();
        for (int i = 0; i < n; i++) {
            double[] point = data.row(i, scratch);
            if (point == null || point.length != length) {
                throw new IllegalArgumentException(String.format(
                        "data[%d] must be a point of %s with %d coordinates. Provided value: %s", i, geometry.spec(),
                        length, point == null ? "null" : point.length + " coordinates"));
            }
            for (int j = 0; j < length; j++) {
                columns[j][i] = point[j];
            }
        }
        return new SphereColumns(columns, null, n, length);
    }

    /**
     * The records of {@code data} as {@link #of} keeps them, except that flat records of S^2 beyond
     * {@link #GATHERED_ABOVE} are not copied: the kernel gathers each block's columns as it sums the block
     * ({@link #gather}), so that a release of 10^7 records does not hold a second copy of them (240 MB). The values
     * and their order are the same either way, so are the sums.
     *
     * @throws IllegalArgumentException as {@link #of}
     */
    static SphereColumns over(SphereGeometry geometry, Records data) {
        int length = geometry.layout().length();
        if (length != 3 || data.isRows() || data.size() <= GATHERED_ABOVE) {
            return of(geometry, data);
        }
        if (data.width() != length) {
            throw new IllegalArgumentException(String.format(
                    "data[0] must be a point of %s with %d coordinates. Provided value: %d coordinates",
                    geometry.spec(), length, data.width()));
        }
        return new SphereColumns(null, data, data.size(), length);
    }

    /** Whether the columns are stored ({@link #columns()}), not gathered block by block ({@link #gather}). */
    boolean stored() {
        return columns != null;
    }

    /**
     * Records {@code [from, to)} of S^2 into {@code c0, c1, c2} from index 0, for a kernel over gathered records
     * ({@link #stored()} false). {@code row} is a scratch of three.
     */
    void gather(int from, int to, double[] c0, double[] c1, double[] c2, double[] row) {
        for (int i = from; i < to; i++) {
            double[] point = records.row(i, row);
            c0[i - from] = point[0];
            c1[i - from] = point[1];
            c2[i - from] = point[2];
        }
    }

    /** The number of records. */
    int size() {
        return n;
    }

    /** The number of ambient coordinates. */
    int length() {
        return length;
    }

    /**
     * Every column, {@code columns()[j][i]} = coordinate j of record i (the stored arrays: read only); null when the
     * records are gathered block by block ({@link #stored()} false).
     */
    double[][] columns() {
        return columns;
    }

    /** Copies record i into {@code out}. */
    void record(int i, double[] out) {
        if (columns == null) {
            System.arraycopy(records.row(i, out), 0, out, 0, length);
            return;
        }
        for (int j = 0; j < columns.length; j++) {
            out[j] = columns[j][i];
        }
    }

    /**
     * {@code |x|^2}, checked: the kernels divide by it.
     *
     * @param what the sums that need x, the start of the error message ("log(x, x_i) needs ...")
     * @throws IllegalArgumentException when x is zero or an entry is not finite
     */
    static double squaredNorm(double[] x, String what) {
        double xx = 0;
        for (double value : x) {
            xx += value * value;
        }
        if (!(xx > 0) || !Double.isFinite(xx)) {
            throw new IllegalArgumentException(what + " a finite, non-zero x; an entry is NaN or infinite or x is "
                    + "zero. Provided value: |x|^2 = " + xx);
        }
        return xx;
    }

    /**
     * Every {@code t_i = |x_i - x|^2 * half} into {@code t} (length {@link #size()}), with {@code half = 1/(2|x|^2)}:
     * per coordinate one pass over its column (on S^2 one pass over the three), without branches.
     */
    void halfSquaredChords(double[] x, double half, double[] t) {
        halfSquaredChords(x, half, t, 0, n);
    }

    /** {@link #halfSquaredChords(double[], double, double[])} for records {@code [from, to)} only. */
    void halfSquaredChords(double[] x, double half, double[] t, int from, int to) {
        if (columns.length == 3) {
            double[] c0 = columns[0];
            double[] c1 = columns[1];
            double[] c2 = columns[2];
            double x0 = x[0];
            double x1 = x[1];
            double x2 = x[2];
            for (int i = from; i < to; i++) {
                double d0 = c0[i] - x0;
                double d1 = c1[i] - x1;
                double d2 = c2[i] - x2;
                t[i] = (d0 * d0 + d1 * d1 + d2 * d2) * half;
            }
            return;
        }
        Arrays.fill(t, from, to, 0.0);
        for (int j = 0; j < columns.length; j++) {
            double[] column = columns[j];
            double xj = x[j];
            for (int i = from; i < to; i++) {
                double d = column[i] - xj;
                t[i] += d * d;
            }
        }
        for (int i = from; i < to; i++) {
            t[i] *= half;
        }
    }

    /**
     * Whether every {@code t_i} lies in the polynomial's range (false on NaN): one scan for the largest, without a
     * branch per record.
     */
    static boolean inRange(double[] t, int n) {
        return inRange(t, 0, n);
    }

    /** {@link #inRange(double[], int)} for {@code t[from .. to)}. */
    static boolean inRange(double[] t, int from, int to) {
        double largest = 0;
        for (int i = from; i < to; i++) {
            largest = Math.max(largest, t[i]);
        }
        return largest <= ThetaOverSine.RANGE;
    }
}
