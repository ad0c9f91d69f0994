package dev.manifolddp.experiments.audit;

import dev.manifolddp.mechanisms.Mechanism;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How many releases of one mechanism failed (threw after calibration), per pair and data set over all releases of
 * both halves, and what the first failure threw. These are counts for people, not bounds: the bound on a failure
 * that depends on the data is the {@link FailureEvent}'s, measured like any event when the selection chooses it.
 *
 * @param pairs   the counts of each pair, in pair order
 * @param example the first failure (by pair, data set, release index) as one line, drawn again on the driver; null
 *                when no release failed
 */
public record ReleaseFailures(List<Pair> pairs, String example) {

    /**
     * The failures on one pair.
     *
     * @param pair     the pair's index
     * @param onD      releases on D that failed
     * @param onDPrime releases on D' that failed
     * @param releases releases drawn on each data set
     */
    public record Pair(int pair, long onD, long onDPrime, int releases) {
    }

    public ReleaseFailures {
        pairs = List.copyOf(pairs);
    }

    /** Counts the failures in {@code table} and describes the first one (it draws that release again). */
    static ReleaseFailures of(AuditSetup setup, Mechanism mechanism, List<BoundaryPair> pairs, ReleaseTable table) {
        int releases = setup.releases();
        List<Pair> counts = new ArrayList<>(pairs.size());
        String example = null;
        for (BoundaryPair pair : pairs) {
            counts.add(new Pair(pair.index(), table.failures(pair.index(), 0, 0, releases),
                    table.failures(pair.index(), 1, 0, releases), releases));
            for (int role = 0; role < 2 && example == null; role++) {
                boolean[] failed = table.failed(pair.index(), role);
                for (int i = 0; i < releases && example == null; i++) {
                    if (failed[i]) {
                        example = describe(setup, mechanism, pair, role, i);
                    }
                }
            }
        }
        return new ReleaseFailures(counts, example);
    }

    private static String describe(AuditSetup setup, Mechanism mechanism, BoundaryPair pair, int role, int index) {
        String thrown = AuditSampler.failure(setup, mechanism, pair, role, index);
        return String.format(Locale.ROOT, "pair %d (%s), %s, release %d: %s", pair.index(),
                pair.placement().configName(), role == 0 ? "D" : "D'", index, thrown != null ? thrown
                        : "did not fail when drawn again: the mechanism is not a pure function of its random stream");
    }

    /** Failed releases on the D of every pair. */
    public long onD() {
        return pairs.stream().mapToLong(Pair::onD).sum();
    }

    /** Failed releases on the D' of every pair. */
    public long onDPrime() {
        return pairs.stream().mapToLong(Pair::onDPrime).sum();
    }

    /** Releases drawn on all the D (as many as on all the D'). */
    public long releasesPerRole() {
        return pairs.stream().mapToLong(Pair::releases).sum();
    }

    /** True when some release failed. */
    public boolean any() {
        return onD() + onDPrime() > 0;
    }

    /** True when every release failed: the audit saw no released value. */
    public boolean every() {
        return onD() + onDPrime() == 2 * releasesPerRole();
    }
}
