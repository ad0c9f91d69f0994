package dev.manifolddp.geometry;

import java.util.function.IntFunction;

/**
 * Records checked to be points of a geometry and mapped into its {@link IsometricChart}, in one pass
 * ({@link IsometricChart#toChartChecked}): what a release's ball check hands to its estimator, so that the estimator
 * neither validates the records nor evaluates the chart again. On log-Euclidean SPD that is one eigendecomposition per
 * record per release instead of three.
 *
 * <p>Only {@link #check} makes one, so holding an instance means the check ran. It keeps references, not copies:
 * the records array and the coordinates are shared with the caller, who must not change them while the instance is in
 * use (a release holds its data unchanged while it runs). Consumers accept it only for the same geometry and records
 * array ({@link #covers}).
 */
public final class ChartedRecords {

    private final Geometry geometry;
    private final Records records;
    private final double[][] coordinates;

    private ChartedRecords(Geometry geometry, Records records, double[][] coordinates) {
        this.geometry = geometry;
        this.records = records;
        this.coordinates = coordinates;
    }

    /**
     * Checks every record as {@link GeometryChecks#requirePoint} does and keeps its chart coordinates.
     *
     * @param geometry a geometry with an {@link IsometricChart}
     * @param records  at least one record
     * @param name     names record i in failures, e.g. {@code i -> "data[" + i + "]"}
     * @throws IllegalArgumentException when the geometry has no chart, there are no records, or record i is not a
     *     point (the message names it as {@code name.apply(i)})
     */
    public static ChartedRecords check(Geometry geometry, double[][] records, IntFunction<String> name) {
        return check(geometry, records == null ? null : Records.of(records), name);
    }

    /** {@link #check(Geometry, double[][], IntFunction)} of records in either layout. */
    public static ChartedRecords check(Geometry geometry, Records records, IntFunction<String> name) {
        if (geometry == null) {
            throw new IllegalArgumentException("geometry is null; pass the records' geometry. Provided value: null");
        }
        IsometricChart chart = geometry.capability(IsometricChart.class).orElseThrow(() ->
                new IllegalArgumentException(String.format("%s has no IsometricChart, so its records cannot be "
                        + "charted; validate them with GeometryChecks.requirePoint. Provided value: %s",
                        geometry.spec(), geometry.spec())));
        if (records == null || records.size() == 0) {
            throw new IllegalArgumentException("there are no records to chart; pass at least one. Provided value: "
                    + (records == null ? "null" : "0 records"));
        }
        int d = chart.chartDimension();
        double[][] coordinates = new double[records.size()][d];
        chart.toChartCheckedAll(geometry, records, name, coordinates);
        return new ChartedRecords(geometry, records, coordinates);
    }

    /** Whether these are the charted form of {@code records} on {@code geometry} (both compared by identity). */
    public boolean covers(Geometry geometry, double[][] records) {
        return this.geometry == geometry && this.records.isRows() && this.records.rows() == records;
    }

    /** Whether these are the charted form of {@code records} on {@code geometry} (both compared by identity). */
    public boolean covers(Geometry geometry, Records records) {
        return this.geometry == geometry && this.records == records;
    }

    /** The geometry the records were checked on. */
    public Geometry geometry() {
        return geometry;
    }

    /**
     * The records as one array per record: the caller's array itself, not a copy, for records given so; a copy of
     * records in the flat layout ({@link Records#rows()}). {@link #data()} hands out either without a copy.
     */
    public double[][] records() {
        return records.rows();
    }

    /** The records, in the layout they were checked in. */
    public Records data() {
        return records;
    }

    /** The number of records. */
    public int size() {
        return records.size();
    }

    /** The chart coordinates of record i, the stored row itself: read it, do not change it. */
    public double[] coordinates(int i) {
        return coordinates[i];
    }
}
