package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorFit;
import dev.manifolddp.estimators.FrechetMeanEstimand;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.estimators.GradientField;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * Mechanisms that release a mean only ask the estimator for the {@link FrechetMeanEstimand} capability, not for its
 * class: a plugin's estimator of the mean that declares it is released, the same estimator without it is refused.
 */
class FrechetMeanEstimandTest {

    /** The Frechet mean under another class, declaring the estimand or not. */
    private static class PluginMean implements Estimator {
        private final Estimator mean = FrechetMeanEstimator.DEFAULT;

        @Override
        public String name() {
            return "plugin-mean";
        }

        @Override
        public Geometry parameterSpace(Geometry dataSpace) {
            return mean.parameterSpace(dataSpace);
        }

        @Override
        public double[] estimate(Geometry dataSpace, double[][] data) {
            return mean.estimate(dataSpace, data);
        }

        @Override
        public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
                int maxIterations) {
            return mean.minimise(dataSpace, data, start, tolerance, maxIterations);
        }

        @Override
        public GradientField gradientField(Geometry dataSpace, double[][] data) {
            return mean.gradientField(dataSpace, data);
        }

        @Override
        public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
            return mean.gradientSensitivity(dataSpace, radius, n);
        }

        @Override
        public OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n) {
            return mean.estimateSensitivity(dataSpace, radius, n);
        }

        @Override
        public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius) {
            return mean.gradientBounds(dataSpace, radius);
        }
    }

    private static final class DeclaredPluginMean extends PluginMean implements FrechetMeanEstimand {
    }

    @Test
    void aMeanOnlyMechanismAsksForTheEstimandNotTheClass() {
        Geometry sphere = Fixtures.sphere();
        GeneratedData data = Fixtures.sphereCap(50, Fixtures.CAP_RADIUS, Fixtures.rng(90, 0));
        DataBall ball = Fixtures.ball(data);
        Mechanism laplace = EuclideanLaplace.builder().build();
        Release<double[]> release = laplace.release(new DeclaredPluginMean(), sphere, data.points(), ball,
                PrivacyBudget.pure(1), Fixtures.rng(90, 1));
        assertThat(release.value()).hasSize(3);
        assertThatThrownBy(() -> laplace.release(new PluginMean(), sphere, data.points(), ball, PrivacyBudget.pure(1),
                Fixtures.rng(90, 2))).hasMessageContaining("releases a mean only")
                .hasMessageContaining("plugin-mean");
        assertThat(new PluginMean().capability(FrechetMeanEstimand.class)).isEmpty();
        assertThat(FrechetMeanEstimator.DEFAULT.capability(FrechetMeanEstimand.class)).isPresent();
    }
}
