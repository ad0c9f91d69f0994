package dev.manifolddp.experiments.data;

import dev.manifolddp.estimators.CovariateRange;
import java.util.Locale;

/**
 * A column of real covariates (e.g. age) and, optionally, the public range its values must lie in. The range is
 * declared by the caller before seeing the data, never taken from the rows: a range read from the data would leak
 * its extremes (Fletcher 2013 fits on any range; the sensitivity bounds of Kulkarni and Soto 2025 need a public one). A
 * value outside a declared range is refused naming its row, never clipped into the range and never dropped.
 *
 * @param name  the column's header name
 * @param range the public range, or null when the values only need to be finite numbers
 */
public record CovariateColumn(String name, CovariateRange range) {

    public CovariateColumn {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a covariate column needs a header name; give the name of the "
                    + "column that holds the covariate. Provided value: " + (name == null ? "null" : "'" + name + "'"));
        }
        if (range != null && !range.isPublic()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "covariate column '%s': the range [%s, %s] "
                    + "was read from the data, so it is not public; declare the range before seeing the data",
                    name, range.low(), range.high()));
        }
    }

    /**
     * The records {@code [y..., x]}: each point followed by its covariate, the records of an estimator with
     * covariate records (a geodesic regression's).
     *
     * @throws IllegalArgumentException when the two do not have one entry per record
     */
    public static double[][] appended(double[][] points, double[] covariates) {
        if (points.length != covariates.length) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%d points and %d covariates; give one "
                    + "covariate per point. Provided value: %d covariates", points.length, covariates.length,
                    covariates.length));
        }
        double[][] records = new double[points.length][];
        for (int i = 0; i < points.length; i++) {
            records[i] = java.util.Arrays.copyOf(points[i], points[i].length + 1);
            records[i][points[i].length] = covariates[i];
        }
        return records;
    }

    /** A covariate that must be a finite number, with no declared range. */
    public static CovariateColumn of(String name) {
        return new CovariateColumn(name, null);
    }

    /**
     * A covariate that must lie in the public range {@code [low, high]}.
     *
     * @throws IllegalArgumentException naming the column when a bound is not finite, the bounds are reversed or
     *     equal, or the width overflows
     */
    public static CovariateColumn of(String name, double low, double high) {
        String what = "the range of covariate column " + (name == null ? "null" : "'" + name + "'");
        String provided = String.format(Locale.ROOT, " Provided value: [%s, %s]", low, high);
        if (!Double.isFinite(low) || !Double.isFinite(high)) {
            throw new IllegalArgumentException(what + " needs two finite bounds LO,HI; declare the public range the "
                    + "covariate is known to lie in (fixed before seeing the data)." + provided);
        }
        if (low > high) {
            throw new IllegalArgumentException(what + " is reversed (its low bound is above its high bound); write "
                    + "it as LO,HI with LO < HI." + provided);
        }
        if (low == high) {
            throw new IllegalArgumentException(what + " is a single value (low = high); a covariate range needs "
                    + "LO < HI, or declare no range." + provided);
        }
        if (!Double.isFinite(high - low)) {
            throw new IllegalArgumentException(what + " is wider than a double can hold (HI - LO overflows); "
                    + "declare a narrower public range." + provided);
        }
        return new CovariateColumn(name, new CovariateRange(low, high, true));
    }

    /**
     * A covariate whose public range is given as text {@code LO,HI} (e.g. {@code 18,49}), as on a command line.
     *
     * @param flag what the text is, for messages (e.g. {@code --covariate-range})
     * @throws IllegalArgumentException naming {@code flag} and the column when the text is not two finite decimal
     *     numbers, or the range is reversed, a single value or too wide
     */
    public static CovariateColumn parse(String name, String range, String flag) {
        String what = String.format("%s (covariate column %s)", flag, name == null ? "null" : "'" + name + "'");
        if (range == null || range.isBlank()) {
            throw new IllegalArgumentException(what + " is missing: give the public range as LO,HI (e.g. 18,49)");
        }
        String[] bounds = range.strip().split("\\s*,\\s*", -1);
        if (bounds.length != 2) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s needs two numbers LO,HI separated by "
                    + "a comma (e.g. 18,49), but %d were given. Provided value: %s", what, bounds.length,
                    Fields.shown(range)));
        }
        double low;
        double high;
        try {
            low = DecimalField.parse(bounds[0], what + ": LO");
            high = DecimalField.parse(bounds[1], what + ": HI");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " needs two finite decimal numbers LO,HI (e.g. 18,49), fixed "
                    + "before seeing the data. Provided value: " + Fields.shown(range), e);
        }
        try {
            return of(name, low, high);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": " + e.getMessage(), e);
        }
    }

    /** True when {@code value} may be read: no range, or inside it (bounds included). */
    boolean admits(double value) {
        return range == null || (value >= range.low() && value <= range.high());
    }
}
