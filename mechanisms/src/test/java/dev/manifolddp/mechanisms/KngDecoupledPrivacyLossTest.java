package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.CapQuadrature;
import dev.manifolddp.geometry.Geometry;
import org.junit.jupiter.api.Test;

/**
 * The decoupled KNG calibration (docs/kng-normaliser.md) against the privacy loss it bounds: on S^2 with the
 * quickstart's cap (r = pi/8, epsilon = 1), the chosen (R, sigma) is applied to adversarial neighbours and
 * {@code sup_x ln f_D(x)/f_D'(x)} is computed by quadrature over the domain, in both directions. It must stay below
 * epsilon; it is also printed against Theorem 1's scale in the docs' table.
 */
class KngDecoupledPrivacyLossTest {

    @Test
    void worstNeighboursSpendAtMostEpsilon() {
        Geometry sphere = Fixtures.sphere();
        double r = Math.PI / 8;
        double epsilon = 1;
        for (int n : new int[] {25, 100}) {
            double delta = SensitivityBounds.kngMean(sphere, r, n);
            KngDomain classic = KngDomain.dataBall(r, 2 * delta / epsilon, delta);
            KngDomain domain = KngDomain.choose(FrechetMeanEstimator.DEFAULT, sphere, r, n, epsilon, classic);
            assertThat(domain.decoupled()).as("n = %d decouples", n).isTrue();
            assertThat(domain.sigma()).isLessThan(0.7 * classic.sigma());
            double[] b = {Math.sin(r), 0, Math.cos(r)};
            double[] across = {-Math.sin(r), 0, Math.cos(r)};
            double[] side = {0, Math.sin(r), Math.cos(r)};
            double[] centre = {0, 0, 1};
            double[][][] before = {{b}, {b, across}, {side, b}, {centre, b}};
            int[][] countsBefore = {{n}, {n / 2, n - n / 2}, {n - 1, 1}, {n - 1, 1}};
            double[][][] after = {{b, across}, {b, across}, {side, across}, {centre, across}};
            int[][] countsAfter = {{n - 1, 1}, {n / 2 - 1, n - n / 2 + 1}, {n - 1, 1}, {n - 1, 1}};
            for (int c = 0; c < before.length; c++) {
                double[][] pointsA = before[c];
                int[] countsA = countsBefore[c];
                double[][] pointsB = after[c];
                int[] countsB = countsAfter[c];
                int size = n;
                double loss = CapQuadrature.of(x -> gradientNorm(sphere, x, pointsA, countsA, size, new double[3]),
                        x -> gradientNorm(sphere, x, pointsB, countsB, size, new double[3]), domain.radius(),
                        domain.sigma(), 800, 960).worstLoss();
                assertThat(loss).as("n = %d, case %d", n, c).isLessThanOrEqualTo(epsilon);
            }
        }
    }

    private static double gradientNorm(Geometry sphere, double[] x, double[][] points, int[] counts, int n,
            double[] log) {
        double g0 = 0;
        double g1 = 0;
        double g2 = 0;
        for (int p = 0; p < points.length; p++) {
            sphere.log(x, points[p], log);
            g0 += counts[p] * log[0] / n;
            g1 += counts[p] * log[1] / n;
            g2 += counts[p] * log[2] / n;
        }
        return Math.sqrt(g0 * g0 + g1 * g1 + g2 * g2);
    }
}
