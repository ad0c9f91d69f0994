package dev.manifolddp.geometry;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The three built-in point shapes ({@link PointLayout.Kind#VECTOR} and its siblings). */
enum StandardPointKind implements PointLayout.Kind {

    VECTOR {
        @Override
        public int length(int size) {
            return size;
        }

        @Override
        public int maxSize() {
            return PointLayout.MAX_LENGTH;
        }

        @Override
        public List<String> columnNames(int size) {
            List<String> names = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                names.add("x" + i);
            }
            return names;
        }

        @Override
        public String format(double[] point, int size) {
            StringBuilder out = new StringBuilder();
            appendRun(out, point, 0, point.length);
            return out.toString();
        }

        @Override
        public String describe(int size) {
            return "vector in R^" + size;
        }
    },

    SYMMETRIC_MATRIX {
        @Override
        public int length(int size) {
            return size * size;
        }

        @Override
        public int maxSize() {
            return (int) Math.sqrt(PointLayout.MAX_LENGTH);
        }

        @Override
        public String sizeName() {
            return "k";
        }

        @Override
        public List<String> columnNames(int size) {
            List<String> names = new ArrayList<>(size * size);
            for (int i = 0; i < size; i++) {
                for (int j = 0; j < size; j++) {
                    names.add("m" + i + "_" + j);
                }
            }
            return names;
        }

        @Override
        public String format(double[] point, int size) {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < size; i++) {
                if (i > 0) {
                    out.append(", ");
                }
                appendRun(out, point, i * size, size);
            }
            return out.append(']').toString();
        }

        @Override
        public String describe(int size) {
            return size + "x" + size + " symmetric matrix";
        }
    },

    LANDMARKS {
        @Override
        public int length(int size) {
            return 2 * size;
        }

        @Override
        public int maxSize() {
            return PointLayout.MAX_LENGTH / 2;
        }

        @Override
        public String sizeName() {
            return "k";
        }

        @Override
        public List<String> columnNames(int size) {
            List<String> names = new ArrayList<>(2 * size);
            for (int i = 1; i <= size; i++) {
                names.add("x" + i);
                names.add("y" + i);
            }
            return names;
        }

        @Override
        public String format(double[] point, int size) {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < size; i++) {
                if (i > 0) {
                    out.append(", ");
                }
                out.append('(').append(number(point[2 * i])).append(", ").append(number(point[2 * i + 1]))
                        .append(')');
            }
            return out.append(']').toString();
        }

        @Override
        public String describe(int size) {
            return size + " planar landmarks";
        }
    };

    /** Appends {@code [v_from, ..., v_(from+count-1)]} in the built-in number style. */
    static void appendRun(StringBuilder out, double[] values, int from, int count) {
        out.append('[');
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.append(", ");
            }
            out.append(number(values[from + i]));
        }
        out.append(']');
    }

    static String number(double value) {
        return String.format(Locale.ROOT, "%.6g", value);
    }
}
