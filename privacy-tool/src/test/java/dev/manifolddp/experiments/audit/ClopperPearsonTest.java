package dev.manifolddp.experiments.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

/** Clopper-Pearson bounds: closed forms at the ends, the lower/upper symmetry, and exact coverage. */
class ClopperPearsonTest {

    @Test
    void closedFormsAtTheEnds() {
        // k = 0: P(X = 0) = (1 - p)^n = alpha at the upper bound; k = n: p^n = alpha at the lower bound
        assertThat(ClopperPearson.upper(0, 50, 0.025)).isCloseTo(1 - Math.pow(0.025, 1.0 / 50), within(1e-12));
        assertThat(ClopperPearson.lower(50, 50, 0.025)).isCloseTo(Math.pow(0.025, 1.0 / 50), within(1e-12));
        assertThat(ClopperPearson.lower(0, 50, 0.025)).isZero();
        assertThat(ClopperPearson.upper(50, 50, 0.025)).isEqualTo(1);
    }

    @Test
    void lowerAndUpperMirrorEachOther() {
        for (int k = 0; k <= 40; k++) {
            assertThat(ClopperPearson.lower(k, 40, 0.01)).isCloseTo(1 - ClopperPearson.upper(40 - k, 40, 0.01),
                    within(1e-10));
        }
    }

    @Test
    void theBoundsAreTheTailInversions() {
        // at the lower bound p_L, P(X >= k) = alpha; at the upper bound p_U, P(X <= k) = alpha
        double lower = ClopperPearson.lower(37, 200, 0.025);
        double upper = ClopperPearson.upper(37, 200, 0.025);
        assertThat(BinomialDistribution.of(200, lower).survivalProbability(36)).isCloseTo(0.025, within(1e-9));
        assertThat(BinomialDistribution.of(200, upper).cumulativeProbability(37)).isCloseTo(0.025, within(1e-9));
    }

    /** Exact (not simulated) coverage: the sum of the binomial probabilities of the k whose bound holds. */
    @Test
    void eachOneSidedBoundCoversWithAtLeastItsLevel() {
        int n = 60;
        double alpha = 0.05;
        for (double p : new double[] {0.001, 0.02, 0.1, 0.37, 0.5, 0.8, 0.99}) {
            BinomialDistribution binomial = BinomialDistribution.of(n, p);
            double lowerCovers = 0;
            double upperCovers = 0;
            for (int k = 0; k <= n; k++) {
                if (ClopperPearson.lower(k, n, alpha) <= p) {
                    lowerCovers += binomial.probability(k);
                }
                if (ClopperPearson.upper(k, n, alpha) >= p) {
                    upperCovers += binomial.probability(k);
                }
            }
            assertThat(lowerCovers).as("lower, p = %s", p).isGreaterThanOrEqualTo(1 - alpha - 1e-12);
            assertThat(upperCovers).as("upper, p = %s", p).isGreaterThanOrEqualTo(1 - alpha - 1e-12);
        }
    }

    @Test
    void refusesImpossibleCounts() {
        assertThatThrownBy(() -> ClopperPearson.lower(5, 4, 0.05)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k = 5, n = 4");
        assertThatThrownBy(() -> ClopperPearson.upper(1, 4, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Provided value: 0");
    }

    @Test
    void epsilonBoundFollowsTheFormulaAndIsZeroWhenNotPositive() {
        EpsilonBound bound = EpsilonBound.of(600, 1000, 100, 1000, 1e-3, 0.0125);
        double expected = Math.log((ClopperPearson.lower(600, 1000, 0.0125) - 1e-3)
                / ClopperPearson.upper(100, 1000, 0.0125));
        assertThat(bound.epsilonLowerBound()).isCloseTo(expected, within(1e-12));
        assertThat(bound.pointEstimate()).isCloseTo(Math.log((0.6 - 1e-3) / 0.1), within(1e-12));
        assertThat(EpsilonBound.of(100, 1000, 100, 1000, 0, 0.0125).epsilonLowerBound()).isZero();
        assertThat(EpsilonBound.of(1, 1000, 0, 1000, 0.5, 0.0125).epsilonLowerBound()).isZero();
    }
}
