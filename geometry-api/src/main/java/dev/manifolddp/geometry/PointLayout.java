package dev.manifolddp.geometry;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a point is stored in its flat array: its length, and how to name, print and read its entries.
 *
 * <ul>
 *   <li>{@link Kind#VECTOR}: a vector of length n, columns {@code x0 .. x(n-1)}.</li>
 *   <li>{@link Kind#SYMMETRIC_MATRIX}: a k x k matrix stored row-major, length k*k, columns {@code m0_0 ..}.</li>
 *   <li>{@link Kind#LANDMARKS}: k planar landmarks interleaved {@code x1, y1, ..., xk, yk}, length 2k.</li>
 * </ul>
 */
public final class PointLayout {

    /**
     * The longest point array a layout accepts. Membership tests compare sums of n squares with a relative
     * tolerance of {@link Geometry#DEFAULT_TOLERANCE} = 1e-8; their worst-case rounding error is about n u
     * (u = 2^-53), which stays a factor 9 below that tolerance up to this n, so valid points are never refused.
     * One point is then at most 80 MB.
     */
    public static final int MAX_LENGTH = 10_000_000;

    /** The shape of a point's array. */
    public enum Kind { VECTOR, SYMMETRIC_MATRIX, LANDMARKS }

    private final Kind kind;
    private final int length;
    private final int size;

    private PointLayout(Kind kind, int size, int length) {
        this.kind = kind;
        this.size = size;
        this.length = length;
    }

    /** A vector in R^n. */
    public static PointLayout vector(int n) {
        requireSize("n", n, MAX_LENGTH);
        return new PointLayout(Kind.VECTOR, n, n);
    }

    /** A k x k symmetric matrix stored row-major. */
    public static PointLayout symmetricMatrix(int k) {
        requireSize("k", k, (int) Math.sqrt(MAX_LENGTH));
        return new PointLayout(Kind.SYMMETRIC_MATRIX, k, k * k);
    }

    /** k planar landmarks stored {@code x1, y1, ..., xk, yk}. */
    public static PointLayout landmarks(int k) {
        requireSize("k", k, MAX_LENGTH / 2);
        return new PointLayout(Kind.LANDMARKS, k, 2 * k);
    }

    private static void requireSize(String name, int value, int max) {
        if (value <= 0 || value > max) {
            throw new IllegalArgumentException(String.format("%s must lie in [1, %d] (a point has at most %d "
                    + "numbers, PointLayout.MAX_LENGTH). Provided value: %d", name, max, MAX_LENGTH, value));
        }
    }

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
        List<String> names = new ArrayList<>(length);
        switch (kind) {
            case VECTOR -> {
                for (int i = 0; i < size; i++) {
                    names.add("x" + i);
                }
            }
            case SYMMETRIC_MATRIX -> {
                for (int i = 0; i < size; i++) {
                    for (int j = 0; j < size; j++) {
                        names.add("m" + i + "_" + j);
                    }
                }
            }
            case LANDMARKS -> {
                for (int i = 1; i <= size; i++) {
                    names.add("x" + i);
                    names.add("y" + i);
                }
            }
        }
        return names;
    }

    /** A human-readable rendering: a vector, matrix rows, or landmark pairs. */
    public String format(double[] point) {
        requireLength(point);
        StringBuilder out = new StringBuilder();
        switch (kind) {
            case VECTOR -> appendRun(out, point, 0, length);
            case SYMMETRIC_MATRIX -> {
                out.append('[');
                for (int i = 0; i < size; i++) {
                    if (i > 0) {
                        out.append(", ");
                    }
                    appendRun(out, point, i * size, size);
                }
                out.append(']');
            }
            case LANDMARKS -> {
                out.append('[');
                for (int i = 0; i < size; i++) {
                    if (i > 0) {
                        out.append(", ");
                    }
                    out.append('(').append(number(point[2 * i])).append(", ").append(number(point[2 * i + 1]))
                            .append(')');
                }
                out.append(']');
            }
        }
        return out.toString();
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
        return switch (kind) {
            case VECTOR -> "vector in R^" + size;
            case SYMMETRIC_MATRIX -> size + "x" + size + " symmetric matrix";
            case LANDMARKS -> size + " planar landmarks";
        };
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

    private static void appendRun(StringBuilder out, double[] values, int from, int count) {
        out.append('[');
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.append(", ");
            }
            out.append(number(values[from + i]));
        }
        out.append(']');
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.6g", value);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PointLayout that && kind == that.kind && size == that.size;
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
