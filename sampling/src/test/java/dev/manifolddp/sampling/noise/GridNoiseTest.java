package dev.manifolddp.sampling.noise;

import static dev.manifolddp.sampling.StatisticalAssertions.assertFollows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.sampling.Allocation;
import dev.manifolddp.sampling.exact.EuclideanLaplace;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The grid constructions: outputs on the grid, the centre entering only through its grid index (so the Mironov 2012
 * attack signal, the centre-dependent set of reachable doubles, is gone), the continuous laws recovered at the grid's
 * resolution (KS at alpha = 1e-3, fixed seeds), and no allocation per draw.
 */
class GridNoiseTest {

    private static UniformRandomProvider rng(long seed) {
        return RandomStreams.seeded(seed).stream(1, 0);
    }

    @Test
    void granularityIsThePowerOfTwoAboutTwoToTheMinusTwentyOfTheScale() {
        for (double scale : new double[] {1.0, 0.37, 3e-7, 12345.6}) {
            double g = NoiseGrid.granularity(scale);
            assertThat(Math.scalb(1.0, Math.getExponent(g))).isEqualTo(g);
            assertThat(scale / g).isGreaterThanOrEqualTo(0x1p20).isLessThan(0x1p21);
        }
        assertThat(NoiseGrid.index(0.75, 0.5)).isEqualTo(2);
        assertThat(NoiseGrid.index(-0.3, 0.5)).isEqualTo(-1);
        assertThat(NoiseGrid.value(3, 0x1p-30)).isEqualTo(3 * 0x1p-30);
    }

    /**
     * Two adjacent centres with the same grid index give bit-identical releases from the same random stream, and
     * centres with different indices give releases that differ by exactly the index difference times g: the
     * released double is {@code (index + Z) g} with Z independent of the centre, so its low-order bits (all zero
     * below g) carry no information about the centre. The textbook construction {@code c + noise} does not have this
     * property: its releases from the two centres differ in their low-order bits.
     */
    @Test
    void theCentreEntersOnlyThroughItsGridIndex() {
        double sigma = 0.1;
        double g = NoiseGrid.granularity(sigma);
        // grid points plus offsets below half a step: same index, different doubles
        double a = Math.rint(0.3 / g) * g;
        double b = Math.rint(-0.2 / g) * g;
        double c = Math.rint(0.05 / g) * g;
        double[] c1 = {a + 0.05 * g, b + 0.4 * g, c - 0.1 * g};
        double[] c2 = {a - 0.3 * g, b - 0.45 * g, c + 0.2 * g};
        for (int j = 0; j < 3; j++) {
            assertThat(NoiseGrid.index(c2[j], g)).isEqualTo(NoiseGrid.index(c1[j], g));
            assertThat(c2[j]).isNotEqualTo(c1[j]);
        }
        double[] c3 = {a + 5 * g, b, c - 2 * g};
        EuclideanLaplace laplace = new EuclideanLaplace();
        double[] y1 = new double[3];
        double[] y2 = new double[3];
        double[] y3 = new double[3];
        int textbookDiffers = 0;
        for (int i = 0; i < 2000; i++) {
            laplace.sampleOnGrid(c1, sigma, rng(i), y1);
            laplace.sampleOnGrid(c2, sigma, rng(i), y2);
            laplace.sampleOnGrid(c3, sigma, rng(i), y3);
            for (int j = 0; j < 3; j++) {
                assertThat(Math.rint(y1[j] / g)).isEqualTo(y1[j] / g);
                assertThat(y2[j]).isEqualTo(y1[j]);
                assertThat(y3[j] - y1[j]).isEqualTo((NoiseGrid.index(c3[j], g) - NoiseGrid.index(c1[j], g)) * g);
            }
            laplace.sample(c1, sigma, rng(i), y1);
            laplace.sample(c2, sigma, rng(i), y2);
            for (int j = 0; j < 3; j++) {
                textbookDiffers += y1[j] != y2[j] ? 1 : 0;
            }
        }
        assertThat(textbookDiffers).isGreaterThan(5000);
    }

    @Test
    void gaussianGridOutputsDependOnlyOnTheIndex() {
        double g = 0x1p-20;
        long s0 = 700_000;
        double[] c1 = {1.0 + 0.3 * g, 2.0};
        double[] c2 = {1.0 + 0.4 * g, 2.0 - 0.4 * g};
        double[] y1 = new double[2];
        double[] y2 = new double[2];
        for (int i = 0; i < 500; i++) {
            GridGaussian.sample(c1, 2, g, s0, rng(i), y1);
            GridGaussian.sample(c2, 2, g, s0, rng(i), y2);
            assertThat(y2).containsExactly(y1);
            assertThat(Math.rint(y1[0] / g)).isEqualTo(y1[0] / g);
        }
    }

    /** Grid Gaussian: |y - c|^2 / sigma^2 ~ chi^2_D at the grid's resolution. */
    @Test
    void gridGaussianSquaredRadiusIsChiSquared() {
        UniformRandomProvider rng = rng(50);
        double sigma = 0.8;
        double g = NoiseGrid.granularity(sigma);
        long s0 = GridGaussian.s0(sigma, g);
        double actual = GridGaussian.sigma(s0, g);
        assertThat(actual).isBetween(sigma, sigma * (1 + 0x1p-18));
        double[] center = {0.1, 0.2, 0.3, 0.4};
        double[] out = new double[4];
        double[] statistic = new double[3000];
        for (int n = 0; n < statistic.length; n++) {
            GridGaussian.sample(center, 4, g, s0, rng, out);
            double r2 = 0;
            for (int i = 0; i < 4; i++) {
                r2 += (out[i] - center[i]) * (out[i] - center[i]);
            }
            statistic[n] = r2 / (actual * actual);
        }
        ChiSquaredDistribution chi = ChiSquaredDistribution.of(4);
        assertFollows("grid Gaussian |y - c|^2 / sigma^2 against chi^2_4", statistic, chi::cumulativeProbability);
    }

    @Test
    void gridDrawsAllocateNothingAfterWarmUp() {
        Assumptions.assumeTrue(Allocation.supported());
        UniformRandomProvider rng = rng(60);
        EuclideanLaplace laplace = new EuclideanLaplace();
        double[] center = new double[6];
        double[] out = new double[6];
        double g = NoiseGrid.granularity(1.0);
        for (int i = 0; i < 5_000; i++) {
            laplace.sampleOnGrid(center, 1.0, rng, out);
            GridGaussian.sample(center, 6, g, 1L << 20, rng, out);
        }
        long before = Allocation.allocatedBytes();
        for (int i = 0; i < 20_000; i++) {
            laplace.sampleOnGrid(center, 1.0, rng, out);
            GridGaussian.sample(center, 6, g, 1L << 20, rng, out);
        }
        assertThat((Allocation.allocatedBytes() - before) / 20_000.0).isLessThan(1.0);
    }
}
