package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The regression sensitivities against the gradients they bound, on S^2, Kendall (k = 5) and affine-invariant SPD(2),
 * inside a public domain: responses in {@code B_r(m0)}, footpoints in {@code B_Rp(m0)}, {@code |v| <= V}, covariates
 * in [0, 1]. Three checks, one per step of the proof in {@code docs/private-regression.md}:
 * <ol>
 *   <li>every residual over the domain is at most {@code tau = V + Rp + r}, and a constructed candidate reaches it
 *   (so no smaller public tau would do);</li>
 *   <li>the Jacobi-field factors bound the adjoints, {@code |d_p Exp(p, w)* e| <= J_p(|w|) |e|} and likewise for
 *   {@code d_v}, and a constructed case attains the factor (so a smaller factor would fail);</li>
 *   <li>on random adjacent datasets, with one record replaced by the worst of many random candidates, the averaged
 *   gradients move by at most Delta_p, Delta_v and the joint Delta at random (p, v) of the domain.</li>
 * </ol>
 * All draws are seeded; the checks are deterministic inequalities, so there is no false-failure rate.
 */
class RegressionSensitivityEmpiricalTest {

    private static final CovariateRange PUBLIC = new CovariateRange(0, 1, true);
    /** Rounding slack of the inequalities (the gradients are computed to about 1e-13). */
    private static final double SLACK = 1e-9;

