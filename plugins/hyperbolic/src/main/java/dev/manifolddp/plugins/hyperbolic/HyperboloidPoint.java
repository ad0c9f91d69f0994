package dev.manifolddp.plugins.hyperbolic;

import dev.manifolddp.geometry.PointLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The plugin's own point shape ({@link PointLayout.Kind}): a point of H^d in R^(1,d), the time coordinate
 * {@code t = x0 = sqrt(1 + |x|^2)} first, then the space coordinates. Columns {@code t, x1, ..., xd}; printed as
 * {@code (t; x1, ..., xd)}.
 */
enum HyperboloidPoint implements PointLayout.Kind {
    INSTANCE;

    @Override
    public int length(int size) {
        return size + 1;
    }

    @Override
    public int maxSize() {
        return PointLayout.MAX_LENGTH - 1;
    }

    @Override
    public String sizeName() {
        return "d";
    }

    @Override
    public List<String> columnNames(int size) {
        List<String> names = new ArrayList<>(size + 1);
        names.add("t");
        for (int i = 1; i <= size; i++) {
            names.add("x" + i);
        }
        return names;
    }

    @Override
    public String format(double[] point, int size) {
        StringBuilder out = new StringBuilder("(").append(number(point[0])).append(';');
        for (int i = 1; i <= size; i++) {
            out.append(i == 1 ? " " : ", ").append(number(point[i]));
        }
        return out.append(')').toString();
    }

    @Override
    public String describe(int size) {
        return "hyperboloid point (t; x1..x" + size + ") in R^(1," + size + ")";
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.6g", value);
    }
}
