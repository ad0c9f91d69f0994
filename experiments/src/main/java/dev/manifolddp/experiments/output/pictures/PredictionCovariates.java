package dev.manifolddp.experiments.output.pictures;

import java.util.Locale;
import java.util.Map;

/**
 * The covariate values a prediction picture draws at: the option {@value #OPTION} (comma-separated numbers, e.g. the
 * ages of Kulkarni and Soto 2025's Fig. 3), or by default equally spaced values spanning the estimator's public
 * covariate range.
 */
final class PredictionCovariates {

    /** The option that lists the covariate values. */
    static final String OPTION = "covariates";

    /** At most this many covariate values are drawn: a picture is a look, not a table. */
    static final int MAX = 12;

    private PredictionCovariates() {
    }

    /** Checks the option, when given: finite numbers, at least one and at most {@value #MAX}. */
    static void check(Map<String, String> options) {
        if (options.containsKey(OPTION)) {
            parse(options.get(OPTION));
        }
    }

    /** The values to draw at: the option's, or {@code count} equally spaced over {@code range}. */
    static double[] of(Map<String, String> options, double[] range, int count) {
        if (options.containsKey(OPTION)) {
            return parse(options.get(OPTION));
        }
        if (range == null) {
            throw new IllegalArgumentException("pictures.options." + OPTION + ": the estimator states no public "
                    + "covariate range, so give the covariate values to draw at, e.g. covariates: [0, 0.5, 1]");
        }
        double[] values = new double[count];
        for (int k = 0; k < count; k++) {
            values[k] = range[0] + (range[1] - range[0]) * k / (count - 1);
        }
        return values;
    }

    /** A covariate value as the pictures print it (shortest form). */
    static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        String text = String.format(Locale.ROOT, "%.4g", value);
        // 0.2000 -> 0.2: four significant digits, without the zeros that add none
        return text.contains(".") && !text.contains("e") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }

    private static double[] parse(String text) {
        double[] values = finite(OPTION, text, "finite numbers, e.g. [18, 28, 38, 49]");
        if (values.length > MAX) {
            throw new IllegalArgumentException("pictures.options." + OPTION + " lists " + values.length + " values; "
                    + "draw at most " + MAX + ". Provided value: " + text);
        }
        return values;
    }

    /**
     * The comma-separated numbers of option {@code key}, each finite; otherwise an error saying that the option must
     * list {@code what}. Shared by the prediction pictures' options.
     */
    static double[] finite(String key, String text, String what) {
        String[] parts = text.split(",");
        double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Double.parseDouble(parts[i].strip());
            } catch (NumberFormatException e) {
                values[i] = Double.NaN;
            }
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("pictures.options." + key + " must list " + what
                        + ". Provided value: " + text);
            }
        }
        return values;
    }
}
