package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Lemma 1 of Soto et al. 2022 (docs/exact-sampling.md, "Exact KNG"): under Assumption 1, for every x in {@code B_r(p0)},
 * {@code h_max(2r, kmax) rho(x, xbar) <= |grad U(x)|_x <= h_min(2r, kmin) rho(x, xbar)}, xbar the Frechet mean.
 * The exact KNG sampler uses the lower bound as its rejection envelope, so a violation would bias every release.
 *
 * <p>Deterministic (fixed seeds), no statistical tolerance: each inequality must hold up to 1e-12 absolute, the
 * accuracy of the computed mean (fitted to |grad| < 1e-14, i.e. within ~1e-14 / h_max of xbar).
 */
class Lemma1Test {

    private static final double SLACK = 1e-12;

    /** Extremes observed, to check the test exercised the bounds and not only their interior. */
    private double largestRatio;
    private long checks;

    @Test
    void unitSphereRandomDataSets() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        SplittableRandom random = new SplittableRandom(20240601L);
        double[] radii = {0.05, 0.2, 0.4, 0.6, 0.7, 0.75, 0.78};
        for (double r : radii) {
            for (int set = 0; set < 60; set++) {
                double[] p0 = BallData.atDistance(sphere, TestPoints.base(sphere), 3 * random.nextDouble(), random);
                int n = 1 + random.nextInt(40);
                double[][] data = BallData.inBall(sphere, p0, r, n, random);
                checkLemma(sphere, p0, r, data, random, 40);
            }
        }
        assertThat(checks).isGreaterThan(15_000);
        // |grad U| <= rho is attained with equality for n = 1: the upper bound is checked at its edge.
        assertThat(largestRatio).isGreaterThan(1 - 1e-9);
    }

    /** Data pushed to the boundary of the ball: two antipodal clusters, the case where curvature inflates most. */
    @Test
    void unitSphereBoundaryClusters() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        SplittableRandom random = new SplittableRandom(77);
        for (double r : new double[] {0.3, 0.6, 0.78, Math.PI / 4 - 1e-6}) {
            for (int set = 0; set < 40; set++) {
                double[] p0 = BallData.atDistance(sphere, TestPoints.base(sphere), random.nextDouble(), random);
                double[] u = BallData.randomUnitTangent(sphere, p0, random);
                int n = 2 + random.nextInt(30);
                double[][] data = new double[n][];
                for (int i = 0; i < n; i++) {
                    double sign = i % 2 == 0 ? 1 : -1;
                    double[] v = new double[u.length];
                    double spread = 1e-3 * BallData.gaussian(random);
                    double[] w = BallData.randomUnitTangent(sphere, p0, random);
                    for (int c = 0; c < v.length; c++) {
                        v[c] = sign * u[c] + spread * w[c];
                    }
                    double norm = sphere.norm(p0, v);
                    for (int c = 0; c < v.length; c++) {
                        v[c] *= r * (1 - 1e-9) / norm;
                    }
                    data[i] = sphere.exp(p0, v);
                }
                checkLemma(sphere, p0, r, data, random, 60);
            }
        }
    }

    /** The same lemma on the other curvature regimes: Kendall (kmax = 4, kmin = 1), affine-invariant SPD(2). */
    @Test
    void kendallAndSpd() {
        SplittableRandom random = new SplittableRandom(31);
        Geometry kendall = Geometries.parse("kendall:landmarks=6");
        for (double r : new double[] {0.1, 0.3, 0.38}) {
            for (int set = 0; set < 15; set++) {
                double[][] data = BallData.inBall(kendall, TestPoints.base(kendall), r, 2 + random.nextInt(20),
                        random);
                checkLemma(kendall, TestPoints.base(kendall), r, data, random, 30);
            }
        }
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        for (double r : new double[] {0.5, 1.5, 3}) {
            for (int set = 0; set < 15; set++) {
                double[][] data = BallData.inBall(spd, TestPoints.base(spd), r, 2 + random.nextInt(20), random);
                checkLemma(spd, TestPoints.base(spd), r, data, random, 30);
            }
        }
    }

    private void checkLemma(Geometry geometry, double[] p0, double r, double[][] data, SplittableRandom random,
                            int points) {
        SensitivityBounds.requireAssumption1(geometry, r);
        double lower = CurvatureFunctions.hMax(2 * r, geometry.curvature().max());
        double upper = CurvatureFunctions.hMin(2 * r, geometry.curvature().min());
        FrechetGradient field = new FrechetGradient(geometry, data);
        double[] mean = meanInBall(field, p0, r, upper);
        for (int k = 0; k < points; k++) {
            // Half the points anywhere in the ball, half on its boundary (where rho(x, xbar) is largest).
            double[] x = k % 2 == 0 ? BallData.inBall(geometry, p0, r, random)
                    : BallData.atDistance(geometry, p0, r * (1 - 1e-9), random);
            double distance = geometry.distance(x, mean);
            double norm = field.gradientNorm(x);
            assertThat(norm).as("lower bound, %s r = %s n = %d rho = %s", geometry.spec(), r, data.length, distance)
                    .isGreaterThanOrEqualTo(lower * distance - SLACK);
            assertThat(norm).as("upper bound, %s r = %s n = %d rho = %s", geometry.spec(), r, data.length, distance)
                    .isLessThanOrEqualTo(upper * distance + SLACK);
            if (distance > 1e-6) {
                largestRatio = Math.max(largestRatio, norm / distance / upper);
            }
            checks++;
        }
    }

    /**
     * The Frechet mean of data built inside {@code B_r(p0)} with r within Assumption 1. There F is strictly convex, so
     * its only critical point in the ball is the mean (Afsari 2011, Thm. 2.1): a point of {@code B_r(p0)} where
     * {@code |grad F| <= 1e-14} is the mean to within {@code 1e-14 / h_max}, the accuracy the slack assumes. The
     * construction is the certificate, so the mean is found by plain gradient descent with step {@code 1 / upper}
     * ({@code upper = h_min(2r, kmin)} bounds F's Hessian on the ball, so every step contracts), not by
     * {@link FrechetMean}, whose data-driven certificate (tested in FrechetMeanCertificateTest) spends about half a
     * second per set on the antipodal clusters searching a smallest enclosing ball this test already knows.
     */
    private static double[] meanInBall(FrechetGradient field, double[] p0, double r, double upper) {
        Geometry geometry = field.geometry();
        double[] x = p0.clone();
        double[] gradient = new double[x.length];
        double[] next = new double[x.length];
        for (int iteration = 0; iteration < 10_000; iteration++) {
            field.gradient(x, gradient);
            if (geometry.norm(x, gradient) <= 1e-14) {
                assertThat(geometry.distance(p0, x)).as("the mean lies in the ball").isLessThan(r);
                return x;
            }
            for (int c = 0; c < gradient.length; c++) {
                gradient[c] *= -1 / upper;
            }
            geometry.exp(x, gradient, next);
            double[] swap = x;
            x = next;
            next = swap;
        }
        throw new AssertionError("gradient descent did not reach |grad F| <= 1e-14 on " + geometry.spec());
    }
}
