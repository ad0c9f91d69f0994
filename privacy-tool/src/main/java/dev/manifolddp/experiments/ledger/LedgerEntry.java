package dev.manifolddp.experiments.ledger;

/**
 * One published release in the budget ledger: a typed privacy event (docs/accounting.md).
 *
 * @param time                  when it was made (ISO-8601, UTC)
 * @param mechanism             the mechanism
 * @param epsilon               the epsilon it spent, at its own unit of privacy
 * @param delta                 the delta it spent, at its own unit of privacy
 * @param guarantee             its guarantee label (pure, epsilon-delta, mcmc, unproven, not-private)
 * @param unitOfPrivacy         what the budget protects, in words
 * @param recordsPerSubject     the public bound on a subject's records when the unit is one subject, or 0 when it is
 *                              one record (the ledger converts record-level spending to the subject level with it)
 * @param overrideBudget        true when it was made beyond the declared total with --override-budget
 * @param event                 the kind of privacy event: {@code pure} (epsilon-DP), {@code zcdp} (rho-zCDP, also
 *                              stated as (epsilon, delta)), {@code epsilon-delta}, {@code approximate} (mcmc or
 *                              unproven: charged at its nominal amount) or {@code not-private}
 * @param rho                   its zCDP parameter at its unit, or null when it states none
 * @param exactSampler          false when the value was a Metropolis-Hastings draw
 * @param sensitivityDerivation how the noise scale was derived (the release's formula), or null
 * @param selectionColumn       the public column the released rows were selected by ({@code --where}), or null
 * @param selectionValues       the selected values of that column, or null (parallel composition reads them)
 */
public record LedgerEntry(String time, String mechanism, double epsilon, double delta, String guarantee,
        String unitOfPrivacy, int recordsPerSubject, boolean overrideBudget, String event, Double rho,
        boolean exactSampler, String sensitivityDerivation, String selectionColumn,
        java.util.List<String> selectionValues) {

    /** The event kind of a release with this guarantee, delta and (possibly null) rho. */
    public static String eventOf(String guarantee, double delta, Double rho) {
        return switch (guarantee) {
            case "not-private" -> "not-private";
            case "mcmc", "unproven" -> "approximate";
            case "pure" -> "pure";
            default -> rho != null ? "zcdp" : delta == 0 ? "pure" : "epsilon-delta";
        };
    }
}
