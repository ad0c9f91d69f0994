package dev.manifolddp.geometry;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * A global isometry between the manifold and Euclidean R^d: geodesic distance equals the Euclidean distance of
 * chart coordinates, so Euclidean mechanisms in the chart are mechanisms on the manifold (e.g. {@code vecd o Logm}
 * for log-Euclidean SPD, Utpala et al. 2023, Lemma A.1).
 */
public interface IsometricChart {

    /** The chart dimension d (the manifold's intrinsic dimension). */
    int chartDimension();

    /** Chart coordinates of a point. Writes {@code out} (length d). */
    void toChart(double[] p, double[] out);

    /**
     * {@link GeometryChecks#requirePoint(Geometry, String, double[]) requirePoint(geometry, name, p)} followed by
     * {@link #toChart(double[], double[]) toChart(p, out)}: the same checks with the same failures, where
     * {@code geometry} is the geometry this chart is a capability of (possibly a wrapper forwarding to it). A chart
     * that already decomposes p (a matrix logarithm) overrides it to decide the point test from that decomposition,
     * so that a record pays one instead of two. Writes {@code out} (length d).
     *
     * @throws IllegalArgumentException exactly when {@code requirePoint} would, with its message
     */
    default void toChartChecked(Geometry geometry, String name, double[] p, double[] out) {
        GeometryChecks.requirePoint(geometry, name, p);
        toChart(p, out);
    }

    /**
     * {@link #toChartChecked} for every record in order, {@code toChartChecked(geometry, name.apply(i), records[i],
     * out[i])} for {@code i = 0 .. n-1}: fails at the first record that is not a point, with its message. A chart
     * that decomposes records (a matrix logarithm) overrides it to decompose several at once, with the same
     * results and failures as record by record. Writes {@code out[i]} (length d each).
     *
     * @param name names record i in failures (it need not be applied to records that pass)
     * @throws IllegalArgumentException exactly when the loop over {@code toChartChecked} would, with its message
     */
    default void toChartCheckedAll(Geometry geometry, double[][] records, IntFunction<String> name, double[][] out) {
        for (int i = 0; i < records.length; i++) {
            toChartChecked(geometry, name.apply(i), records[i], out[i]);
        }
    }

    /**
     * {@link #toChartCheckedAll(Geometry, double[][], IntFunction, double[][])} of records in either layout: records
     * held one array per record are passed on as they are; flat records in runs of {@link RecordBlocks#SIZE}
     * records, each copied into arrays of its own (so that a chart that decomposes several records at once does so
     * here too), with the same results and failures as record by record.
     */
    default void toChartCheckedAll(Geometry geometry, Records records, IntFunction<String> name, double[][] out) {
        if (records.isRows()) {
            toChartCheckedAll(geometry, records.rows(), name, out);
            return;
        }
        int n = records.size();
        int length = RecordBlocks.SIZE;
        double[][] run = new double[Math.min(length, n)][];
        for (int from = 0; from < n; from += length) {
            int count = Math.min(length, n - from);
            double[][] rows = count == run.length ? run : new double[count][];
            for (int i = 0; i < count; i++) {
                rows[i] = records.row(from + i, rows[i] == null ? records.scratch() : rows[i]);
            }
            int first = from;
            toChartCheckedAll(geometry, rows, i -> name.apply(first + i), Arrays.copyOfRange(out, from,
                    from + count));
        }
    }

    /** The point with chart coordinates {@code y}. Writes {@code out} (point layout length). */
    void fromChart(double[] y, double[] out);

    /**
     * The geodesic distance of two points from their chart coordinates: the Euclidean distance {@code |y - z|}, as
     * the chart is an isometry. Allocates nothing.
     */
    static double chartDistance(double[] y, double[] z) {
        double sum = 0;
        for (int j = 0; j < y.length; j++) {
            double difference = y[j] - z[j];
            sum += difference * difference;
        }
        return Math.sqrt(sum);
    }

    /** Allocating form of {@link #toChart(double[], double[])}. */
    default double[] toChart(double[] p) {
        if (this instanceof Geometry geometry) {
            GeometryChecks.requirePoint(geometry, "p", p);
        }
        double[] out = new double[chartDimension()];
        toChart(p, out);
        return out;
    }

    /** Allocating form of {@link #fromChart(double[], double[])}. */
    default double[] fromChart(double[] y, int pointLength) {
        if (y == null) {
            throw new IllegalArgumentException(String.format(
                    "chart coordinates y are null; pass an array of length %d. Provided value: null",
                    chartDimension()));
        }
        for (int i = 0; i < y.length; i++) {
            if (!Double.isFinite(y[i])) {
                throw new IllegalArgumentException("chart coordinate y[" + i + "] is " + y[i] + "; must be finite");
            }
        }
        if (y.length != chartDimension()) {
            throw new IllegalArgumentException(String.format("chart coordinates need length %d. Provided length: %d",
                    chartDimension(), y.length));
        }
        int expected = this instanceof Geometry geometry ? geometry.layout().length() : pointLength;
        if (pointLength != expected || pointLength < 1) {
            throw new IllegalArgumentException(String.format(
                    "pointLength must be the length of a point (%d). Provided value: %d", expected, pointLength));
        }
        double[] out = new double[pointLength];
        fromChart(y, out);
        return out;
    }
}
