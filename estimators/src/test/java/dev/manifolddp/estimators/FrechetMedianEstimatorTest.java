package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.sphere.SphereGeometry;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The Frechet median: its optimality (a closed form on a great circle, the subgradient condition and the objective
 * against perturbations), its robustness against the mean, and its gradient sensitivity 2/n against the supremum.
 */
class FrechetMedianEstimatorTest {

    private static final Geometry SPHERE = new SphereGeometry(2, 1);
    private static final FrechetMedianEstimator MEDIAN = new FrechetMedianEstimator(1e-12, 100_000);

    private static double[] meridian(double angle) {
        return new double[] {Math.sin(angle), 0, Math.cos(angle)};
    }

    private static double objective(double[][] data, double[] x) {
        double sum = 0;
        for (double[] record : data) {
            sum += SPHERE.distance(x, record);
        }
        return sum / data.length;
    }

    @Test
    void onAGreatCircleTheMedianIsTheMiddleRecord() {
        // five records on one meridian: the median of their angles, whatever the spacing
        double[][] data = {meridian(-0.3), meridian(0.25), meridian(0.02), meridian(-0.1), meridian(0.2)};
        double[] median = MEDIAN.estimate(SPHERE, data);
        assertThat(SPHERE.distance(median, meridian(0.02))).isLessThan(1e-12);
        assertThat(FrechetMedianEstimator.smallestSubgradient(SPHERE, data, median)).isZero();
    }

    @Test
    void theMedianMinimisesTheSumOfDistances() {
        Random random = new Random(5);
        for (int trial = 0; trial < 20; trial++) {
            int n = 3 + random.nextInt(30);
            double[][] data = new double[n][];
            for (int i = 0; i < n; i++) {
                data[i] = SPHERE.exp(new double[] {0, 0, 1}, new double[] {0.4 * random.nextGaussian(),
                        0.4 * random.nextGaussian(), 0});
            }
            double[] median = MEDIAN.estimate(SPHERE, data);
            assertThat(FrechetMedianEstimator.smallestSubgradient(SPHERE, data, median)).isLessThanOrEqualTo(1e-12);
            double best = objective(data, median);
            for (int probe = 0; probe < 200; probe++) {
                double[] v = {1e-4 * random.nextGaussian(), 1e-4 * random.nextGaussian(), 1e-4 * random.nextGaussian()};
                double along = v[0] * median[0] + v[1] * median[1] + v[2] * median[2];
                for (int j = 0; j < 3; j++) {
                    v[j] -= along * median[j];
                }
                assertThat(objective(data, SPHERE.exp(median, v))).isGreaterThanOrEqualTo(best - 1e-15);
            }
        }
    }

    @Test
    void aFewOutliersMoveTheMedianLessThanTheMean() {
        // 90 records spread about the pole and 10 at one point 0.35 away: the mean moves about 0.035 toward them,
        // the median about a third of that
        Random random = new Random(8);
        double[][] data = new double[100][];
        for (int i = 0; i < 90; i++) {
            data[i] = SPHERE.exp(new double[] {0, 0, 1}, new double[] {0.05 * random.nextGaussian(),
                    0.05 * random.nextGaussian(), 0});
        }
        for (int i = 90; i < 100; i++) {
            data[i] = meridian(0.35);
        }
        double[] centre = {0, 0, 1};
        double[] mean = FrechetMeanEstimator.DEFAULT.estimate(SPHERE, data);
        double[] median = MEDIAN.estimate(SPHERE, data);
        assertThat(SPHERE.distance(median, centre)).isLessThan(SPHERE.distance(mean, centre) / 2);
    }

    @Test
    void gradientSensitivityIsTwoOverNAndIsReached() {
        Random random = new Random(13);
        double r = 0.5;
        int n = 7;
        double bound = MEDIAN.gradientSensitivity(SPHERE, r, n);
        assertThat(bound).isEqualTo(2.0 / n);
        double largest = 0;
        for (int trial = 0; trial < 3000; trial++) {
            double[][] data = new double[n][];
            for (int i = 0; i < n; i++) {
                data[i] = inBall(random, r);
            }
            double[][] neighbour = data.clone();
            neighbour[0] = inBall(random, r);
            double[] x = trial % 3 == 0 ? midpointBeyond(data[0], neighbour[0]) : inBall(random, r);
            double difference = gradientDifference(data, neighbour, x);
            assertThat(difference).isLessThanOrEqualTo(bound * (1 + 1e-12));
            largest = Math.max(largest, difference);
        }
        // two records on opposite sides of x reach it
        assertThat(largest).isGreaterThan(0.999 * bound);
        assertThatThrownBy(() -> MEDIAN.gradientSensitivity(SPHERE, 1.6, n))
                .hasMessageContaining("injectivity radius");
    }

    private static double[] inBall(Random random, double r) {
        double angle = r * Math.sqrt(random.nextDouble());
        double turn = 2 * Math.PI * random.nextDouble();
        return SPHERE.exp(new double[] {0, 0, 1}, new double[] {angle * Math.cos(turn), angle * Math.sin(turn), 0});
    }

    /** The midpoint of y and y': there their unit logs are opposite. */
    private static double[] midpointBeyond(double[] y, double[] other) {
        double[] v = SPHERE.log(y, other);
        for (int j = 0; j < 3; j++) {
            v[j] /= 2;
        }
        return SPHERE.exp(y, v);
    }

    /** |g_D(x) - g_D'(x)| for the median's gradient, in ambient coordinates. */
    private static double gradientDifference(double[][] a, double[][] b, double[] x) {
        double[] sum = new double[3];
        for (int i = 0; i < a.length; i++) {
            double[] la = SPHERE.log(x, a[i]);
            double[] lb = SPHERE.log(x, b[i]);
            double na = Math.sqrt(SPHERE.inner(x, la, la));
            double nb = Math.sqrt(SPHERE.inner(x, lb, lb));
            for (int j = 0; j < 3; j++) {
                sum[j] += (na > 0 ? la[j] / na : 0) - (nb > 0 ? lb[j] / nb : 0);
            }
        }
        return Math.sqrt(SPHERE.inner(x, sum, sum)) / a.length;
    }

    @Test
    void refusesWhatItCannotComputeAndTheLaplace() {
        assertThatThrownBy(() -> new FrechetMedianEstimator(0, 10)).hasMessageContaining("tolerance");
        assertThatThrownBy(() -> new FrechetMedianEstimator(1e-9, 0)).hasMessageContaining("max-iterations");
        assertThat(MEDIAN.estimateSensitivity(SPHERE, 0.3, 10)).isEmpty();
        assertThat(MEDIAN.gradientBounds(SPHERE, 0.3)).isEmpty();
        assertThat(MEDIAN.parameterSpace(SPHERE)).isSameAs(SPHERE);
        assertThat(new FrechetMedianEstimatorProvider().create(java.util.Map.of()).name())
                .isEqualTo("frechet-median");
        assertThat(Offset.offset(0.0)).isNotNull();
    }
}
