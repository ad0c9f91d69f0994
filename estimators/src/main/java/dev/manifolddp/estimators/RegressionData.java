package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import java.util.Locale;

/** Input checks of regression records {@code (x_i, y_i)}; each failure names the row and says what to fix. */
final class RegressionData {

    private RegressionData() {
    }

    /** n >= 1 records: x finite, y points of the geometry, equally many of each. */
    static void requireRecords(Geometry geometry, double[] x, double[][] y) {
        if (x == null || y == null) {
            throw new IllegalArgumentException(String.format(
                    "%s is null; pass one covariate x[i] and one response y[i] per record. Provided value: null",
                    x == null ? "x" : "y"));
        }
        if (x.length == 0) {
            throw new IllegalArgumentException(
                    "x and y are empty; a geodesic regression needs at least one record. Provided value: 0 records");
        }
        if (x.length != y.length) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "x and y must have one entry per record. Provided value: %d covariates, %d responses",
                    x.length, y.length));
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "x[%d] must be finite; remove or repair the record. Provided value: %s", i, x[i]));
            }
            GeometryChecks.requirePoint(geometry, "y[" + i + "]", y[i]);
        }
    }
}
