package dev.manifolddp.sampling;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;

/**
 * Argument checks shared by the public entry points of the sampling module. Each throws
 * {@link IllegalArgumentException} with a message that names the argument, says what is allowed and ends with the
 * provided value.
 */
public final class Arguments {

    private Arguments() {
    }

    /** A finite value {@code > 0}, e.g. a scale sigma or a ball radius. */
    public static double requirePositiveFinite(String name, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(String.format(
                    "%s must be finite and > 0; pass a positive number. Provided value: %s", name, value));
        }
        return value;
    }

    /** A count {@code >= min}. */
    public static int requireAtLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(String.format("%s must be >= %d. Provided value: %d", name, min,
                    value));
        }
        return value;
    }

    /** A count {@code >= min}. */
    public static long requireAtLeast(String name, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(String.format("%s must be >= %d. Provided value: %d", name, min,
                    value));
        }
        return value;
    }

    /** A non-null object. */
    public static <T> T requireNonNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null. Provided value: null");
        }
        return value;
    }

    /** An array of the given length with finite entries. */
    public static double[] requireFiniteVector(String name, double[] values, int length) {
        if (values == null) {
            throw new IllegalArgumentException(String.format(
                    "%s must be an array of length %d. Provided value: null", name, length));
        }
        if (values.length != length) {
            throw new IllegalArgumentException(String.format(
                    "%s must have length %d. Provided length: %d", name, length, values.length));
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(String.format(
                        "%s[%d] must be finite. Provided value: %s", name, i, values[i]));
            }
        }
        return values;
    }

    /** An output array of the given length (its contents are overwritten). */
    public static double[] requireOutput(String name, double[] out, int length) {
        if (out == null || out.length != length) {
            throw new IllegalArgumentException(String.format("%s must be an array of length %d. Provided length: %s",
                    name, length, out == null ? "null" : String.valueOf(out.length)));
        }
        return out;
    }

    /** A point of the geometry, within {@link Geometry#DEFAULT_TOLERANCE}. */
    public static double[] requirePoint(Geometry geometry, String name, double[] point) {
        GeometryChecks.requirePoint(geometry, name, point);
        return point;
    }
}
