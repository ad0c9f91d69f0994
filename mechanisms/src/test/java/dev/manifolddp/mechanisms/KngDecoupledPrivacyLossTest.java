package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.estimators.SensitivityBounds;
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
                double loss = worstLoss(sphere, before[c], countsBefore[c], after[c], countsAfter[c], n,
                        domain.radius(), domain.sigma());
                assertThat(loss).as("n = %d, case %d", n, c).isLessThanOrEqualTo(epsilon);
            }
        }
    }

    /** {@code max over x and both directions of ln f_A(x) - ln f_B(x)}, by polar quadrature on the cap. */
    private static double worstLoss(Geometry sphere, double[][] pointsA, int[] countsA, double[][] pointsB,
            int[] countsB, int n, double domain, double sigma) {
        int rings = 800;
        int spokes = 960;
        double zA = 0;
        double zB = 0;
        double up = Double.NEGATIVE_INFINITY;
        double down = Double.NEGATIVE_INFINITY;
        double[] x = new double[3];
        double[] log = new double[3];
        for (int i = 0; i < rings; i++) {
            double theta = (i + 0.5) * domain / rings;
            double area = Math.sin(theta) * (domain / rings) * (2 * Math.PI / spokes);
            for (int j = 0; j < spokes; j++) {
                double phi = (j + 0.5) * 2 * Math.PI / spokes;
                x[0] = Math.sin(theta) * Math.cos(phi);
                x[1] = Math.sin(theta) * Math.sin(phi);
                x[2] = Math.cos(theta);
                double gA = gradientNorm(sphere, x, pointsA, countsA, n, log);
                double gB = gradientNorm(sphere, x, pointsB, countsB, n, log);
                zA += Math.exp(-gA / sigma) * area;
                zB += Math.exp(-gB / sigma) * area;
                up = Math.max(up, (gB - gA) / sigma);
                down = Math.max(down, (gA - gB) / sigma);
            }
        }
        double shift = Math.log(zB) - Math.log(zA);
        return Math.max(up + shift, down - shift);
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
