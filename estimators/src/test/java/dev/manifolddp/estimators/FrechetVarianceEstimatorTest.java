package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.EuclideanSpace;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Frechet variance about a public centre: its closed form, its sensitivity against the supremum over adjacent
 * datasets of the ball (which it must reach, not only bound), and its refusals.
 */
class FrechetVarianceEstimatorTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    private static final double[] NORTH = {0, 0, 1};
    private static final double R = Math.PI / 8;

    /** A point at geodesic distance t from the north pole, in direction angle phi. */
    private static double[] at(double t, double phi) {
        return new double[] {Math.sin(t) * Math.cos(phi), Math.sin(t) * Math.sin(phi), Math.cos(t)};
    }

    @Test
    void theEstimateIsTheMeanSquaredDistanceFromTheCentre() {
        Estimator variance = new FrechetVarianceEstimator(null).forBall(SPHERE, NORTH, R);
        double[][] data = {at(0.1, 0), at(0.2, 1), at(0.3, 2), NORTH.clone()};
        double expected = (0.01 + 0.04 + 0.09 + 0) / 4;
        assertThat(variance.estimate(SPHERE, data)[0]).isCloseTo(expected, within(1e-15));
        assertThat(variance.parameterSpace(SPHERE)).isEqualTo(EuclideanSpace.of(1));
        assertThat(variance.gradientField(SPHERE, data).gradientNorm(new double[] {0.5})).isCloseTo(0.5 - expected,
                within(1e-15));
    }

    /**
     * {@code r^2/n} about the ball's centre: no random adjacent pair exceeds it, and the pair "a record at the centre
     * replaced by one on the boundary" reaches it; a bound 1% smaller would fail.
     */
    @Test
    void theSensitivityAboutTheBallsCentreIsTheSupremumRSquaredOverN() {
        int n = 7;
        Estimator variance = new FrechetVarianceEstimator(null).forBall(SPHERE, NORTH, R);
        double bound = variance.gradientSensitivity(SPHERE, R, n);
        assertThat(bound).isCloseTo(R * R / n, within(1e-17));
        assertThat(variance.estimateSensitivity(SPHERE, R, n).getAsDouble()).isEqualTo(bound);
        double supremum = searchSupremum(variance, n, 3000, new Random(11));
        assertThat(supremum).isLessThanOrEqualTo(bound * (1 + 1e-12)).isGreaterThan(0.99 * bound);
    }

    /** About a public centre at distance a from the ball's: {@code ((a + r)^2 - (a - r)^2)/n = 4ar/n}, reached. */
    @Test
    void theSensitivityAboutAnOffsetCentreIsReachedAlongTheAxis() {
        int n = 5;
        double a = 0.5;
        double[] centre = at(a, Math.PI);
        Estimator variance = new FrechetVarianceEstimator(centre).forBall(SPHERE, NORTH, R);
        double bound = variance.gradientSensitivity(SPHERE, R, n);
        assertThat(bound).isCloseTo(4 * a * R / n, within(1e-15));
        double supremum = searchSupremum(variance, n, 3000, new Random(12));
        assertThat(supremum).isLessThanOrEqualTo(bound * (1 + 1e-12)).isGreaterThan(0.99 * bound);
        // a centre inside the ball: ((a + r)^2 - 0)/n
        double inside = 0.2;
        Estimator near = new FrechetVarianceEstimator(at(inside, 0)).forBall(SPHERE, NORTH, R);
        assertThat(near.gradientSensitivity(SPHERE, R, n)).isCloseTo((inside + R) * (inside + R) / n, within(1e-15));
        assertThat(searchSupremum(near, n, 3000, new Random(13)))
                .isLessThanOrEqualTo(near.gradientSensitivity(SPHERE, R, n) * (1 + 1e-12))
                .isGreaterThan(0.99 * near.gradientSensitivity(SPHERE, R, n));
    }

    /**
     * The largest |V(D) - V(D')| over random datasets of the ball and their one-record replacements, with half the
     * replaced and replacing records pushed to the boundary or the centre, where the extremes lie.
     */
    private static double searchSupremum(Estimator variance, int n, int trials, Random random) {
        double best = 0;
        for (int trial = 0; trial < trials; trial++) {
            double[][] data = new double[n][];
            for (int i = 0; i < n; i++) {
                data[i] = at(R * Math.sqrt(random.nextDouble()), 2 * Math.PI * random.nextDouble());
            }
            double[][] adjacent = data.clone();
            double t = random.nextBoolean() ? R : R * random.nextDouble();
            adjacent[0] = at(t, random.nextBoolean() ? Math.PI : 2 * Math.PI * random.nextDouble());
            if (random.nextBoolean()) {
                data[0] = at(random.nextBoolean() ? 0 : R, random.nextBoolean() ? 0 : 2 * Math.PI * random.nextDouble());
            }
            double difference = Math.abs(variance.estimate(SPHERE, data)[0] - variance.estimate(SPHERE, adjacent)[0]);
            best = Math.max(best, difference);
        }
        return best;
    }

    @Test
    void theParameterBallHoldsEveryDatasetsVariance() {
        Estimator variance = new FrechetVarianceEstimator(at(0.5, 0)).forBall(SPHERE, NORTH, R);
        Estimator.ParameterBall ball = variance.parameterBall(SPHERE, NORTH, R, 10).orElseThrow();
        assertThat(ball.center()[0] - ball.radius()).isCloseTo((0.5 - R) * (0.5 - R), within(1e-15));
        assertThat(ball.center()[0] + ball.radius()).isCloseTo((0.5 + R) * (0.5 + R), within(1e-15));
        Random random = new Random(3);
        for (int trial = 0; trial < 200; trial++) {
            double[][] data = new double[10][];
            for (int i = 0; i < data.length; i++) {
                data[i] = at(R * random.nextDouble(), 2 * Math.PI * random.nextDouble());
            }
            double v = variance.estimate(SPHERE, data)[0];
            assertThat(Math.abs(v - ball.center()[0])).isLessThanOrEqualTo(ball.radius() * (1 + 1e-12));
        }
    }

    @Test
    void anUnboundDefaultRefusesToEstimateAndNamesTheFix() {
        Estimator variance = new FrechetVarianceEstimator(null);
        assertThatThrownBy(() -> variance.estimate(SPHERE, new double[][] {NORTH}))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("forBall");
        assertThatThrownBy(() -> variance.gradientSensitivity(SPHERE, R, 10))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("forBall");
        Estimator bound = variance.forBall(SPHERE, NORTH, R);
        assertThatThrownBy(() -> bound.gradientSensitivity(SPHERE, 2 * R, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bind it again");
        assertThatThrownBy(() -> variance.forBall(SPHERE, NORTH, 0)).hasMessageContaining("radius");
    }

    @Test
    void theProviderParsesTheCentreAndRefusesAMalformedOne() {
        FrechetVarianceEstimatorProvider provider = new FrechetVarianceEstimatorProvider();
        FrechetVarianceEstimator parsed = (FrechetVarianceEstimator) provider.create(Map.of("center", "0, 0, 1"));
        assertThat(parsed.center()).hasValueSatisfying(c -> assertThat(c).containsExactly(0, 0, 1));
        assertThat(((FrechetVarianceEstimator) provider.create(Map.of())).center()).isEmpty();
        assertThatThrownBy(() -> provider.create(Map.of("center", "0,x,1"))).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("center").hasMessageContaining("coordinate 2");
        Estimator offSphere = provider.create(Map.of("center", "0,0,2"));
        assertThatThrownBy(() -> offSphere.forBall(SPHERE, NORTH, R)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("center");
    }
}
