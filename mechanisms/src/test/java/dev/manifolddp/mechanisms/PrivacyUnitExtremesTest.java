package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.HostileNumbers;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, class 3: the unit-of-privacy conversions and budget composition at the extremes. Before, a large group
 * turned an (epsilon, delta) budget into a pure one (e^((M-1) epsilon/M) overflowed and delta became 0), a pure
 * per-record budget with a large epsilon was refused as "delta is not below 1" (infinity times 0 is NaN), and a sum of
 * epsilons that overflowed was refused as "epsilon = Infinity", a value nobody gave.
 */
class PrivacyUnitExtremesTest {

    @Test
    void aLargeGroupNeverTurnsADeltaBudgetIntoAPureOne() {
        PrivacyUnit unit = PrivacyUnit.subjects(Integer.MAX_VALUE);
        assertThatThrownBy(() -> unit.perRecord(new PrivacyBudget(1e6, 1e-5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("below the smallest double")
                .hasMessageContaining("records-per-subject").hasMessageNotContaining("Infinity");
        PrivacyBudget perRecord = PrivacyUnit.subjects(10).perRecord(new PrivacyBudget(5, 1e-5));
        assertThat(perRecord.delta()).isPositive();
    }

    @Test
    void aPureBudgetStaysPureForAnyGroupAndEpsilon() {
        PrivacyUnit unit = PrivacyUnit.subjects(1000);
        assertThat(unit.subjectLevel(PrivacyBudget.pure(10)).delta()).isZero();
        assertThat(unit.subjectLevel(PrivacyBudget.pure(10)).epsilon()).isEqualTo(10000);
    }

    @Test
    void everyExtremeEpsilonAndGroupSizeConvertsOrRefusesWithoutInternalValues() {
        for (int m : new int[] {1, 2, 1000, Integer.MAX_VALUE}) {
            PrivacyUnit unit = PrivacyUnit.subjects(m);
            for (double epsilon : HostileNumbers.POSITIVE) {
                for (double delta : new double[] {0, Double.MIN_VALUE, 1e-300, 1e-5, 0.5}) {
                    PrivacyBudget budget = new PrivacyBudget(epsilon, delta);
                    for (boolean down : new boolean[] {true, false}) {
                        try {
                            PrivacyBudget converted = down ? unit.perRecord(budget) : unit.subjectLevel(budget);
                            assertThat(converted.epsilon()).isFinite().isPositive();
                            assertThat(converted.delta() > 0).as("delta stays nonzero iff it was: %s, M = %s",
                                    budget, m).isEqualTo(delta > 0);
                        } catch (IllegalArgumentException refusal) {
                            assertThat(refusal.getMessage()).doesNotContain("Infinity").doesNotContain("NaN")
                                    .contains("Provided value");
                        }
                    }
                }
            }
        }
    }

    @Test
    void composingBeyondTheDoublesNamesTheEpsilonsGiven() {
        assertThatThrownBy(() -> PrivacyBudget.pure(1e308).plus(PrivacyBudget.pure(1e308)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1.0E308 + 1.0E308")
                .hasMessageNotContaining("Infinity");
    }
}
