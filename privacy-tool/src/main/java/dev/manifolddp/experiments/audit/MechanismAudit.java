package dev.manifolddp.experiments.audit;

import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.PrivacyBudget;

/**
 * The audit of one mechanism.
 *
 * @param target      the mechanism and its parameters
 * @param claimed     the budget the mechanism claims for these releases (its calibration's budget)
 * @param guarantee   the guarantee the mechanism states for its releases (its calibration's)
 * @param sigma       the noise scale of its calibration (NaN when it reports none)
 * @param confidence  the confidence of this mechanism's bound alone, after the Bonferroni split over mechanisms
 * @param event       the event chosen on the selection half
 * @param selection   the bound that event gave on the selection half (biased by the choice; for information)
 * @param candidates  how many events the selection compared
 * @param measurement the bound measured on the measurement half: the reported lower bound
 * @param failures    the releases that failed, per pair and data set (counts, not bounds)
 */
public record MechanismAudit(AuditTarget target, PrivacyBudget claimed, Guarantee guarantee, double sigma,
        double confidence, AuditEvent event, EpsilonBound selection, long candidates, EpsilonBound measurement,
        ReleaseFailures failures) {

    /** The lower confidence bound on the epsilon the mechanism spends. */
    public double epsilonLowerBound() {
        return measurement.epsilonLowerBound();
    }

    /**
     * The lower confidence bound, from the same event and at the same confidence, on the delta the mechanism needs
     * at its claimed epsilon ({@link EpsilonBound#deltaLowerBound}); above the claimed delta exactly when
     * {@link #violation}.
     */
    public double deltaLowerBound() {
        return measurement.deltaLowerBound(claimed.epsilon());
    }

    /** True when the bound exceeds the claimed epsilon: the mechanism spends more than it claims. */
    public boolean violation() {
        return epsilonLowerBound() > claimed.epsilon();
    }

    /** The verdict as printed. */
    public String verdict() {
        if (violation()) {
            return event instanceof FailureEvent
                    ? "VIOLATION: the mechanism spends more than claimed (its releases fail on one data set of a pair "
                            + "far more often than on the other)"
                    : "VIOLATION: the mechanism spends more than claimed";
        }
        if (failures.every()) {
            return "INCONCLUSIVE: every release failed, so the audit saw no released value (" + failures.example()
                    + ")";
        }
        return "consistent with the claim";
    }
}
