package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorFit;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.estimators.GradientField;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The anchor's second chance ({@link KngAnchor}): a minimiser that stops short of the mechanisms' tolerance (a
 * plugin estimator that did not converge) gives an anchor whose gradient norm is above the public bound; the
 * minimisation is continued from it and the release succeeds within the public acceptance bound. One that never
 * converges fails before drawing, saying that the failure is a privacy event.
 */
class KngAnchorRefinementTest {

    /** The Frechet mean, except that a minimisation to the mechanisms' tolerance stops at its start. */
    private static final class StopsShort implements Estimator {
        private final boolean ever;

        StopsShort(boolean ever) {
            this.ever = ever;
        }

        @Override
        public String name() {
            return "stops-short";
        }

        @Override
        public Geometry parameterSpace(Geometry dataSpace) {
            return FrechetMeanEstimator.DEFAULT.parameterSpace(dataSpace);
        }

        @Override
        public double[] estimate(Geometry dataSpace, double[][] data) {
            return FrechetMeanEstimator.DEFAULT.estimate(dataSpace, data);
        }

        @Override
        public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
                int maxIterations) {
            if (ever || tolerance == ReleaseContext.MEAN_TOLERANCE) {
                double norm = FrechetMeanEstimator.DEFAULT.gradientField(dataSpace, data).gradientNorm(start);
                return new EstimatorFit(start.clone(), maxIterations, norm, false, "stopped", "test: stops at start");
            }
            return FrechetMeanEstimator.DEFAULT.minimise(dataSpace, data, start, tolerance, maxIterations);
        }

        @Override
        public GradientField gradientField(Geometry dataSpace, double[][] data) {
            return FrechetMeanEstimator.DEFAULT.gradientField(dataSpace, data);
        }

        @Override
        public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
            return FrechetMeanEstimator.DEFAULT.gradientSensitivity(dataSpace, radius, n);
        }

        @Override
        public OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n) {
            return FrechetMeanEstimator.DEFAULT.estimateSensitivity(dataSpace, radius, n);
        }

        @Override
        public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius) {
            return FrechetMeanEstimator.DEFAULT.gradientBounds(dataSpace, radius);
        }
    }

    @Test
    void anUnconvergedMinimiserIsContinuedBeforeDrawing() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(2104, 0);
        GeneratedData data = Fixtures.sphereCap(100, Fixtures.CAP_RADIUS, rng);
        Release<double[]> release = KNormGradient.builder().autoProposalBudget().build().release(new StopsShort(false),
                sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(release.guarantee()).isEqualTo(Guarantee.EPSILON_DELTA);
        assertThat(release.diagnostics().values()).containsKey("anchorRefinement");
        assertThat((double) release.diagnostics().values().get("anchorGradientNorm"))
                .isLessThanOrEqualTo(ReleaseContext.MEAN_TOLERANCE);
    }

    @Test
    void aMinimiserThatNeverConvergesFailsBeforeDrawingAndSaysWhy() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(2105, 0);
        GeneratedData data = Fixtures.sphereCap(100, Fixtures.CAP_RADIUS, rng);
        assertThatThrownBy(() -> KNormGradient.builder().autoProposalBudget().build().release(new StopsShort(true),
                sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("privacy event")
                .hasMessageContaining("stops-short");
    }
}
