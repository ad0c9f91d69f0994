package dev.manifolddp.sampling.exact;

import static dev.manifolddp.sampling.StatisticalAssertions.assertFollows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.spd.SymmetricEigen;
import dev.manifolddp.sampling.NumericalCdf;
import dev.manifolddp.sampling.random.HaarRotation;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The parts of the spectral Laplace sampler: the truncated radial law (each of its three envelopes, KS at alpha =
 * 1e-3 with fixed seeds), the Jacobi eigenvalues and the Haar rotations.
 */
class SpectralPartsTest {

    @ParameterizedTest(name = "n = {0}, beta = {1}, R = {2}: {3}")
    @CsvSource({"6, 2.0, Infinity, GAMMA", "6, 2.0, 1.5, GAMMA", "6, 0.5, 1.0, POWER", "6, 0.0, 2.0, POWER",
            "6, -20.0, 2.0, EXPONENTIAL", "3, -0.2, 1.0, POWER", "3, -1.0, 3.0, EXPONENTIAL", "10, 1.0, 20.0, GAMMA"})
    void truncatedRadiusFollowsItsLaw(int n, double beta, double limit, String envelope) {
        TruncatedGammaRadius radius = new TruncatedGammaRadius();
        UniformRandomProvider rng = RandomStreams.seeded(21L).stream(n, 0);
        double[] draws = new double[4000];
        for (int i = 0; i < draws.length; i++) {
            draws[i] = radius.sample(n, beta, limit, rng);
        }
        assertThat(radius.envelope().name()).isEqualTo(envelope);
        double upper = Double.isFinite(limit) ? limit : 80 / beta;
        // the density relative to its value at the upper end keeps exp(-beta t) finite for large negative beta
        NumericalCdf cdf = new NumericalCdf(t -> Math.pow(t / upper, n - 1) * Math.exp(-beta * (t - upper)), upper,
                100_000);
        assertFollows("t^(n-1) exp(-beta t) on [0, R]", draws, cdf);
        assertThat(Arrays.stream(draws).max().orElseThrow()).isLessThanOrEqualTo(upper);
    }

    @Test
    void truncatedRadiusRefusesAnImproperLaw() {
        TruncatedGammaRadius radius = new TruncatedGammaRadius();
        UniformRandomProvider rng = RandomStreams.seeded(22L).stream(0, 0);
        assertThatThrownBy(() -> radius.sample(3, -1.0, Double.POSITIVE_INFINITY, rng))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value: beta = -1.0");
    }

    @Test
    void jacobiEigenvaluesOfAKnownMatrix() {
        // eigenvalues 1, 2, 4 rotated by a fixed orthogonal matrix
        double[] q = new double[9];
        new HaarRotation(3).sample(RandomStreams.seeded(23L).stream(0, 0), q);
        double[] lambda = {1, 2, 4};
        double[] a = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int l = 0; l < 3; l++) {
                    a[i * 3 + j] += q[i * 3 + l] * lambda[l] * q[j * 3 + l];
                }
            }
        }
        double[] out = new double[3];
        SymmetricEigen.jacobi(3).decompose(a, out, null, "a");
        Arrays.sort(out);
        for (int i = 0; i < 3; i++) {
            assertThat(out[i]).isCloseTo(lambda[i], within(1e-13));
        }
    }

    @Test
    void haarRotationsAreOrthogonal() {
        double[] q = new double[25];
        new HaarRotation(5).sample(RandomStreams.seeded(24L).stream(0, 0), q);
        for (int a = 0; a < 5; a++) {
            for (int b = 0; b < 5; b++) {
                double dot = 0;
                for (int i = 0; i < 5; i++) {
                    dot += q[i * 5 + a] * q[i * 5 + b];
                }
                assertThat(dot).isCloseTo(a == b ? 1 : 0, within(1e-14));
            }
        }
    }
}
