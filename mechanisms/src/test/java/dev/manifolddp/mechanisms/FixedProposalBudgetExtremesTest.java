package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.HostileNumbers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, class 3: the fixed proposal budget's arithmetic (delta = (1 + e^epsilon)(1 - alpha)^N and its inverse)
 * at the extremes of alpha, epsilon, N and the target delta: a delta that is a number (never NaN), a proposal count
 * that is a positive long or the documented -1 (no N fits), never a wrapped cast; and the failure probability a
 * message shows is a number even where e^epsilon overflows.
 */
class FixedProposalBudgetExtremesTest {

    @Test
    void deltaAndProposalsStayNumbersAtEveryExtreme() {
        List<Double> alphas = new ArrayList<>(HostileNumbers.POSITIVE);
        alphas.addAll(List.of(0.0, 0.5, 1 - 1e-16, Double.NaN));
        List<Double> epsilons = List.of(HostileNumbers.SUBNORMAL, 1e-300, 1.0, 800.0, 1e12);
        List<Double> targets = List.of(Double.MIN_VALUE, 1e-300, 1e-5, 0.5);
        for (double alpha : alphas) {
            for (double epsilon : epsilons) {
                for (long n : new long[] {1, 1000, Integer.MAX_VALUE, Long.MAX_VALUE}) {
                    double delta = FixedProposalBudget.delta(alpha, epsilon, n);
                    assertThat(Double.isNaN(delta)).as("delta(%s, %s, %s)", alpha, epsilon, n).isFalse();
                    assertThat(delta).isGreaterThanOrEqualTo(0);
                }
                for (double target : targets) {
                    long proposals = FixedProposalBudget.proposals(alpha, epsilon, target);
                    assertThat(proposals == -1 || proposals >= 1).as("proposals(%s, %s, %s) = %s", alpha, epsilon,
                            target, proposals).isTrue();
                    if (proposals >= 1 && alpha > 0 && alpha < 1) {
                        // the count it gives meets the target
                        assertThat(FixedProposalBudget.delta(alpha, epsilon, proposals))
                                .isLessThanOrEqualTo(target * (1 + 1e-9));
                    }
                }
            }
        }
    }

    @Test
    void theFailureProbabilityShownIsANumberWhereEToTheEpsilonOverflows() {
        assertThat(FixedProposalBudget.describeFailure(1e-5, 800)).startsWith("about 1e-35");
        assertThat(FixedProposalBudget.describeFailure(1e-5, 1)).isEqualTo("2.69e-06");
    }

    /** A given budget is bounded like the auto one: 2^31 proposals over n records would run for hours. */
    @Test
    void aGivenBudgetAboveTheLimitIsRefusedByItsRange() {
        for (long budget : new long[] {-1, KNormGradient.MAX_PROPOSAL_BUDGET + 1, Integer.MAX_VALUE, Long.MAX_VALUE}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> KNormGradient.builder().proposalBudget(budget)
                    .build()).hasMessageContaining("proposal-budget must lie in [0, 1000000]")
                    .hasMessageContaining("Provided value: " + budget);
        }
        assertThat(KNormGradient.builder().proposalBudget(KNormGradient.MAX_PROPOSAL_BUDGET).build().proposalBudget())
                .isEqualTo(KNormGradient.MAX_PROPOSAL_BUDGET);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new KNormGradientProvider().create(
                java.util.Map.of("proposal-budget", "2147483647"))).hasMessageContaining("proposal-budget")
                .hasMessageContaining("[0, 1000000]");
    }
}
