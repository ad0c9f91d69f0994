package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.manifolddp.estimators.FrechetMedianEstimator;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.spi.PublicInput;
import dev.manifolddp.spi.PublicInputException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Calibration refusals name the public inputs that lift them as a field ({@link PublicInputException#inputs}), which
 * the command line turns into flags and the experiment runner into configuration keys, without reading the message.
 */
class PublicInputRefusalTest {

    private final Geometry sphere = Fixtures.sphere();
    private final DataBall ball = DataBall.declared(Fixtures.northPole(), Math.PI / 8);

    private static PublicInputException refusal(ThrowingCallable call) {
        PublicInputException e = catchThrowableOfType(PublicInputException.class, call);
        assertThat(e).as("a typed refusal").isNotNull();
        return e;
    }

    @Test
    void aGaussianWithoutDeltaNamesDelta() {
        assertThat(refusal(() -> TangentGaussian.builder().build().calibrate(FrechetMeanEstimator.DEFAULT,
                dev.manifolddp.geometry.Geometries.parse("spd/log-euclidean:k=2"),
                DataBall.declared(Fixtures.identity(2), 1), 10, PrivacyBudget.pure(1))).inputs())
                .containsExactly(PublicInput.DELTA);
    }

    @Test
    void aBallBeyondAssumptionOneNamesTheRadiusAndTheGeometry() {
        DataBall wide = DataBall.declared(Fixtures.northPole(), 1.0);
        assertThat(refusal(() -> KNormGradient.builder().build().calibrate(FrechetMeanEstimator.DEFAULT, sphere, wide,
                10, PrivacyBudget.pure(1))).inputs()).containsExactly(PublicInput.RADIUS, PublicInput.GEOMETRY);
    }

    @Test
    void anEpsilonBeyondTheLimitNamesEpsilon() {
        assertThat(refusal(() -> RiemannianLaplace.builder().build().calibrate(FrechetMeanEstimator.DEFAULT, sphere,
                ball, 10, PrivacyBudget.pure(1e300))).inputs()).containsExactly(PublicInput.EPSILON);
    }

    @Test
    void anEstimatorAMechanismCannotProveNamesBoth() {
        assertThat(refusal(() -> RiemannianLaplace.builder().build().calibrate(new FrechetMedianEstimator(1e-10, 100),
                sphere, ball, 10, PrivacyBudget.pure(1))).inputs())
                .containsExactly(PublicInput.ESTIMATOR, PublicInput.MECHANISM);
    }

    @Test
    void aGeometryWithoutTheNeededCapabilityNamesTheGeometry() {
        assertThat(refusal(() -> TangentGaussian.builder().build().calibrate(FrechetMeanEstimator.DEFAULT, sphere,
                ball, 10, new PrivacyBudget(1, 1e-6))).inputs()).contains(PublicInput.GEOMETRY);
    }
}
