package dev.manifolddp.sampling.mcmc;

/**
 * Effective sample size of a scalar series by Geyer's initial monotone sequence estimator (Geyer 1992, "Practical
 * Markov chain Monte Carlo", Statist. Sci. 7).
 *
 * <p>With autocorrelations {@code rho_t}, the integrated autocorrelation time is
 * {@code tau = 1 + 2 sum_(t>=1) rho_t = -1 + 2 sum_(k>=0) Gamma_k}, {@code Gamma_k = rho_(2k) + rho_(2k+1)}. For a
 * reversible chain the true {@code Gamma_k} are positive and decreasing; the estimator sums the empirical
 * {@code Gamma_k} while they stay positive, each capped by its predecessor, and returns {@code n / tau}. The result is
 * capped at {@code n log10(n)} (as in Stan) because antithetic noise can make tau tiny.
 */
public final class EffectiveSampleSize {

    private EffectiveSampleSize() {
    }

    /**
     * The effective sample size of {@code series} (length n >= 1). A constant series carries the information of a
     * single draw: returns 1.
     */
    public static double of(double[] series) {
        if (series == null || series.length == 0) {
            throw new IllegalArgumentException("series must hold at least one value. Provided length: "
                    + (series == null ? "null" : "0"));
        }
        int n = series.length;
        double mean = 0;
        for (double v : series) {
            mean += v;
        }
        mean /= n;
        double c0 = autocovariance(series, mean, 0);
        if (!(c0 > 0)) {
            return 1.0;
        }
        double sum = 0;
        double previous = Double.POSITIVE_INFINITY;
        for (int lag = 0; lag + 1 < n; lag += 2) {
            double pair = (autocovariance(series, mean, lag) + autocovariance(series, mean, lag + 1)) / c0;
            if (!(pair > 0)) {
                break;
            }
            pair = Math.min(pair, previous);
            sum += pair;
            previous = pair;
        }
        double tau = -1 + 2 * sum;
        double cap = n * Math.max(1.0, Math.log10(n));
        if (!(tau > 0)) {
            return cap;
        }
        return Math.min(n / tau, cap);
    }

    /** {@code (1/n) sum_(i < n - lag) (x_i - mean)(x_(i+lag) - mean)}: the biased estimator Geyer uses. */
    private static double autocovariance(double[] x, double mean, int lag) {
        double sum = 0;
        for (int i = 0; i + lag < x.length; i++) {
            sum += (x[i] - mean) * (x[i + lag] - mean);
        }
        return sum / x.length;
    }
}
