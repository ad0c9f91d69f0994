package dev.manifolddp.experiments.ledger;

/**
 * One published release in the budget ledger.
 *
 * @param time              when it was made (ISO-8601, UTC)
 * @param mechanism         the mechanism
 * @param epsilon           the epsilon it spent, at its own unit of privacy
 * @param delta             the delta it spent, at its own unit of privacy
 * @param guarantee         its guarantee label (pure, epsilon-delta, mcmc, unproven, not-private)
 * @param unitOfPrivacy     what the budget protects, in words
 * @param recordsPerSubject the public bound on a subject's records when the unit is one subject, or 0 when it is
 *                          one record (the ledger converts record-level spending to the subject level with it)
 * @param overrideBudget    true when it was made beyond the declared total with --override-budget
 */
public record LedgerEntry(String time, String mechanism, double epsilon, double delta, String guarantee,
        String unitOfPrivacy, int recordsPerSubject, boolean overrideBudget) {
}
