package dev.manifolddp.experiments.ledger;

import dev.manifolddp.mechanisms.PrivacyBudget;
import java.util.Locale;

/**
 * Group privacy (Dwork, Roth 2014, Thm 2.2, and its (epsilon, delta) form by the same induction): a mechanism
 * that is (e0, d0)-DP for datasets differing in one record is (M e0, M e^((M-1) e0) d0)-DP for datasets differing
 * in at most M records. A subject with at most M records (a public bound) is protected at the subject level by releasing with
 * the per-record budget {@code (epsilon/M, delta/(M e^((M-1) epsilon/M)))}. The proof is in docs/privacy-unit.md.
 */
public final class GroupPrivacy {

    private GroupPrivacy() {
    }

    /**
     * The per-record budget that gives {@code subjectLevel} for groups of at most {@code records} records:
     * {@code (epsilon/M, delta/(M e^((M-1) epsilon/M)))}.
     */
    public static PrivacyBudget perRecord(PrivacyBudget subjectLevel, int records) {
        requireGroup(records);
        double epsilon = subjectLevel.epsilon() / records;
        double delta = subjectLevel.delta() / (records * Math.exp((records - 1) * epsilon));
        return new PrivacyBudget(epsilon, delta);
    }

    /**
     * The budget for groups of at most {@code records} records of a mechanism with per-record budget
     * {@code perRecord}: {@code (M e0, M e^((M-1) e0) d0)}.
     *
     * @throws IllegalArgumentException when the group delta reaches 1 (no guarantee is left)
     */
    public static PrivacyBudget subjectLevel(PrivacyBudget perRecord, int records) {
        requireGroup(records);
        double epsilon = records * perRecord.epsilon();
        double delta = records * Math.exp((records - 1) * perRecord.epsilon()) * perRecord.delta();
        if (!(delta < 1) || !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "for subjects of up to %d records the per-record budget %s gives (epsilon, delta) = (%.4g, "
                            + "%.4g): delta is not below 1, so nothing is guaranteed; lower the records-per-subject "
                            + "bound or the per-record delta", records, perRecord, epsilon, delta));
        }
        return new PrivacyBudget(epsilon, delta);
    }

    /** The unit of privacy of a subject-level release for subjects of up to {@code records} records. */
    public static String unit(int records) {
        requireGroup(records);
        return String.format(Locale.ROOT, "one subject (up to %d records): adjacent datasets differ in the records "
                + "of one subject, each replaced by any other point of the public ball; n and the bound %d are "
                + "public (group privacy over one-record adjacency)", records, records);
    }

    private static void requireGroup(int records) {
        if (records < 1) {
            throw new IllegalArgumentException("a group has at least one record. Provided value: " + records);
        }
    }
}
