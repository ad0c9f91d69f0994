package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;

/** Reads the list-valued and matrix-valued parameters of the data generator providers. */
final class ParameterValues {

    private ParameterValues() {
    }

    /**
     * A comma-separated list of finite numbers (brackets and spaces tolerated), e.g. {@code "0,0,1"} or
     * {@code "[0, 0, 1]"}, of exactly {@code length} entries.
     */
    static double[] numbers(String owner, String name, String text, int length) {
        String trimmed = text.trim();
        if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
            trimmed = trimmed.substring(1, trimmed.length() - 1);
        }
        String[] fields = trimmed.isEmpty() ? new String[0] : trimmed.split("\\s*,\\s*|\\s+");
        if (fields.length != length) {
            throw new IllegalArgumentException(String.format(
                    "%s: parameter '%s' needs %d comma-separated numbers, but has %d. Provided value: %s",
                    owner, name, length, fields.length, text));
        }
        double[] values = new double[length];
        for (int i = 0; i < length; i++) {
            try {
                values[i] = Double.parseDouble(fields[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(String.format(
                        "%s: entry %d of parameter '%s' is not a number. Provided value: %s", owner, i + 1, name,
                        fields[i]), e);
            }
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(String.format(
                        "%s: entry %d of parameter '%s' must be finite. Provided value: %s", owner, i + 1, name,
                        fields[i]));
            }
        }
        return values;
    }

    /** The matrix size k of a geometry whose points are k x k symmetric matrices, or a message naming the owner. */
    static int matrixSize(String owner, Geometry geometry) {
        PointLayout layout = geometry.layout();
        if (layout.kind() != PointLayout.Kind.SYMMETRIC_MATRIX) {
            throw new IllegalArgumentException(String.format(
                    "%s generates k x k symmetric matrices, but the geometry %s stores a %s; use an SPD geometry "
                            + "such as spd/affine-invariant:k=2. Provided value: %s",
                    owner, geometry.spec(), layout.describe(), geometry.spec()));
        }
        return layout.size();
    }

    /** A finite real parameter. */
    static double real(String owner, String name, String text) {
        try {
            double value = Double.parseDouble(text.trim());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(String.format(
                "%s: parameter '%s' must be a finite number. Provided value: %s", owner, name, text));
    }
}
