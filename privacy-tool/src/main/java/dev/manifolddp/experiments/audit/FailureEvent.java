package dev.manifolddp.experiments.audit;

import java.util.Locale;

/**
 * The event "the release failed" (the mechanism threw after reading the records): a mechanism whose failure depends
 * on the data leaks through it as through any released value. A failure on one data set of a pair that never happens
 * on the other is the strongest evidence an audit can see: with N measured releases per data set it bounds epsilon
 * below by about {@code ln(N / ln(1/alpha_s))}, and delta at the claimed epsilon by nearly 1
 * ({@link EpsilonBound#deltaLowerBound}).
 *
 * @param pair          the pair's index
 * @param numeratorRole 0 when the bound compares P_D(failed) with P_D'(failed), 1 for the swapped roles
 */
public record FailureEvent(int pair, int numeratorRole) implements AuditEvent {

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "{release failed}, pair %d, P[%s] vs P[%s]", pair,
                numeratorRole == 0 ? "D" : "D'", numeratorRole == 0 ? "D'" : "D");
    }
}
