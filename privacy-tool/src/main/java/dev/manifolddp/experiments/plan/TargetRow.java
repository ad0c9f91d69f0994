package dev.manifolddp.experiments.plan;

/**
 * The smallest n of the doubling grid {@code 2, 4, 8, ...} at which a mechanism's expected error falls below the
 * target, at one (epsilon, delta).
 *
 * @param mechanism the mechanism's label
 * @param epsilon   the epsilon
 * @param delta     the delta
 * @param n         that n, or -1 when no n up to the search's limit reached the target
 * @param row       the prediction at that n (at the largest n tried when not reached; null when every n was refused)
 * @param note      why the search stopped without an n, or empty
 */
public record TargetRow(String mechanism, double epsilon, double delta, int n, PlanRow row, String note) {

    public boolean reached() {
        return n > 0;
    }
}
