package dev.manifolddp.sampling.exact;

import static dev.manifolddp.sampling.StatisticalAssertions.assertFollows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.sampling.Allocation;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.GammaDistribution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** KS tests at alpha = 1e-3 with fixed seeds: deterministic; a random seed would fail each with probability 1e-3. */
class EuclideanLaplaceTest {

    /** Both forms: the continuous draw and, at the grid's resolution, the lattice draw of {@code sampleOnGrid}. */
    @ParameterizedTest
    @CsvSource({"1, false", "3, false", "10, false", "1, true", "3, true", "6, true"})
    void radiusOverSigmaIsGammaOfShapeD(int dimension, boolean grid) {
        UniformRandomProvider rng = RandomStreams.seeded(11L).stream(dimension, 0);
        EuclideanLaplace laplace = new EuclideanLaplace();
        double[] center = new double[dimension];
        for (int i = 0; i < dimension; i++) {
            center[i] = 0.3 * i - 1;
        }
        double sigma = 0.37;
        double[] out = new double[dimension];
        double[] radii = new double[4000];
        for (int n = 0; n < radii.length; n++) {
            if (grid) {
                laplace.sampleOnGrid(center, sigma, rng, out);
            } else {
                laplace.sample(center, sigma, rng, out);
            }
            double r2 = 0;
            for (int i = 0; i < dimension; i++) {
                r2 += (out[i] - center[i]) * (out[i] - center[i]);
            }
            radii[n] = Math.sqrt(r2) / sigma;
        }
        GammaDistribution gamma = GammaDistribution.of(dimension, 1.0);
        assertFollows("radius / sigma against Gamma(" + dimension + ", 1), grid " + grid, radii, gamma::cumulativeProbability);
    }

    /** In R^3 the first coordinate of a uniform unit vector is uniform on [-1, 1] (Archimedes). */
    @Test
    void directionIsUniformOnTheSphere() {
        UniformRandomProvider rng = RandomStreams.seeded(12L).stream(0, 0);
        EuclideanLaplace laplace = new EuclideanLaplace();
        double[] center = {0, 0, 0};
        double[] out = new double[3];
        double[] first = new double[4000];
        for (int n = 0; n < first.length; n++) {
            laplace.sample(center, 2.0, rng, out);
            first[n] = out[0] / Math.sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2]);
        }
        assertFollows("<u, e1> in R^3 against U[-1, 1]", first, t -> Math.min(1, Math.max(0, (t + 1) / 2)));
    }

    @Test
    void allocatesNothingPerCallAfterWarmUp() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Allocation.supported());
        UniformRandomProvider rng = RandomStreams.seeded(13L).stream(0, 0);
        EuclideanLaplace laplace = new EuclideanLaplace();
        double[] center = new double[6];
        double[] out = new double[6];
        for (int i = 0; i < 10_000; i++) {
            laplace.sample(center, 1.0, rng, out);
        }
        long before = Allocation.allocatedBytes();
        for (int i = 0; i < 100_000; i++) {
            laplace.sample(center, 1.0, rng, out);
        }
        assertThat((Allocation.allocatedBytes() - before) / 100_000.0).isLessThan(1.0);
    }

    @Test
    void badInputIsRejected() {
        EuclideanLaplace laplace = new EuclideanLaplace();
        UniformRandomProvider rng = RandomStreams.seeded(1L).stream(0, 0);
        double[] c = {0, 0};
        double[] out = new double[2];
        assertThatThrownBy(() -> laplace.sample(c, 0.0, rng, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sigma").hasMessageContaining("Provided value: 0.0");
        assertThatThrownBy(() -> laplace.sample(c, -1.0, rng, out)).hasMessageContaining("sigma");
        assertThatThrownBy(() -> laplace.sample(c, Double.NaN, rng, out)).hasMessageContaining("NaN");
        assertThatThrownBy(() -> laplace.sample(new double[] {0, Double.NaN}, 1.0, rng, out))
                .hasMessageContaining("center[1]");
        assertThatThrownBy(() -> laplace.sample(c, 1.0, rng, new double[3])).hasMessageContaining("out");
    }
}