    static Stream<Arguments> domains() {
        return Stream.of(
                // geometry, r, Rp, V, seed
                Arguments.of("sphere:d=2", 0.3, 0.3, 0.6, 101L),
                Arguments.of("kendall:landmarks=5", 0.15, 0.15, 0.4, 102L),
                Arguments.of("spd/affine-invariant:k=2", 0.5, 0.5, 1.0, 103L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("domains")
    void tauBoundsEveryResidualAndIsAttained(String spec, double r, double footpointRadius, double maxSpeed,
                                             long seed) {
        Geometry g = Geometries.parse(spec);
        double tau = RegressionSensitivity.defaultTau(g, r, footpointRadius, maxSpeed, PUBLIC);
        double[] m0 = TestPoints.base(g);
        Random random = new Random(seed);
        double largest = 0;
        for (int trial = 0; trial < 2000; trial++) {
            double[] p = inBall(g, m0, footpointRadius, random);
            double[] v = RegressionFixtures.tangent(g, p, random, maxSpeed * random.nextDouble());
            double[] y = inBall(g, m0, r, random);
            double x = random.nextDouble();
            double[] predicted = g.exp(p, GeodesicRegressionOracleTest.scaled(v, x));
            largest = Math.max(largest, g.norm(predicted, g.log(predicted, y)));
        }
        assertThat(largest).isLessThanOrEqualTo(tau);

        // The worst case: p on the boundary of B_Rp(m0), v continuing outward at full speed, x = 1, y on the far
        // side of the data ball. The three pieces lie on one minimising geodesic, so the residual is exactly tau.
        JacobiFields jacobi = NumericalJacobiFields.forGeometry(g);
        double[] u = RegressionFixtures.tangent(g, m0, random, 1.0);
        double[] p = g.exp(m0, GeodesicRegressionOracleTest.scaled(u, footpointRadius));
        double[] outward = jacobi.dvExp(m0, GeodesicRegressionOracleTest.scaled(u, footpointRadius), u);
        double[] v = GeodesicRegressionOracleTest.scaled(outward, maxSpeed / g.norm(p, outward));
        double[] y = g.exp(m0, GeodesicRegressionOracleTest.scaled(u, -r));
        double[] predicted = g.exp(p, v);
        assertThat(g.norm(predicted, g.log(predicted, y))).isCloseTo(tau, within(1e-9));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("domains")
    void jacobiFactorsBoundTheAdjointsAndAreAttained(String spec, double r, double footpointRadius, double maxSpeed,
                                                     long seed) {
        Geometry g = Geometries.parse(spec);
        JacobiFields jacobi = NumericalJacobiFields.forGeometry(g);
        double kl = g.curvature().min();
        double[] m0 = TestPoints.base(g);
        Random random = new Random(seed + 1);
        double worstP = 0;
        double worstV = 0;
        for (int trial = 0; trial < 2000; trial++) {
            double[] p = inBall(g, m0, footpointRadius, random);
            double length = maxSpeed * random.nextDouble();
            double[] w = RegressionFixtures.tangent(g, p, random, length);
            double[] q = g.exp(p, w);
            double[] e = RegressionFixtures.tangent(g, q, random, 1.0);
            worstP = Math.max(worstP, g.norm(p, jacobi.dpExpAdjoint(p, w, e)) / footpointFactor(kl, length));
            worstV = Math.max(worstV, g.norm(p, jacobi.dvExpAdjoint(p, w, e)) / vectorFactor(kl, length));
        }
        assertThat(worstP).isLessThanOrEqualTo(1 + SLACK);
        assertThat(worstV).isLessThanOrEqualTo(1 + SLACK);

        // Attained: for kl >= 0 along the velocity (both maps keep the tangential part); for SPD(2) at the identity
        // with a traceless w = diag(a, -a), whose plane with the off-diagonal direction has curvature -1/2 = kl.
        double[] p;
        double[] w;
        double[] e;
        if (kl >= 0) {
            p = m0;
            w = RegressionFixtures.tangent(g, p, random, maxSpeed);
            double[] q = g.exp(p, w);
            e = jacobi.dvExp(p, w, w);
            e = GeodesicRegressionOracleTest.scaled(e, 1 / g.norm(q, e));
        } else {
            p = m0;
            double a = maxSpeed / Math.sqrt(2);
            w = new double[] {a, 0, 0, -a};
            e = new double[] {0, Math.sqrt(0.5), Math.sqrt(0.5), 0};
            double[] q = g.exp(p, w);
            double[] transported = g.capability(ParallelTransport.class).orElseThrow()
                    .transport(p, q, e);
            e = GeodesicRegressionOracleTest.scaled(transported, 1 / g.norm(q, transported));
        }
        double length = g.norm(p, w);
        assertThat(g.norm(p, jacobi.dpExpAdjoint(p, w, e)) / footpointFactor(kl, length)).isCloseTo(1,
                within(1e-9));
        if (kl < 0) {
            assertThat(g.norm(p, jacobi.dvExpAdjoint(p, w, e)) / vectorFactor(kl, length)).isCloseTo(1,
                    within(1e-9));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("domains")
    void adjacentDatasetsMoveTheGradientsByAtMostDelta(String spec, double r, double footpointRadius,
                                                       double maxSpeed, long seed) {
        Geometry g = Geometries.parse(spec);
        int n = 8;
        double tau = RegressionSensitivity.defaultTau(g, r, footpointRadius, maxSpeed, PUBLIC);
        RegressionDomain domain = new RegressionDomain(r, footpointRadius, maxSpeed);
        double deltaP = RegressionSensitivity.footpoint(g, tau, domain, n);
        double deltaV = RegressionSensitivity.shootingVector(g, tau, domain, n);
        double delta = RegressionSensitivity.joint(g, tau, domain, n);
        double[] m0 = TestPoints.base(g);
        Random random = new Random(seed + 2);
        int length = g.layout().length();
        double[] gradP = new double[length];
        double[] gradV = new double[length];
        double[] otherP = new double[length];
        double[] otherV = new double[length];
        double[] diffP = new double[length];
        double[] diffV = new double[length];
        double worstRatio = 0;
        for (int trial = 0; trial < 40; trial++) {
            double[] x = new double[n];
            double[][] y = new double[n][];
            for (int i = 0; i < n; i++) {
                x[i] = random.nextDouble();
                y[i] = inBall(g, m0, r, random);
            }
            double[] p = inBall(g, m0, footpointRadius, random);
            double[] v = RegressionFixtures.tangent(g, p, random, maxSpeed * Math.sqrt(random.nextDouble()));
            GeodesicRegressionGradient.of(g, x, y).gradient(p, v, gradP, gradV);
            int replaced = random.nextInt(n);
            double worstP = 0;
            double worstV = 0;
            double worstJoint = 0;
            for (int candidate = 0; candidate < 60; candidate++) {
                double[] xs = x.clone();
                double[][] ys = y.clone();
                xs[replaced] = random.nextDouble() < 0.3 ? (random.nextBoolean() ? 0 : 1) : random.nextDouble();
                ys[replaced] = inBall(g, m0, r, random);
                GeodesicRegressionGradient.of(g, xs, ys).gradient(p, v, otherP, otherV);
                for (int j = 0; j < length; j++) {
                    diffP[j] = gradP[j] - otherP[j];
                    diffV[j] = gradV[j] - otherV[j];
                }
                double dp = g.norm(p, diffP);
                double dv = g.norm(p, diffV);
                worstP = Math.max(worstP, dp);
                worstV = Math.max(worstV, dv);
                worstJoint = Math.max(worstJoint, Math.hypot(dp, dv));
            }
            assertThat(worstP).isLessThanOrEqualTo(deltaP * (1 + SLACK));
            assertThat(worstV).isLessThanOrEqualTo(deltaV * (1 + SLACK));
            assertThat(worstJoint).isLessThanOrEqualTo(delta * (1 + SLACK));
            worstRatio = Math.max(worstRatio, worstJoint / delta);
        }
        System.out.printf(java.util.Locale.ROOT, "%s: worst |joint difference| / Delta = %.3f (Delta = %.4g)%n",
                spec, worstRatio, delta);
        // Not vacuous: the worst replacement moves the gradients by a visible fraction of the bound.
        assertThat(worstRatio).isGreaterThan(g.curvature().min() < 0 ? 0.005 : 0.2);
    }

    /** {@code sup |d_p Exp(p, w)| <= max(1, C_kl(|w|))}: 1 for kl >= 0, {@code cosh(sqrt(-kl) |w|)} for kl < 0. */
    private static double footpointFactor(double kl, double length) {
        return kl >= 0 ? 1 : Math.cosh(Math.sqrt(-kl) * length);
    }

    /** {@code sup |d_v Exp(p, w)| <= max(1, S_kl(|w|)/|w|)}: 1 for kl >= 0, {@code sinh(c)/c}, c = sqrt(-kl)|w|. */
    private static double vectorFactor(double kl, double length) {
        if (kl >= 0 || length == 0) {
            return 1;
        }
        double c = Math.sqrt(-kl) * length;
        return Math.sinh(c) / c;
    }

    /** A point of {@code B_radius(center)}: a uniform direction, a length favouring the boundary. */
    static double[] inBall(Geometry g, double[] center, double radius, Random random) {
        double length = radius * Math.sqrt(random.nextDouble());
        return g.exp(center, RegressionFixtures.tangent(g, center, random, length));
    }
}
