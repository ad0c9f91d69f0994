package dev.manifolddp.geometry;

import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Argument checks shared by the allocating forms of {@link Geometry} and by {@link ValidatingGeometry}. Each
 * throws {@link IllegalArgumentException} with a message naming the argument and what to fix.
 */
public final class GeometryChecks {

    /**
     * {@code log} is refused when the distance exceeds the injectivity radius shrunk by this relative margin: at the
     * cut locus the logarithm is not unique, and just inside it is defined but arbitrarily ill-conditioned.
     */
    public static final double CUT_LOCUS_MARGIN = 1e-9;

    private GeometryChecks() {
    }

    /**
     * The hot-path length check of the {@code out} forms: {@code values} is not null and has the layout's length.
     * Costs a null test and an int comparison, given a {@link Geometry#layout()} that returns a stored instance (as
     * it should); allocates only when it fails.
     */
    public static void requireLength(Geometry geometry, String name, double[] values) {
        if (values == null || values.length != geometry.layout().length()) {
            throw lengthFailure(geometry, name, values);
        }
    }

    /**
     * Like {@link #requireLength(Geometry, String, double[])} for arrays outside the point layout (ambient or chart
     * coordinates): {@code values} is not null and has length {@code expected}; {@code what} names the content.
     */
    public static void requireLength(String name, double[] values, int expected, String what) {
        if (values == null || values.length != expected) {
            throw new IllegalArgumentException(String.format(
                    "%s must be an array of length %d (%s). Provided value: %s", name, expected, what,
                    values == null ? "null" : "an array of length " + values.length));
        }
    }

    /**
     * The {@code out} argument of {@link TangentBasis#basis(double[], double[][])}: at least {@code size} rows, each
     * of the layout's length. Allocates only when it fails.
     */
    public static void requireBasisOutput(Geometry geometry, int size, double[][] out) {
        if (out == null || out.length < size) {
            throw new IllegalArgumentException(String.format(
                    "out must hold %d basis vectors (one per intrinsic dimension of %s). Provided value: %s", size,
                    geometry.spec(), out == null ? "null" : out.length + " rows"));
        }
        int length = geometry.layout().length();
        for (int i = 0; i < size; i++) {
            if (out[i] == null || out[i].length != length) {
                // The name is built only here: concatenating it on every call would allocate on the hot path.
                throw lengthFailure(geometry, "out[" + i + "]", out[i]);
            }
        }
    }

    private static IllegalArgumentException lengthFailure(Geometry geometry, String name, double[] values) {
        PointLayout layout = geometry.layout();
        if (values == null) {
            return new IllegalArgumentException(String.format(
                    "%s is null; %s expects a %s stored in %d numbers. Provided value: null", name, geometry.spec(),
                    layout.describe(), layout.length()));
        }
        return new IllegalArgumentException(String.format(
                "%s has length %d, but %s stores a %s in %d numbers; pass an array of length %d. Provided value: "
                        + "length %d", name, values.length, geometry.spec(), layout.describe(), layout.length(),
                layout.length(), values.length));
    }

    /** Length and finiteness of any array in the geometry's layout. */
    public static void requireFinite(Geometry geometry, String name, double[] values) {
        requireLength(geometry, name, values);
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(String.format("%s[%d] is %s; every entry must be finite",
                        name, i, values[i]));
            }
        }
    }

    /** A point of the manifold: right length, finite, and on the manifold up to the default tolerance. */
    public static void requirePoint(Geometry geometry, String name, double[] point) {
        requireFinite(geometry, name, point);
        Optional<String> violation = geometry.pointViolation(point, Geometry.DEFAULT_TOLERANCE);
        if (violation.isPresent()) {
            throw notAPoint(geometry, name, violation.get());
        }
    }

    /**
     * {@link #requirePoint} for element {@code index} of a collection (a data set): the name, {@code names.apply(index)}
     * (e.g. {@code "data[3]"}), is formed only when the point fails, so a check of n records builds no n strings
     * (concatenating the name per record cost more than the check itself). Pass a lambda that captures nothing, or
     * hoist it out of the loop, and the check allocates nothing.
     */
    public static void requirePoint(Geometry geometry, IntFunction<String> names, int index, double[] point) {
        if (point == null || point.length != geometry.layout().length() || !allFinite(point)
                || geometry.pointViolation(point, Geometry.DEFAULT_TOLERANCE).isPresent()) {
            requirePoint(geometry, names.apply(index), point); // throws, with the message of the named check
        }
    }

    private static boolean allFinite(double[] values) {
        for (double value : values) {
            if (!Double.isFinite(value)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The failure of {@link #requirePoint} for a point whose {@link Geometry#pointViolation} is {@code why}; for
     * checks folded into another computation (e.g. {@link IsometricChart#toChartChecked}) that must fail alike.
     */
    public static IllegalArgumentException notAPoint(Geometry geometry, String name, String why) {
        return new IllegalArgumentException(String.format("%s is not a point of %s: %s", name, geometry.spec(), why));
    }

    /** A tangent vector at {@code point}: right length, finite, and in the tangent space. */
    public static void requireTangent(Geometry geometry, double[] point, String name, double[] vector) {
        requireFinite(geometry, name, vector);
        Optional<String> violation = geometry.tangentViolation(point, vector, Geometry.DEFAULT_TOLERANCE);
        if (violation.isPresent()) {
            throw new IllegalArgumentException(String.format("%s is not a tangent vector of %s at the given point: %s",
                    name, geometry.spec(), violation.get()));
        }
    }

    /** {@code distance(p, q)} strictly inside the injectivity radius, so that {@code log(p, q)} is defined. */
    public static void requireInsideInjectivityRadius(Geometry geometry, double[] p, double[] q) {
        double radius = geometry.injectivityRadius();
        if (Double.isInfinite(radius)) {
            return;
        }
        double distance = geometry.distance(p, q);
        if (!(distance < radius * (1 - CUT_LOCUS_MARGIN))) {
            throw new IllegalArgumentException(String.format(
                    "log(p, q) is undefined: q lies at distance %.17g from p, on or beyond the cut locus "
                            + "(injectivity radius %.17g of %s); no unique minimising geodesic joins them",
                    distance, radius, geometry.spec()));
        }
    }
}
