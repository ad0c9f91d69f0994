package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.ClosedFormMean;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The chart form of the closed-form mean reproduces the geometry's closed form and the gradient's residual. */
class ChartMeanTest {

    @Test
    void chartMeanMatchesClosedFormAndGradientResidual() {
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=6");
        double[] identity = TestPoints.base(geometry);
        double[][] data = BallData.inBall(geometry, identity, 1.5, 40, new SplittableRandom(11));

        FrechetMeanResult result = FrechetMean.builder().geometry(geometry).build().fit(data);

        double[] closedForm = new double[identity.length];
        geometry.capability(ClosedFormMean.class).orElseThrow().mean(data, closedForm);
        assertThat(result.method()).isEqualTo(FrechetMean.CLOSED_FORM);
        assertThat(result.converged()).isTrue();
        assertThat(result.iterations()).isZero();
        for (int j = 0; j < closedForm.length; j++) {
            assertThat(result.mean()[j]).isCloseTo(closedForm[j], within(1e-12));
        }
        double residual = new FrechetGradient(geometry, data).gradientNorm(result.mean());
        assertThat(result.gradientNorm()).isCloseTo(residual, within(1e-12));
    }
}
