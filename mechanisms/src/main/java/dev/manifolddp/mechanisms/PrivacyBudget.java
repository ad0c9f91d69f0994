package dev.manifolddp.mechanisms;

/**
 * A differential-privacy budget (epsilon, delta): pure epsilon-DP when {@code delta == 0}, approximate
 * (epsilon, delta)-DP otherwise (Soto et al. 2022, Definition 1; Dwork and Roth 2014).
 *
 * @param epsilon the privacy loss bound, finite and {@code > 0}
 * @param delta   the failure probability, 0 for pure DP, else in {@code (0, 1)}
 */
public record PrivacyBudget(double epsilon, double delta) {

    public PrivacyBudget {
        if (!(epsilon > 0) || !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException(
                    "epsilon must be a finite number > 0; smaller is more private. Provided value: " + epsilon);
        }
        if (!(delta >= 0 && delta < 1)) {
            throw new IllegalArgumentException(
                    "delta must be 0 (pure DP) or lie strictly between 0 and 1, typically below 1/n. Provided value: "
                            + delta);
        }
    }

    /** A pure epsilon-DP budget. */
    public static PrivacyBudget pure(double epsilon) {
        return new PrivacyBudget(epsilon, 0);
    }

    /** An (epsilon, delta) budget with {@code 0 < delta < 1}. */
    public static PrivacyBudget approximate(double epsilon, double delta) {
        if (!(delta > 0)) {
            throw new IllegalArgumentException(
                    "an approximate-DP budget needs delta strictly between 0 and 1. Provided value: " + delta);
        }
        return new PrivacyBudget(epsilon, delta);
    }

    // equals and hashCode written out with the record's own meaning (each component by Double.compare): the generated
    // ones bootstrap through method handles on first use, about 40 ms of every release's start (docs/scale.md)
    @Override
    public boolean equals(Object other) {
        return other instanceof PrivacyBudget budget && Double.compare(epsilon, budget.epsilon) == 0
                && Double.compare(delta, budget.delta) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(epsilon) + Double.hashCode(delta);
    }

    public boolean isPure() {
        return delta == 0;
    }

    /** The budget spent by this release followed by {@code other} (basic sequential composition). */
    public PrivacyBudget plus(PrivacyBudget other) {
        if (other == null) {
            throw new IllegalArgumentException("the budget to add must be given. Provided value: null");
        }
        double sum = epsilon + other.epsilon;
        if (!Double.isFinite(sum)) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "the composed epsilon %s + %s "
                    + "is beyond the largest double (1.8e308); compose budgets whose epsilons sum to a finite number. "
                    + "Provided value: epsilon = %s", epsilon, other.epsilon, other.epsilon));
        }
        return new PrivacyBudget(sum, Math.min(delta + other.delta, Math.nextDown(1.0)));
    }

    @Override
    public String toString() {
        return isPure() ? "epsilon = " + epsilon : "(epsilon, delta) = (" + epsilon + ", " + delta + ")";
    }
}
