package dev.manifolddp.mechanisms;

import java.util.Locale;

/**
 * What a release's privacy guarantee is, read at a glance. The constants run from the strongest to the weakest; a
 * release whose construction meets several conditions carries the weakest ({@link #weakest}).
 *
 * <ul>
 *   <li>{@link #PURE}: epsilon-DP, proven: the proven noise scale (or a larger one) and an exact draw from the
 *       mechanism's law.</li>
 *   <li>{@link #EPSILON_DELTA}: (epsilon, delta)-DP, proven: the Gaussian mechanisms, and exact rejection sampling with
 *       a fixed proposal budget (whose failure probability is the delta).</li>
 *   <li>{@link #MCMC}: the target law is proven private, but the released value is a Metropolis-Hastings draw that
 *       only approximates it; no finite chain length turns this into a proven bound.</li>
 *   <li>{@link #UNPROVEN}: a step the theory does not cover: a noise scale below the proven one (e.g. a paper's), or
 *       an exact draw whose failure probability no public bound covers.</li>
 *   <li>{@link #NOT_PRIVATE}: a bound was derived from the data, a chain has no Hastings correction (its stationary
 *       law is not the target), or the randomness is seeded and therefore predictable.</li>
 * </ul>
 */
public enum Guarantee {
    PURE("pure", "epsilon-DP, proven: proven noise scale, exact sampler"),
    EPSILON_DELTA("epsilon-delta", "(epsilon, delta)-DP, proven"),
    MCMC("mcmc", "the target is epsilon-DP, but the value is an approximate (Metropolis-Hastings) draw from it"),
    UNPROVEN("unproven", "a step of the guarantee is not covered by a proof (the noise scale, or a sampler failure "
            + "no public bound covers; see the warnings): the stated budget is not guaranteed"),
    NOT_PRIVATE("not-private", "no privacy guarantee");

    private final String label;
    private final String meaning;

    Guarantee(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    /** The label written in release.json, run.json and on the console: pure, epsilon-delta, mcmc, unproven, ... */
    public String label() {
        return label;
    }

    /** One sentence saying what the label promises. */
    public String meaning() {
        return meaning;
    }

    /** True for the two proven labels, {@link #PURE} and {@link #EPSILON_DELTA}. */
    public boolean isProven() {
        return this == PURE || this == EPSILON_DELTA;
    }

    /** The weaker of two guarantees. */
    public static Guarantee weakest(Guarantee a, Guarantee b) {
        return a.ordinal() >= b.ordinal() ? a : b;
    }

    /** Reads a label ({@code pure}, {@code epsilon-delta}, {@code mcmc}, {@code unproven}, {@code not-private}). */
    public static Guarantee parse(String label) {
        for (Guarantee guarantee : values()) {
            if (guarantee.label.equals(label == null ? null : label.trim().toLowerCase(Locale.ROOT))) {
                return guarantee;
            }
        }
        throw new IllegalArgumentException("unknown guarantee; allowed: pure, epsilon-delta, mcmc, unproven, "
                + "not-private. Provided value: " + label);
    }

    @Override
    public String toString() {
        return label;
    }
}
