package dev.manifolddp.estimators;

import java.util.Locale;

/** A point given as an estimator parameter: comma-separated ambient coordinates, or empty for "not given". */
final class PointParameter {

    private PointParameter() {
    }

    /**
     * The coordinates in {@code text}, or null when it is blank.
     *
     * @throws IllegalArgumentException naming the estimator, the parameter and the first coordinate that is not a finite
     *     number
     */
    static double[] parse(String estimator, String parameter, String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            return null;
        }
        String[] parts = trimmed.split(",");
        double[] point = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                point[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                point[i] = Double.NaN;
            }
            if (!Double.isFinite(point[i])) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "estimator '%s': %s must be "
                        + "comma-separated finite numbers (a point of the data's manifold); coordinate %d is not. "
                        + "Provided value: %s", estimator, parameter, i + 1, trimmed));
            }
        }
        return point;
    }
}
