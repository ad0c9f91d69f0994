package dev.manifolddp.experiments.audit;

/**
 * The lower confidence bound on epsilon given by one event E measured on two adjacent data sets (Jagielski,
 * Ullman, Oprea 2020; Nasr et al. 2021): with k of n releases on D in E and k' of n' releases on D' in E,
 * {@code p_low} is the Clopper-Pearson lower bound on P_D(E) and {@code p'_up} the upper bound on P_D'(E), each at
 * level {@code 1 - alphaSide}; (epsilon, delta)-DP implies {@code P_D(E) <= e^epsilon P_D'(E) + delta}, so with
 * probability at least {@code 1 - 2 alphaSide}
 * {@code epsilon >= ln((p_low - delta) / p'_up)}; the bound is 0 when that is not positive.
 *
 * @param inEvent          k, releases on the numerator data set that fell in the event
 * @param releases         n, releases measured on the numerator data set
 * @param inEventOther     k', releases on the other data set that fell in the event
 * @param releasesOther    n', releases measured on the other data set
 * @param delta            the claimed delta
 * @param alphaSide        the error probability of each one-sided bound
 * @param pLower           p_low
 * @param pOtherUpper      p'_up
 * @param epsilonLowerBound max(0, ln((p_low - delta) / p'_up))
 * @param pointEstimate    ln((k/n - delta) / (k'/n')) without confidence (infinite when k' = 0, NaN when undefined)
 */
public record EpsilonBound(long inEvent, long releases, long inEventOther, long releasesOther, double delta,
        double alphaSide, double pLower, double pOtherUpper, double epsilonLowerBound, double pointEstimate) {

    /** The bound from the counts. */
    public static EpsilonBound of(long inEvent, long releases, long inEventOther, long releasesOther, double delta,
            double alphaSide) {
        double pLower = ClopperPearson.lower(inEvent, releases, alphaSide);
        double pOtherUpper = ClopperPearson.upper(inEventOther, releasesOther, alphaSide);
        double bound = pLower - delta > 0 ? Math.max(0, Math.log((pLower - delta) / pOtherUpper)) : 0;
        double p = (double) inEvent / releases - delta;
        double pOther = (double) inEventOther / releasesOther;
        double point = p > 0 ? Math.log(p / pOther) : Double.NaN;
        return new EpsilonBound(inEvent, releases, inEventOther, releasesOther, delta, alphaSide, pLower, pOtherUpper,
                bound, point);
    }

    /**
     * A lower confidence bound on the delta of any (epsilon, delta) the mechanism satisfies, at this
     * {@code epsilon}: {@code P_D(E) <= e^epsilon P_D'(E) + delta} gives {@code delta >= p_low - e^epsilon p'_up}
     * (0 when not positive), with the same probability {@code 1 - 2 alphaSide} as {@link #epsilonLowerBound}, from
     * the same two bounds. At the claimed epsilon it exceeds the claimed delta exactly when
     * {@link #epsilonLowerBound} exceeds the claimed epsilon; it says how much delta the claim would need, which is
     * the natural measure of a data-dependent failure (a delta near 1).
     */
    public double deltaLowerBound(double epsilon) {
        return Math.max(0, pLower - Math.exp(epsilon) * pOtherUpper);
    }
}
