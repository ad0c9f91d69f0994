package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.Records;
import java.util.function.IntFunction;

/** Input checks shared by the estimators; each failure is an {@link IllegalArgumentException} saying what to fix. */
final class DataChecks {

    private DataChecks() {
    }

    static void requireGeometry(Geometry geometry) {
        if (geometry == null) {
            throw new IllegalArgumentException(
                    "geometry is null; pass one, e.g. Geometries.parse(\"sphere:d=2\"). Provided value: null");
        }
    }

    /**
     * A non-empty data set of points of {@code geometry}: every row has the layout's length, finite entries and lies
     * on the manifold up to {@link Geometry#DEFAULT_TOLERANCE}.
     */
    static void requirePoints(Geometry geometry, String name, Records data) {
        requireNonEmpty(name, data);
        IntFunction<String> names = i -> name + "[" + i + "]";
        double[] scratch = data.scratch();
        for (int i = 0, n = data.size(); i < n; i++) {
            GeometryChecks.requirePoint(geometry, names, i, data.row(i, scratch));
        }
    }

    /** The first half of {@link #requirePoints}: a data set with at least one row, each row still to be checked. */
    static void requireNonEmpty(String name, Records data) {
        if (data == null) {
            throw new IllegalArgumentException(name + " is null; pass at least one point. Provided value: null");
        }
        if (data.size() == 0) {
            throw new IllegalArgumentException(name
                    + " is empty; the Frechet mean and its gradient need at least one point. Provided value: "
                    + "0 points");
        }
    }

    /** {@link #requirePoints(Geometry, String, Records)} of one array per record. */
    static void requirePoints(Geometry geometry, String name, double[][] data) {
        requirePoints(geometry, name, records(data));
    }

    /** {@link #requireNonEmpty(String, Records)} of one array per record. */
    static void requireNonEmpty(String name, double[][] data) {
        requireNonEmpty(name, records(data));
    }

    static double[][] deepCopy(double[][] data) {
        double[][] copy = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            copy[i] = data[i].clone();
        }
        return copy;
    }

    /** The caller's records, or null for null: the estimators' entries that take one array per record. */
    static Records records(double[][] data) {
        return data == null ? null : Records.of(data);
    }

    static void requireLength(Geometry geometry, String name, double[] values) {
        int expected = geometry.layout().length();
        if (values == null || values.length != expected) {
            throw new IllegalArgumentException(String.format(
                    "%s must be an array of length %d (a %s of %s). Provided value: %s", name, expected,
                    geometry.layout().describe(), geometry.spec(),
                    values == null ? "null" : "length " + values.length));
        }
    }
}
