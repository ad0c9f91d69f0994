package dev.manifolddp.mechanisms;

/**
 * How a release was drawn. An {@link Method#MCMC} release is only approximately a draw from the mechanism's law, so
 * its pure-DP guarantee holds only approximately (Soto et al. 2022, §4, Kulkarni and Soto 2025, App. A.1): the report carries the chain's length and
 * diagnostics so that a reader can judge it.
 *
 * @param method              how the noise was drawn
 * @param proposals           proposals drawn (exact rejection samplers, MCMC steps); 0 for direct draws
 * @param burnIn              MCMC burn-in steps (0 otherwise)
 * @param thin                MCMC thinning interval (0 otherwise)
 * @param chains              MCMC chains run (0 otherwise)
 * @param acceptanceRate      fraction of proposals accepted (NaN for direct draws)
 * @param effectiveSampleSize MCMC effective sample size of the monitored statistic (NaN otherwise)
 * @param rHat                split R-hat across chains (NaN with one chain or no MCMC)
 */
public record SamplerReport(Method method, long proposals, long burnIn, long thin, int chains, double acceptanceRate,
        double effectiveSampleSize, double rHat) {

    /** How the noise of a release was drawn. */
    public enum Method {
        /** A closed-form draw (Gaussian or Laplace noise in a Euclidean space or an isometric chart). */
        DIRECT,
        /** An exact draw by rejection sampling: the law is exactly the mechanism's. */
        EXACT,
        /** Metropolis-Hastings: approximately the mechanism's law. */
        MCMC
    }

    public static SamplerReport direct() {
        return new SamplerReport(Method.DIRECT, 0, 0, 0, 0, Double.NaN, Double.NaN, Double.NaN);
    }

    public static SamplerReport exact(long proposals) {
        return new SamplerReport(Method.EXACT, proposals, 0, 0, 0, proposals == 0 ? Double.NaN : 1.0 / proposals,
                Double.NaN, Double.NaN);
    }

    /**
     * An exact rejection sampler run with a fixed budget of proposals: every release spends {@code budget} proposals
     * whatever the data, so the count says nothing about the acceptance rate, which is reported as NaN.
     */
    public static SamplerReport exactWithBudget(long budget) {
        return new SamplerReport(Method.EXACT, budget, 0, 0, 0, Double.NaN, Double.NaN, Double.NaN);
    }

    public static SamplerReport mcmc(long steps, long burnIn, long thin, int chains, double acceptanceRate,
            double effectiveSampleSize, double rHat) {
        return new SamplerReport(Method.MCMC, steps, burnIn, thin, chains, acceptanceRate, effectiveSampleSize, rHat);
    }

    public boolean isMcmc() {
        return method == Method.MCMC;
    }
}
