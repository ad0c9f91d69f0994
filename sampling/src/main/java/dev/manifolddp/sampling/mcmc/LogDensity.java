package dev.manifolddp.sampling.mcmc;

/**
 * An unnormalised log density with respect to the Riemannian volume: {@code log f(x) + constant}, and
 * {@code -infinity} outside the support. Metropolis-Hastings only ever uses differences of it. It must not return
 * NaN or {@code +infinity}. Implementations used in a chain should allocate nothing per call.
 */
@FunctionalInterface
public interface LogDensity {

    /** The log density at the point {@code x} (not modified). */
    double logDensity(double[] x);
}
