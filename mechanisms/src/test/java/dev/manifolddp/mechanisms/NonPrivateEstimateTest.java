package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorFit;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import org.junit.jupiter.api.Test;

/**
 * One estimate per replicate (issue 24): the estimate a run measures its releases against, {@link NonPrivateEstimate#of},
 * is bit for bit the point a release centres on ({@link ReleaseContext#estimate} over the records its ball check
 * charted), on charted (log-Euclidean) and uncharted geometries alike, and it differs from a minimisation with the
 * estimator's own configured settings; without convergence there is no estimate to measure against.
 */
class NonPrivateEstimateTest {

    @Test
    void theRunsEstimateIsTheReleasesCentreBitForBit() {
        String[] specs = {"sphere:d=2", "spd/log-euclidean:k=3", "spd/affine-invariant:k=2", "kendall:landmarks=6"};
        for (String spec : specs) {
            Geometry geometry = Geometries.parse(spec);
            double[] center = spec.startsWith("sphere") ? Fixtures.northPole()
                    : spec.startsWith("spd") ? Fixtures.identity(spec.endsWith("3") ? 3 : 2)
                    : Fixtures.polygonShape(geometry);
            for (int trial = 0; trial < 5; trial++) {
                GeneratedData data = new GeodesicBallGenerator(geometry, center, 0.3).generate(40 + trial,
                        Fixtures.rng(trial, spec.length()));
                DataBall ball = DataBall.declared(center, 0.3);
                Estimator estimator = FrechetMeanEstimator.DEFAULT.forBall(geometry, center, 0.3);
                double[] run = NonPrivateEstimate.of(FrechetMeanEstimator.DEFAULT, geometry, data.points(), ball);
                // as a release computes its centre: the ball check's charted records, then the minimiser
                ChartedRecords charted = ball.requireContainsCharted(geometry, data.points());
                double[] centre = ReleaseContext.estimate(estimator, geometry, data.points(), charted, ball,
                        Release.<double[]>builder("test"));
                assertThat(run).as("%s, trial %d", spec, trial).containsExactly(centre);
            }
        }
    }

    @Test
    void itIsNotTheConfiguredEstimatorsOwnRun() {
        Geometry sphere = Fixtures.sphere();
        GeneratedData data = Fixtures.sphereCap(1000, Fixtures.CAP_RADIUS, Fixtures.rng(1, 1));
        DataBall ball = Fixtures.ball(data);
        // a loose configured tolerance stops early; the release's centre does not
        FrechetMeanEstimator loose = new FrechetMeanEstimator(0.5, 1e-4, 1000,
                dev.manifolddp.estimators.FrechetMean.StopRule.GRADIENT_NORM);
        double[] configured = loose.estimate(sphere, data.points());
        double[] centre = NonPrivateEstimate.of(loose, sphere, data.points(), ball);
        assertThat(sphere.distance(configured, centre)).isGreaterThan(1e-9);
        assertThat(NonPrivateEstimate.fit(loose, sphere, data.points(), null, ball).gradientNorm())
                .isLessThanOrEqualTo(NonPrivateEstimate.TOLERANCE);
    }

    @Test
    void withoutConvergenceThereIsNoEstimate() {
        Geometry sphere = Fixtures.sphere();
        GeneratedData data = Fixtures.sphereCap(20, Fixtures.CAP_RADIUS, Fixtures.rng(2, 1));
        assertThatThrownBy(() -> NonPrivateEstimate.of(new Stalled(), sphere, data.points(), Fixtures.ball(data)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stalled: the non-private estimate did not converge (7 iterations")
                .hasMessageContaining("put the records in a smaller ball");
    }

    /** The Frechet mean whose minimiser reports that it did not converge. */
    private static final class Stalled extends PluginMean {

        @Override
        public String name() {
            return "stalled";
        }

        @Override
        public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
                int maxIterations) {
            return new EstimatorFit(start, 7, 0.5, false, "test", "stalled on purpose");
        }
    }
}
