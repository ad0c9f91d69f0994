package dev.manifolddp.experiments.audit;

import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.Guarantee;

/**
 * The audit of one mechanism.
 *
 * @param target      the mechanism and its parameters
 * @param claimed     the budget the mechanism claims for these releases (its first release's budget)
 * @param guarantee   the guarantee the mechanism states for its releases (of its first release)
 * @param sigma       the noise scale of its first release (NaN when it reports none)
 * @param confidence  the confidence of this mechanism's bound alone, after the Bonferroni split over mechanisms
 * @param event       the event chosen on the selection half
 * @param selection   the bound that event gave on the selection half (biased by the choice; for information)
 * @param candidates  how many events the selection compared
 * @param measurement the bound measured on the measurement half: the reported lower bound
 */
public record MechanismAudit(AuditTarget target, PrivacyBudget claimed, Guarantee guarantee, double sigma,
        double confidence, AuditEvent event, EpsilonBound selection, long candidates, EpsilonBound measurement) {

    /** The lower confidence bound on the epsilon the mechanism spends. */
    public double epsilonLowerBound() {
        return measurement.epsilonLowerBound();
    }

    /** True when the bound exceeds the claimed epsilon: the mechanism spends more than it claims. */
    public boolean violation() {
        return epsilonLowerBound() > claimed.epsilon();
    }

    /** The verdict as printed. */
    public String verdict() {
        return violation() ? "VIOLATION: the mechanism spends more than claimed" : "consistent with the claim";
    }
}
