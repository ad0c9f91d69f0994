package dev.manifolddp.experiments.output;

/**
 * The mean of a utility over the replicates of one cell and mechanism, with its standard error
 * {@code s / sqrt(count)} (s the sample standard deviation) and the band {@code mean +- 2 SE} the papers plot.
 *
 * @param count         defined values
 * @param mean          their mean (NaN when none)
 * @param standardError the standard error (NaN with fewer than two values)
 */
public record Stat(long count, double mean, double standardError) {

    public double lower() {
        return mean - 2 * standardError;
    }

    public double upper() {
        return mean + 2 * standardError;
    }

    /** Mean and standard error of the defined (non-NaN) values, summed in index order. */
    static Stat of(double[] values) {
        long count = 0;
        double sum = 0;
        for (double value : values) {
            if (!Double.isNaN(value)) {
                count++;
                sum += value;
            }
        }
        if (count == 0) {
            return new Stat(0, Double.NaN, Double.NaN);
        }
        double mean = sum / count;
        if (count < 2) {
            return new Stat(count, mean, Double.NaN);
        }
        double squares = 0;
        for (double value : values) {
            if (!Double.isNaN(value)) {
                squares += (value - mean) * (value - mean);
            }
        }
        return new Stat(count, mean, Math.sqrt(squares / (count - 1) / count));
    }
}
