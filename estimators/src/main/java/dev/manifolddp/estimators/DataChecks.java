package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
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
    static void requirePoints(Geometry geometry, String name, double[][] data) {
        requireNonEmpty(name, data);
        IntFunction<String> names = i -> name + "[" + i + "]";
        for (int i = 0; i < data.length; i++) {
            GeometryChecks.requirePoint(geometry, names, i, data[i]);
        }
    }

    /** The first half of {@link #requirePoints}: a data set with at least one row, each row still to be checked. */
    static void requireNonEmpty(String name, double[][] data) {
        if (data == null) {
            throw new IllegalArgumentException(name + " is null; pass at least one point. Provided value: null");
        }
        if (data.length == 0) {
            throw new IllegalArgumentException(name
                    + " is empty; the Frechet mean and its gradient need at least one point. Provided value: "
                    + "0 points");
        }
    }

    static double[][] deepCopy(double[][] data) {
        double[][] copy = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            copy[i] = data[i].clone();
        }
        return copy;
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
