package dev.manifolddp.sampling.mcmc;

/**
 * The split potential scale reduction factor R-hat of several chains of a scalar summary (Gelman and Rubin 1992;
 * split form of Gelman et al., Bayesian Data Analysis, 3rd ed., §11.4).
 *
 * <p>Each chain is cut into halves (the middle value is dropped when the length is odd), giving m half-chains of
 * length n. With W the mean within-half variance and B/n the variance of the half means,
 * {@code var+ = (n-1)/n W + B/n} and {@code R-hat = sqrt(var+ / W)}. Near 1 for chains that mix over the same law;
 * values above about 1.1 flag chains that disagree (stuck apart, or still drifting).
 */
public final class SplitRHat {

    private SplitRHat() {
    }

    /**
     * Split R-hat of {@code chains} (at least one chain, all of the same length >= 4). Returns 1 when every half is
     * constant and equal to the others, +infinity when halves are constant but different.
     */
    public static double of(double[][] chains) {
        if (chains == null || chains.length == 0) {
            throw new IllegalArgumentException("chains must hold at least one chain. Provided length: "
                    + (chains == null ? "null" : "0"));
        }
        int length = chains[0].length;
        for (int c = 0; c < chains.length; c++) {
            if (chains[c].length != length) {
                throw new IllegalArgumentException(String.format(
                        "every chain must have the same length; chain 0 has %d. Provided length of chain %d: %d",
                        length, c, chains[c].length));
            }
        }
        if (length < 4) {
            throw new IllegalArgumentException("split R-hat needs chains of length >= 4. Provided length: " + length);
        }
        int n = length / 2;
        int halves = 2 * chains.length;
        double[] means = new double[halves];
        double within = 0;
        for (int c = 0; c < chains.length; c++) {
            for (int h = 0; h < 2; h++) {
                int start = h == 0 ? 0 : length - n;
                double mean = 0;
                for (int i = 0; i < n; i++) {
                    mean += chains[c][start + i];
                }
                mean /= n;
                double variance = 0;
                for (int i = 0; i < n; i++) {
                    double diff = chains[c][start + i] - mean;
                    variance += diff * diff;
                }
                within += variance / (n - 1);
                means[2 * c + h] = mean;
            }
        }
        within /= halves;
        double grand = 0;
        for (double m : means) {
            grand += m;
        }
        grand /= halves;
        double between = 0;
        for (double m : means) {
            between += (m - grand) * (m - grand);
        }
        between = between * n / (halves - 1);
        if (!(within > 0)) {
            return between > 0 ? Double.POSITIVE_INFINITY : 1.0;
        }
        double pooled = (n - 1.0) / n * within + between / n;
        return Math.sqrt(pooled / within);
    }
}
