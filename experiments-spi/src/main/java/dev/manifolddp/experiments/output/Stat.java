package dev.manifolddp.experiments.output;

import java.util.Arrays;

/**
 * The mean of a utility over the replicates of one cell and mechanism, with its standard error
 * {@code s / sqrt(count)} (s the sample standard deviation), the band {@code mean +- 2 SE} that Soto et al. 2022 plots, the
 * standard deviation itself (Utpala et al. 2023 plot {@code mean +- 2 sd}) and the median (robust for wall times, where the first
 * releases of a JVM run before the code is compiled).
 *
 * @param count             defined values
 * @param mean              their mean (NaN when none)
 * @param standardError     the standard error (NaN with fewer than two values)
 * @param standardDeviation the sample standard deviation s (NaN with fewer than two values)
 * @param median            the median (NaN when none)
 */
public record Stat(long count, double mean, double standardError, double standardDeviation, double median) {

    public double lower() {
        return mean - 2 * standardError;
    }

    public double upper() {
        return mean + 2 * standardError;
    }

    /** Mean, standard error, standard deviation and median of the defined (non-NaN) values, summed in index order. */
    public static Stat of(double[] values) {
        double[] defined = Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
        long count = defined.length;
        if (count == 0) {
            return new Stat(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        if (identical(defined)) {
            // n copies of one value: its mean is the value and its spread 0, exactly (the sum's rounding would put the
            // mean an ulp off and leave a spread of about 1e-19, which a summary would print as data)
            double value = defined[0];
            return new Stat(count, value, count < 2 ? Double.NaN : 0, count < 2 ? Double.NaN : 0, value);
        }
        double sum = 0;
        for (double value : defined) {
            sum += value;
        }
        double mean = sum / count;
        double[] sorted = defined.clone();
        Arrays.sort(sorted);
        int half = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[half] : 0.5 * (sorted[half - 1] + sorted[half]);
        if (count < 2) {
            return new Stat(count, mean, Double.NaN, Double.NaN, median);
        }
        double squares = 0;
        for (double value : defined) {
            squares += (value - mean) * (value - mean);
        }
        double sd = Math.sqrt(squares / (count - 1));
        return new Stat(count, mean, sd / Math.sqrt(count), sd, median);
    }

    /** True when every value has the same bits but for the sign of zero (0 and -0 are one value here). */
    private static boolean identical(double[] values) {
        for (double value : values) {
            if (value != values[0]) {
                return false;
            }
        }
        return true;
    }
}
