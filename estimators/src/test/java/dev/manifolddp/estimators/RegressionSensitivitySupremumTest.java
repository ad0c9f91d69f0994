package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParallelTransport;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The regression sensitivities against the numerical supremum they bound. With n = 1 the gradient difference of two
 * adjacent datasets is the difference of the replaced record's two terms, so the sensitivity times n is
 * {@code sup |(a - a', b - b')|} over the domain: footpoint p in {@code B_Rp(m0)}, shooting vector {@code |v| <= V},
 * both records' responses in {@code B_r(m0)} and covariates in [0, 1]. A multi-start hill climb over these 4 points
 * and 2 covariates (random starts plus starts with every piece aligned along one direction, the flat worst case)
 * searches for it; the test asserts {@code sup <= bound} (a bound that is too small fails) and
 * {@code bound / sup <= stated ratio} (a bound that became loose fails). Seeded, deterministic.
 *
 * <p>Measured (n Delta against the searched sup): item 3 of issue 23, affine-invariant SPD(2) with r = Rp = 0.5,
 * V = 1: footpoint 5.04 against 2.00 (ratio 2.52), shooting vector 4.34 against 2.00 (2.17), joint 6.65 against 2.83
 * (2.35); before issue 23 the joint bound was 71.4, 25 times the supremum. Log-Euclidean SPD(2), flat: the footpoint
 * and shooting-vector bounds are attained (ratio 1.000); the joint one is their hypot, 1.026 above the joint sup at
 * r = 1, Rp = 0.2. S^2 and Kendall: ratio 2.00, the sup being the flat value 2r + V (the 2 tau of Theorem 3.3 pays
 * |eps| <= tau twice).
 */
class RegressionSensitivitySupremumTest {

    private static final CovariateRange PUBLIC = new CovariateRange(0, 1, true);
    private static final double SLACK = 1e-9;

    static Stream<Arguments> domains() {
        return Stream.of(
                // geometry, r, Rp, V, largest allowed bound / sup for (footpoint, shooting vector, joint), seed
                Arguments.of("spd/affine-invariant:k=2", 0.5, 0.5, 1.0, 2.6, 2.25, 2.45, 31L),
                Arguments.of("spd/log-euclidean:k=2", 0.5, 0.5, 1.0, 1.01, 1.01, 1.01, 32L),
                Arguments.of("spd/log-euclidean:k=2", 1.0, 0.2, 1.0, 1.01, 1.01, 1.03, 33L),
                Arguments.of("sphere:d=2", 0.3, 0.3, 0.6, 2.05, 2.05, 2.05, 34L),
                Arguments.of("kendall:landmarks=5", 0.15, 0.15, 0.4, 2.05, 2.05, 2.05, 35L));
    }

    @ParameterizedTest(name = "{0} r = {1}, Rp = {2}, V = {3}")
    @MethodSource("domains")
    void boundsHoldAtTheSearchedSupremumAndAreTight(String spec, double r, double footpointRadius, double maxSpeed,
            double ratioP, double ratioV, double ratioJoint, long seed) {
        Geometry g = Geometries.parse(spec);
        RegressionDomain domain = new RegressionDomain(r, footpointRadius, maxSpeed);
        double tau = RegressionSensitivity.defaultTau(g, r, footpointRadius, maxSpeed, PUBLIC);
        double deltaP = RegressionSensitivity.footpoint(g, tau, domain, 1);
        double deltaV = RegressionSensitivity.shootingVector(g, tau, domain, 1);
        double delta = RegressionSensitivity.joint(g, tau, domain, 1);
        Search search = new Search(g, domain, new Random(seed));
        double supP = search.supremum(Objective.FOOTPOINT);
        double supV = search.supremum(Objective.SHOOTING_VECTOR);
        double supJoint = search.supremum(Objective.JOINT);
        System.out.printf(Locale.ROOT, "%s r=%s Rp=%s V=%s: n Delta_p = %.4f, sup %.4f (ratio %.3f); "
                        + "n Delta_v = %.4f, sup %.4f (ratio %.3f); n Delta = %.4f, sup %.4f (ratio %.3f)%n",
                spec, r, footpointRadius, maxSpeed, deltaP, supP, deltaP / supP, deltaV, supV, deltaV / supV,
                delta, supJoint, delta / supJoint);
        assertThat(supP).isLessThanOrEqualTo(deltaP * (1 + SLACK));
        assertThat(supV).isLessThanOrEqualTo(deltaV * (1 + SLACK));
        assertThat(supJoint).isLessThanOrEqualTo(delta * (1 + SLACK));
        assertThat(deltaP / supP).isLessThanOrEqualTo(ratioP);
        assertThat(deltaV / supV).isLessThanOrEqualTo(ratioV);
        assertThat(delta / supJoint).isLessThanOrEqualTo(ratioJoint);
    }

    private enum Objective { FOOTPOINT, SHOOTING_VECTOR, JOINT }

    /**
     * A candidate: tangent vectors at m0 for the footpoint offset, the shooting vector (carried to p by parallel
     * transport), both responses' offsets, and the two covariates; each clipped to its radius or to [0, 1].
     */
    private static final class Search {

