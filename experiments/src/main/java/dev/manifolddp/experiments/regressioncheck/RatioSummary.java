package dev.manifolddp.experiments.regressioncheck;

import java.util.Arrays;

/**
 * The spread of one cell's sensitivity ratios {@code theoretical Delta / empirical difference}: the five numbers of a
 * box plot (quartiles by linear interpolation between order statistics, Hyndman and Fan 1996 type 7) and how many
 * ratios are below 1, where the bound would fail.
 *
 * @param count    the ratios
 * @param min      the smallest
 * @param q1       the lower quartile
 * @param median   the median
 * @param q3       the upper quartile
 * @param max      the largest
 * @param belowOne ratios below 1
 */
record RatioSummary(int count, double min, double q1, double median, double q3, double max, int belowOne) {

    static RatioSummary of(double[] ratios) {
        if (ratios.length == 0) {
            throw new IllegalArgumentException("ratios must not be empty. Provided value: 0 ratios");
        }
        double[] sorted = ratios.clone();
        Arrays.sort(sorted);
        int below = (int) Arrays.stream(sorted).filter(r -> !(r >= 1)).count();
        return new RatioSummary(sorted.length, sorted[0], quantile(sorted, 0.25), quantile(sorted, 0.5),
                quantile(sorted, 0.75), sorted[sorted.length - 1], below);
    }

    /** The type-7 quantile of sorted values. */
    static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int low = (int) Math.floor(h);
        int high = Math.min(low + 1, sorted.length - 1);
        return sorted[low] + (h - low) * (sorted[high] - sorted[low]);
    }
}
