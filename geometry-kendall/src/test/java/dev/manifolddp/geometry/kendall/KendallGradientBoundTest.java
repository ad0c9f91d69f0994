package dev.manifolddp.geometry.kendall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.manifolddp.geometry.RadialLowerBound;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The data-dependent lower bound {@code |grad U(x)| >= L(rho(x, a))} on Kendall's shape space: it must hold at every
 * point of the ball for data spread in the ball, data on its boundary, data along one complex line (the direction of
 * curvature 4) and anchors away from the mean; and it must be sharp enough to matter (close to G where the KNG mass
 * lies).
 */
class KendallGradientBoundTest {

    @Test
    void phiPrimeIncreasesOnTheRangeTheProofUses() {
        double previous = KendallGradientBound.phiPrime(0);
        assertEquals(2.0 / 3.0, previous, 1e-15);
        for (int i = 1; i <= 10_000; i++) {
            double rho = Math.PI / 4 * i / 10_001.0;
            double value = KendallGradientBound.phiPrime(rho);
            assertTrue(value >= previous - 1e-12, "phi' must not decrease; at rho = " + rho);
            previous = value;
        }
        // the two branches meet
        assertEquals(KendallGradientBound.phiPrime(0.999e-3), KendallGradientBound.phiPrime(1.001e-3), 1e-8);
        assertEquals(1 + 2e-8 / 3, KendallGradientBound.phi(1e-4), 1e-15);
        assertEquals(2e-4 / Math.sin(2e-4), KendallGradientBound.phi(1.0000001e-4), 1e-12);
    }

    @Test
    void eigenvalueBoundIsAnUpperBoundAndNotFarAbove() {
        Random random = new Random(3);
        int d = 12;
        for (int trial = 0; trial < 20; trial++) {
            double[] m = new double[d * d];
            for (int r = 0; r < 30; r++) {
                double[] v = new double[d];
                for (int i = 0; i < d; i++) {
                    v[i] = random.nextGaussian() * (i == trial % d ? 3 : 1);
                }
                for (int i = 0; i < d; i++) {
                    for (int j = 0; j < d; j++) {
                        m[i * d + j] += v[i] * v[j];
                    }
                }
            }
            double power = powerIteration(m, d);
            double bound = KendallGradientBound.largestEigenvalueBound(m, d);
            assertTrue(bound >= power * (1 - 1e-12), "bound " + bound + " below lambda_max " + power);
            assertTrue(bound <= power * Math.pow(d, 1.0 / 32) * 1.000001, "bound " + bound + " vs " + power);
        }
    }

    @Test
    void holdsEverywhereInTheBallForSpreadData() {
        checkBound(5, 40, 0.3, Spread.INSIDE, false, 11);
        checkBound(10, 60, 0.35, Spread.INSIDE, false, 12);
    }

    @Test
    void holdsForDataOnTheBoundaryAndAnAnchorAwayFromTheMean() {
        checkBound(5, 30, 0.3, Spread.BOUNDARY, true, 13);
        checkBound(4, 20, 0.38, Spread.BOUNDARY, true, 14);
    }

    @Test
    void holdsForDataAlongOneComplexLine() {
        // points exp(p0, s v) and exp(p0, s Jv): the plane of v and Jv has curvature 4, the public worst case
        checkBound(5, 40, 0.3, Spread.COMPLEX_LINE, false, 15);
        checkBound(6, 40, 0.38, Spread.COMPLEX_LINE, true, 16);
    }