        private static final int RANDOM_STARTS = 300;
        private static final int ALIGNED_STARTS = 20;
        private static final int KEPT_STARTS = 12;
        private static final int STEPS = 600;

        private final Geometry g;
        private final RegressionDomain domain;
        private final Random random;
        private final double[] m0;
        private final ParallelTransport transport;
        private final int length;

        Search(Geometry g, RegressionDomain domain, Random random) {
            this.g = g;
            this.domain = domain;
            this.random = random;
            this.m0 = TestPoints.base(g);
            this.transport = g.capability(ParallelTransport.class).orElseThrow();
            this.length = g.layout().length();
        }

        double supremum(Objective objective) {
            double[][][] starts = new double[RANDOM_STARTS + ALIGNED_STARTS][][];
            double[] values = new double[starts.length];
            for (int s = 0; s < starts.length; s++) {
                starts[s] = s < RANDOM_STARTS ? randomCandidate() : alignedCandidate();
                values[s] = value(objective, starts[s]);
            }
            double best = 0;
            for (int k = 0; k < KEPT_STARTS; k++) {
                int index = argmax(values);
                best = Math.max(best, climb(objective, starts[index], values[index]));
                values[index] = Double.NEGATIVE_INFINITY;
            }
            return best;
        }

        private double climb(Objective objective, double[][] start, double startValue) {
            double[][] current = start;
            double value = startValue;
            for (int step = 0; step < STEPS; step++) {
                double scale = 0.3 * Math.pow(1e-3, step / (double) STEPS);
                double[][] next = perturbed(current, scale);
                double nextValue = value(objective, next);
                if (nextValue > value) {
                    current = next;
                    value = nextValue;
                }
            }
            return value;
        }

        private double[][] randomCandidate() {
            return new double[][] {
                    tangent(domain.footpointRadius() * Math.sqrt(random.nextDouble())),
                    tangent(domain.maxSpeed() * Math.sqrt(random.nextDouble())),
                    tangent(domain.dataRadius() * Math.sqrt(random.nextDouble())),
                    tangent(domain.dataRadius() * Math.sqrt(random.nextDouble())),
                    {random.nextDouble(), random.nextDouble()}};
        }

        /** Every piece along one direction u: the flat worst case (p at -Rp u, v = -V u, y = r u, y' = -r u). */
        private double[][] alignedCandidate() {
            double[] u = tangent(1);
            return new double[][] {
                    scaled(u, -domain.footpointRadius()), scaled(u, -domain.maxSpeed()),
                    scaled(u, domain.dataRadius()), scaled(u, -domain.dataRadius()),
                    {1, random.nextDouble() < 0.5 ? 0 : random.nextDouble()}};
        }

        private double[][] perturbed(double[][] c, double scale) {
            double[] radii = {domain.footpointRadius(), domain.maxSpeed(), domain.dataRadius(), domain.dataRadius()};
            double[][] next = new double[5][];
            for (int k = 0; k < 4; k++) {
                double[] moved = c[k].clone();
                double[] d = tangent(scale * radii[k] * random.nextDouble());
                for (int j = 0; j < length; j++) {
                    moved[j] += d[j];
                }
                double norm = g.norm(m0, moved);
                next[k] = norm > radii[k] ? scaled(moved, radii[k] / norm) : moved;
            }
            next[4] = new double[] {clamp(c[4][0] + scale * random.nextGaussian()),
                    clamp(c[4][1] + scale * random.nextGaussian())};
            return next;
        }

        /** n = 1: the norm of the difference of the two records' gradient terms at the same (p, v). */
        private double value(Objective objective, double[][] c) {
            double[] p = g.exp(m0, c[0]);
            double[] v = transport.transport(m0, p, c[1]);
            double[] y = g.exp(m0, c[2]);
            double[] yOther = g.exp(m0, c[3]);
            double[] gradP = new double[length];
            double[] gradV = new double[length];
            double[] otherP = new double[length];
            double[] otherV = new double[length];
            GeodesicRegressionGradient.of(g, new double[] {c[4][0]}, new double[][] {y}).gradient(p, v, gradP, gradV);
            GeodesicRegressionGradient.of(g, new double[] {c[4][1]}, new double[][] {yOther})
                    .gradient(p, v, otherP, otherV);
            for (int j = 0; j < length; j++) {
                gradP[j] -= otherP[j];
                gradV[j] -= otherV[j];
            }
            double dp = g.norm(p, gradP);
            double dv = g.norm(p, gradV);
            return switch (objective) {
                case FOOTPOINT -> dp;
                case SHOOTING_VECTOR -> dv;
                case JOINT -> Math.hypot(dp, dv);
            };
        }

        private double[] tangent(double norm) {
            return RegressionFixtures.tangent(g, m0, random, norm);
        }

        private static double[] scaled(double[] u, double factor) {
            double[] out = u.clone();
            for (int j = 0; j < out.length; j++) {
                out[j] *= factor;
            }
            return out;
        }

        private static double clamp(double x) {
            return Math.max(0, Math.min(1, x));
        }

        private static int argmax(double[] values) {
            int best = 0;
            for (int i = 1; i < values.length; i++) {
                if (values[i] > values[best]) {
                    best = i;
                }
            }
            return best;
        }
    }
}
