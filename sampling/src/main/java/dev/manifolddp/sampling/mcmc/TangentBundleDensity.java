package dev.manifolddp.sampling.mcmc;

/**
 * An unnormalised log density on the tangent bundle TM with respect to the Liouville (Sasaki) volume: the Riemannian
 * volume of the footpoint times the Lebesgue measure of the metric on each fibre {@code T_p M}. Returns
 * {@code log f(p, v) + constant}, {@code -infinity} outside the support, never NaN or {@code +infinity}.
 * {@link TangentBundleChain} only ever uses differences of it. Implementations used in a chain should allocate
 * nothing per call.
 */
@FunctionalInterface
public interface TangentBundleDensity {

    /** The log density at the footpoint {@code p} and the tangent vector {@code v} at p (neither is modified). */
    double logDensity(double[] p, double[] v);
}