    @Test
    void isSharpWhereTheKngMassLiesAtFiftyLandmarks() {
        // the setting of issue 11: 50 landmarks, n = 400, r = 0.3; at the ball's boundary the bound should be
        // within a few hundredths of G (the public h_max(0.6, 4) rho = 0.47 rho is about half of G)
        KendallShapeSpace space = new KendallShapeSpace(50);
        Random random = new Random(21);
        double radius = 0.3;
        double[] center = KendallFixtures.randomPreshape(space, random);
        double[][] data = points(space, center, radius, 400, Spread.INSIDE, random);
        double[] mean = mean(space, data, center);
        RadialLowerBound bound = space.frechetGradientBound(data, mean, center, radius).orElseThrow();
        double worst = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 40; i++) {
            double[] x = space.exp(center, KendallFixtures.tangent(space, center, random, radius * 0.999));
            double g = gradientNorm(space, data, x);
            double lower = bound.value(space.distance(x, mean));
            assertTrue(lower <= g + 1e-12, "bound " + lower + " above G " + g);
            worst = Math.min(worst, lower / g);
        }
        assertTrue(worst > 0.93, "the bound should be sharp at the boundary: worst L/G = " + worst);
    }

    @Test
    void refusesWhatItCannotBound() {
        KendallShapeSpace space = new KendallShapeSpace(5);
        Random random = new Random(5);
        double[] p = KendallFixtures.randomPreshape(space, random);
        assertTrue(space.frechetGradientBound(new double[][] {p}, p, p, Math.PI / 8).isEmpty());
        assertThrows(IllegalArgumentException.class,
                () -> space.frechetGradientBound(new double[0][], p, p, 0.1));
        assertThrows(IllegalArgumentException.class,
                () -> space.frechetGradientBound(new double[][] {p}, p, p, -1));
        double[] far = space.exp(p, KendallFixtures.tangent(space, p, random, 0.5));
        assertThrows(IllegalArgumentException.class,
                () -> space.frechetGradientBound(new double[][] {far}, p, p, 0.1));
    }

    private enum Spread { INSIDE, BOUNDARY, COMPLEX_LINE }

    private static void checkBound(int landmarks, int n, double radius, Spread spread, boolean anchorAtCenter,
            long seed) {
        KendallShapeSpace space = new KendallShapeSpace(landmarks);
        Random random = new Random(seed);
        double[] center = KendallFixtures.randomPreshape(space, random);
        double[][] data = points(space, center, radius, n, spread, random);
        double[] anchor = anchorAtCenter ? center : mean(space, data, center);
        RadialLowerBound bound = space.frechetGradientBound(data, anchor, center, radius).orElseThrow();
        assertTrue(bound.reach() >= radius + space.distance(anchor, center));
        int d = space.dimension();
        for (int i = 0; i < 3000; i++) {
            double s = radius * (i % 3 == 0 ? 1 - 1e-9 : Math.pow(random.nextDouble(), 1.0 / d));
            double[] x = space.exp(center, KendallFixtures.tangent(space, center, random, s));
            double g = gradientNorm(space, data, x);
            double t = space.distance(x, anchor);
            assertTrue(t <= bound.reach());
            double lower = bound.value(t);
            assertTrue(lower <= g + 1e-12, String.format("L(%s) = %s above G = %s (%s, seed %d)", t, lower, g,
                    spread, seed));
        }
    }

    private static double[][] points(KendallShapeSpace space, double[] center, double radius, int n, Spread spread,
            Random random) {
        double[][] data = new double[n][];
        double[] v = KendallFixtures.tangent(space, center, random, 1);
        double[] jv = new double[v.length];
        for (int j = 0; j < v.length; j += 2) {
            jv[j] = -v[j + 1];
            jv[j + 1] = v[j];
        }
        for (int i = 0; i < n; i++) {
            switch (spread) {
                case INSIDE -> {
                    double s = radius * Math.pow(random.nextDouble(), 1.0 / space.dimension());
                    data[i] = space.exp(center, KendallFixtures.tangent(space, center, random, s));
                }
                case BOUNDARY -> data[i] = space.exp(center,
                        KendallFixtures.tangent(space, center, random, radius * (1 - 1e-9)));
                default -> {
                    double angle = 2 * Math.PI * random.nextDouble();
                    double s = radius * (1 - 1e-9) * Math.sqrt(random.nextDouble());
                    double[] w = new double[v.length];
                    for (int j = 0; j < w.length; j++) {
                        w[j] = s * (Math.cos(angle) * v[j] + Math.sin(angle) * jv[j]);
                    }
                    data[i] = space.exp(center, w);
                }
            }
        }
        return data;
    }

    /** The Frechet mean by gradient descent from the centre, to a gradient norm far below the bound's terms. */
    static double[] mean(KendallShapeSpace space, double[][] data, double[] start) {
        double[] x = start.clone();
        double[] sum = new double[x.length];
        double[] log = new double[x.length];
        for (int iteration = 0; iteration < 200; iteration++) {
            java.util.Arrays.fill(sum, 0);
            for (double[] point : data) {
                space.log(x, point, log);
                for (int j = 0; j < sum.length; j++) {
                    sum[j] += log[j] / data.length;
                }
            }
            if (space.norm(x, sum) < 1e-13) {
                break;
            }
            x = space.exp(x, sum);
        }
        return x;
    }

    static double gradientNorm(KendallShapeSpace space, double[][] data, double[] x) {
        double[] sum = new double[x.length];
        double[] log = new double[x.length];
        for (double[] point : data) {
            space.log(x, point, log);
            for (int j = 0; j < sum.length; j++) {
                sum[j] += log[j];
            }
        }
        return space.norm(x, sum) / data.length;
    }

    private static double powerIteration(double[] m, int d) {
        double[] v = new double[d];
        java.util.Arrays.fill(v, 1);
        double lambda = 0;
        for (int it = 0; it < 5000; it++) {
            double[] w = new double[d];
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    w[i] += m[i * d + j] * v[j];
                }
            }
            double norm = 0;
            for (double value : w) {
                norm += value * value;
            }
            norm = Math.sqrt(norm);
            lambda = norm;
            for (int i = 0; i < d; i++) {
                v[i] = w[i] / norm;
            }
        }
        return lambda;
    }
}
