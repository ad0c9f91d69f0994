package dev.manifolddp.mechanisms;

import java.util.Locale;

/**
 * What adjacent datasets differ in: one record replaced (the built-in mechanisms' unit, {@link #RECORD}), or the
 * records of one subject, of whom there are at most {@code recordsPerSubject} (a public bound). Every mechanism is
 * calibrated per record; a subject-level budget is reached by group privacy (Dwork and Roth 2014, Thm 2.2, and its
 * (epsilon, delta) form by the same induction): a mechanism that is (e0, d0)-DP for one record is
 * {@code (M e0, M e^((M-1) e0) d0)}-DP for M records. This is the one place that conversion is made
 * ({@link Mechanism#calibrate(dev.manifolddp.estimators.Estimator, dev.manifolddp.geometry.Geometry, DataBall, int,
 * PrivacyBudget, PrivacyUnit)}); the proof is in docs/privacy-unit.md.
 *
 * @param recordsPerSubject the public bound M on the records of one subject; 1 for one-record adjacency
 */
public record PrivacyUnit(int recordsPerSubject) {

    /** One record replaced by any other point of the public ball; n public. */
    public static final PrivacyUnit RECORD = new PrivacyUnit(1);

    public PrivacyUnit {
        if (recordsPerSubject < 1) {
            throw new IllegalArgumentException("a subject has at least one record: the records-per-subject bound "
                    + "must be >= 1. Provided value: " + recordsPerSubject);
        }
    }

    /** The unit for subjects of at most {@code records} records (one record when {@code records} is 1). */
    public static PrivacyUnit subjects(int records) {
        return records == 1 ? RECORD : new PrivacyUnit(records);
    }

    /** True for one-record adjacency. */
    public boolean isRecord() {
        return recordsPerSubject == 1;
    }

    /**
     * The per-record budget that gives {@code subjectLevel} for groups of at most M records:
     * {@code (epsilon/M, delta/(M e^((M-1) epsilon/M)))}; the budget itself for one record.
     */
    public PrivacyBudget perRecord(PrivacyBudget subjectLevel) {
        if (isRecord()) {
            return subjectLevel;
        }
        int m = recordsPerSubject;
        double epsilon = subjectLevel.epsilon() / m;
        double growth = Math.exp((m - 1) * epsilon);
        double delta = subjectLevel.delta() / (m * growth);
        if (subjectLevel.delta() > 0 && !(delta > 0)) {
            // e^((M-1) epsilon/M) overflowed or the quotient underflowed: the per-record delta is below every double,
            // and a delta of 0 would silently turn an (epsilon, delta) budget into a pure one
            double log10 = (Math.log(subjectLevel.delta()) - Math.log(m) - (m - 1) * epsilon) / Math.log(10);
            throw new IllegalArgumentException(String.format(Locale.ROOT, "for subjects of up to %d records the "
                    + "budget %s leaves each record a delta of about 1e%.0f (group privacy divides delta by M "
                    + "e^((M-1) epsilon/M)), below the smallest double; lower the records-per-subject bound or "
                    + "epsilon, or raise delta. Provided value: %s", m, subjectLevel, log10, subjectLevel));
        }
        return new PrivacyBudget(epsilon, delta);
    }

    /**
     * The budget for groups of at most M records of a mechanism with per-record budget {@code perRecord}:
     * {@code (M e0, M e^((M-1) e0) d0)}.
     *
     * @throws IllegalArgumentException when the group delta reaches 1 (no guarantee is left) or the group epsilon
     *                                  leaves the doubles
     */
    public PrivacyBudget subjectLevel(PrivacyBudget perRecord) {
        if (isRecord()) {
            return perRecord;
        }
        int m = recordsPerSubject;
        double epsilon = m * perRecord.epsilon();
        // a pure per-record budget stays pure (e^((M-1) e0) may overflow, and infinity times 0 is no delta)
        double delta = perRecord.delta() == 0 ? 0 : m * Math.exp((m - 1) * perRecord.epsilon()) * perRecord.delta();
        if (!(delta < 1) || !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "for subjects of up to %d records the per-record budget %s gives (epsilon, delta) = (%s, "
                            + "%s): %s; lower the records-per-subject bound or the per-record epsilon or delta. "
                            + "Provided value: %s", m, perRecord, Double.isFinite(epsilon)
                            ? String.format(Locale.ROOT, "%.4g", epsilon) : "beyond 1.8e308", Double.isFinite(delta)
                            ? String.format(Locale.ROOT, "%.4g", delta) : "beyond 1",
                    Double.isFinite(epsilon) ? "delta is not below 1, so nothing is guaranteed"
                            : "epsilon is beyond the doubles", perRecord));
        }
        return new PrivacyBudget(epsilon, delta);
    }

    /**
     * What a release calibrated at {@code perRecord(requested)} spends at this unit: the caller's budget itself when
     * the mechanism spent exactly what it was given (no rounding through {@link #subjectLevel}), else group privacy
     * applied to what it spent (e.g. a fixed proposal budget's failure delta, or a pure mechanism handed a delta).
     */
    public PrivacyBudget spent(PrivacyBudget requested, PrivacyBudget perRecordSpent) {
        return perRecordSpent.equals(perRecord(requested)) ? requested : subjectLevel(perRecordSpent);
    }

    /** The sentence a release states as its unit of privacy. */
    public String describe() {
        return describe(false);
    }

    /**
     * The sentence a release states as its unit of privacy, for records that carry a covariate when
     * {@code covariates} (a replaced record is then any response of the public ball with any covariate of the public
     * range: what the estimator's sensitivity bounds).
     */
    public String describe(boolean covariates) {
        if (isRecord()) {
            return covariates ? Release.ONE_PAIR : Release.ONE_RECORD;
        }
        return String.format(Locale.ROOT, "one subject (up to %d records): adjacent datasets differ in the records "
                + "of one subject, each replaced by any other %s; n and the bound %d are public (group privacy over "
                + "one-record adjacency)", recordsPerSubject, covariates ? "response of the public "
                + "ball with any covariate of the estimator's public range" : "point of the public ball",
                recordsPerSubject);
    }
}
