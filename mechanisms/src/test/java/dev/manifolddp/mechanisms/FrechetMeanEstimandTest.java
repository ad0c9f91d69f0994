package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.estimators.FrechetMeanEstimand;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import org.junit.jupiter.api.Test;

/**
 * Mechanisms that release a mean only ask the estimator for the {@link FrechetMeanEstimand} capability, not for its
 * class: a plugin's estimator of the mean that declares it is released, the same estimator without it is refused.
 */
class FrechetMeanEstimandTest {

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
