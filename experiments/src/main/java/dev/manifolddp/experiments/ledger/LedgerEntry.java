package dev.manifolddp.experiments.ledger;

/**
 * One published release in the budget ledger.
 *
 * @param time           when it was made (ISO-8601, UTC)
 * @param mechanism      the mechanism
 * @param epsilon        the epsilon it spent, at the dataset's unit of privacy
 * @param delta          the delta it spent, at the dataset's unit of privacy
 * @param guarantee      its guarantee label (pure, epsilon-delta, mcmc, unproven, not-private)
 * @param unitOfPrivacy  what the budget protects
 * @param overrideBudget true when it was made beyond the declared total with --override-budget
 */
public record LedgerEntry(String time, String mechanism, double epsilon, double delta, String guarantee,
        String unitOfPrivacy, boolean overrideBudget) {
}
