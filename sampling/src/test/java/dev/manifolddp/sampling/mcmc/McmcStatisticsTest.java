package dev.manifolddp.sampling.mcmc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.sampling.random.NormalSource;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Geyer effective sample size and split R-hat on series with known answers. Seeds are fixed, so the tests are
 * deterministic; the tolerances are several standard deviations of the estimators (each would fail with probability
 * below 1e-3 for a random seed).
 */
class McmcStatisticsTest {

    private static double[] ar1(double phi, int n, long seed, double shift) {
        UniformRandomProvider rng = RandomStreams.seeded(seed).stream(0, 0);
        NormalSource normals = new NormalSource();
        double[] x = new double[n];
        double state = normals.next(rng) / Math.sqrt(1 - phi * phi);
        for (int i = 0; i < n; i++) {
            state = phi * state + normals.next(rng);
            x[i] = state + shift;
        }
        return x;
    }

    @Test
    void essOfAnIidSequenceIsAboutN() {
        double[] iid = ar1(0, 5000, 51L, 0);
        assertThat(EffectiveSampleSize.of(iid)).isBetween(0.8 * 5000, 1.2 * 5000);
    }

    /** For AR(1), tau = (1 + phi)/(1 - phi): phi = 0.8 gives ESS = n/9. */
    @Test
    void essOfAnAutoregressiveSequenceMatchesItsAutocorrelationTime() {
        int n = 40_000;
        double ess = EffectiveSampleSize.of(ar1(0.8, n, 52L, 0));
        assertThat(ess).isBetween(0.75 * n / 9, 1.25 * n / 9);
    }

    @Test
    void aConstantSeriesCountsAsOneDraw() {
        assertThat(EffectiveSampleSize.of(new double[] {2, 2, 2, 2, 2})).isEqualTo(1.0);
    }

    @Test
    void rHatIsAboutOneForChainsOfTheSameLaw() {
        double[][] chains = {ar1(0.3, 2000, 53L, 0), ar1(0.3, 2000, 54L, 0), ar1(0.3, 2000, 55L, 0),
            ar1(0.3, 2000, 56L, 0)};
        assertThat(SplitRHat.of(chains)).isBetween(0.99, 1.02);
    }

    @Test
    void rHatFlagsChainsStuckApart() {
        double[][] chains = {ar1(0.3, 2000, 57L, 0), ar1(0.3, 2000, 58L, 3)};
        assertThat(SplitRHat.of(chains)).isGreaterThan(1.1);
    }

    @Test
    void rHatFlagsADriftingChain() {
        double[] drift = new double[1000];
        for (int i = 0; i < drift.length; i++) {
            drift[i] = i / 100.0;
        }
        assertThat(SplitRHat.of(new double[][] {drift})).isGreaterThan(1.1);
    }

    @Test
    void badInputIsRejected() {
        assertThatThrownBy(() -> EffectiveSampleSize.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SplitRHat.of(new double[][] {{1, 2, 3, 4}, {1, 2, 3}}))
                .hasMessageContaining("same length");
        assertThatThrownBy(() -> SplitRHat.of(new double[][] {{1, 2, 3}})).hasMessageContaining("length >= 4");
    }
}
