package dev.manifolddp.geometry;

import java.util.List;

/**
 * How a point is stored in its flat array: its length, and how to name, print and read its entries. The shape is a
 * {@link Kind}, an open type: the built-in ones are
 *
 * <ul>
 *   <li>{@link Kind#VECTOR}: a vector of length n, columns {@code x0 .. x(n-1)}.</li>
 *   <li>{@link Kind#SYMMETRIC_MATRIX}: a k x k matrix stored row-major, length k*k, columns {@code m0_0 ..}.</li>
 *   <li>{@link Kind#LANDMARKS}: k planar landmarks interleaved {@code x1, y1, ..., xk, yk}, length 2k.</li>
 * </ul>
 *
 * and a plugin declares its own by implementing {@link Kind} (its length, column names and formatter) and building
 * the layout with {@link #of(Kind, int)}. Code that needs a particular shape compares {@link #kind()} with the
 * constant it knows; anything else works through the layout's methods.
 */
public final class PointLayout {

    /**
     * The longest point array a layout accepts. Membership tests compare sums of n squares with a relative
     * tolerance of {@link Geometry#DEFAULT_TOLERANCE} = 1e-8; their worst-case rounding error is about n u
     * (u = 2^-53), which stays a factor 9 below that tolerance up to this n, so valid points are never refused.
     * One point is then at most 80 MB.
     */
    public static final int MAX_LENGTH = 10_000_000;

    /**
     * The shape of a point's array, parameterised by one size (n for a vector, k for a k x k matrix, the number of
     * landmarks). Implementations are immutable singletons compared by identity or {@code equals}.
     */
    public interface Kind {

        /** A vector in R^n, columns {@code x0 .. x(n-1)}. */
        Kind VECTOR = StandardPointKind.VECTOR;
        /** A k x k symmetric matrix stored row-major, columns {@code m0_0 .. m(k-1)_(k-1)}. */
        Kind SYMMETRIC_MATRIX = StandardPointKind.SYMMETRIC_MATRIX;
        /** k planar landmarks {@code x1, y1, ..., xk, yk}. */
        Kind LANDMARKS = StandardPointKind.LANDMARKS;

        /** A short name, e.g. {@code "VECTOR"}. */
        String name();

        /** The array length of a point of this size; at most {@link #MAX_LENGTH} for every size the layout accepts. */
        int length(int size);

        /** The largest size whose length stays within {@link #MAX_LENGTH}. */
        int maxSize();

        /** The name of the size parameter in messages, e.g. {@code "n"} or {@code "k"}. */
        default String sizeName() {
            return "n";
        }

        /** Column names for a CSV file of points, in storage order ({@code length(size)} of them). */
        List<String> columnNames(int size);

        /** A human-readable rendering of a point of this size (its length already checked). */
        String format(double[] point, int size);

        /** E.g. "vector in R^3", "3x3 symmetric matrix", "50 planar landmarks". */
        String describe(int size);
    }

    private final Kind kind;
    private final int length;
    private final int size;

    private PointLayout(Kind kind, int size, int length) {
        this.kind = kind;
        this.size = size;
        this.length = length;
    }

    /** A layout of the given shape and size; how a plugin declares a shape of its own. */
    public static PointLayout of(Kind kind, int size) {
        if (kind == null) {
            throw new IllegalArgumentException("kind is null; pass PointLayout.Kind.VECTOR or a plugin's own Kind. "
                    + "Provided value: null");
        }
        requireSize(kind.sizeName(), size, kind.maxSize());
        int length = kind.length(size);
        if (length <= 0 || length > MAX_LENGTH) {
            throw new IllegalArgumentException(String.format("a %s point has %d numbers, outside [1, %d] "
                    + "(PointLayout.MAX_LENGTH). Provided value: %s = %d", kind.name(), length, MAX_LENGTH,
                    kind.sizeName(), size));
        }
        return new PointLayout(kind, size, length);
    }

    /** A vector in R^n. */
    public static PointLayout vector(int n) {
        return of(Kind.VECTOR, n);
    }

    /** A k x k symmetric matrix stored row-major. */
    public static PointLayout symmetricMatrix(int k) {
        return of(Kind.SYMMETRIC_MATRIX, k);
    }

    /** k planar landmarks stored {@code x1, y1, ..., xk, yk}. */
    public static PointLayout landmarks(int k) {
        return of(Kind.LANDMARKS, k);
    }

    private static void requireSize(String name, int value, int max) {
        if (value <= 0 || value > max) {
            throw new IllegalArgumentException(String.format("%s must lie in [1, %d] (a point has at most %d "
                    + "numbers, PointLayout.MAX_LENGTH). Provided value: %d", name, max, MAX_LENGTH, value));
        }
    }

    /** The shape: a built-in {@link Kind} constant or a plugin's own. */
    public Kind kind() {
        return kind;
    }

    /** The length of a point's array. */
    public int length() {
        return length;
    }

    /** n for a vector, k for a k x k matrix, the number of landmarks for landmarks. */
    public int size() {
        return size;
    }

    /** Column names for a CSV file of points, in storage order. */
    public List<String> columnNames() {
        return kind.columnNames(size);
    }

    /** A human-readable rendering: a vector, matrix rows, landmark pairs, or the plugin shape's own form. */
    public String format(double[] point) {
        requireLength(point);
        return kind.format(point, size);
    }

    /** Parses one CSV row (comma, semicolon or white space separated) into a point array of this layout. */
    public double[] parse(String row) {
        String trimmed = row.trim();
        String[] fields = trimmed.isEmpty() ? new String[0] : trimmed.split("[,;\\s]+");
        if (fields.length != length) {
            throw new IllegalArgumentException(String.format(
                    "a %s point needs %d numbers (%s), but the row has %d. Provided value: %s",
                    describe(), length, String.join(",", columnNames()), fields.length, row));
        }
        double[] point = new double[length];
        for (int i = 0; i < length; i++) {
            try {
                point[i] = Double.parseDouble(fields[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(String.format(
                        "column %d (%s) is not a number. Provided value: %s", i + 1, columnNames().get(i), fields[i]),
                        e);
            }
        }
        return point;
    }

    /** E.g. "vector in R^3", "3x3 symmetric matrix", "50 planar landmarks". */
    public String describe() {
        return kind.describe(size);
    }

    /** Throws when {@code point} does not have this layout's length. */
    public void requireLength(double[] point) {
        if (point == null) {
            throw new IllegalArgumentException("expected a " + describe() + " but got null");
        }
        if (point.length != length) {
            throw new IllegalArgumentException(String.format(
                    "expected a %s stored as %d numbers, but the array has length %d",
                    describe(), length, point.length));
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PointLayout that && kind.equals(that.kind) && size == that.size;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + size;
    }

    @Override
    public String toString() {
        return describe();
    }
}
