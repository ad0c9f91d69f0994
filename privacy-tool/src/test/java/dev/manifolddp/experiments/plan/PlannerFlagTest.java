package dev.manifolddp.experiments.plan;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.experiments.BuiltInComponents;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Mechanism;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A ball the synthetic law cannot be drawn in is reported against the flag of the stage that refused it (the centre,
 * then the radius), not a word of its message: the sphere's point test speaks of its radius, yet a centre off the
 * sphere is a --center error (the former guess from the message called it --radius).
 */
class PlannerFlagTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");

    private static void plan(double[] center, double radius) {
        Mechanism mechanism = BuiltInComponents.mechanisms().provider("riemannian-laplace").create(Map.of());
        PlanRequest request = new PlanRequest(SPHERE, center, radius, List.of(20), List.of(1.0), List.of(1e-6),
                List.of(new PlannedMechanism("riemannian-laplace", Map.of(), mechanism, mechanism)), 10, 7, null,
                1 << 20, false, PlanRequest.Method.AUTO, 1);
        new Planner(request, BuiltInComponents.estimators(), BuiltInComponents.generators(),
                BuiltInComponents.utilities(), null);
    }

    @Test
    void aRadiusBeyondTheInjectivityRadiusIsARadiusError() {
        assertThatThrownBy(() -> plan(new double[] {0, 0, 1}, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--radius: the synthetic records cannot be drawn in the declared ball: radius "
                        + "must not exceed the injectivity radius");
    }

    @Test
    void aNonPositiveRadiusIsARadiusError() {
        assertThatThrownBy(() -> plan(new double[] {0, 0, 1}, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--radius: the synthetic records cannot be drawn in the declared ball: data "
                        + "generator 'sphere-cap': parameter 'radius' must be a finite positive number");
    }

    @Test
    void aCentreOffTheSphereIsACentreErrorThoughItsMessageSaysRadius() {
        assertThatThrownBy(() -> plan(new double[] {0, 0, 2}, 0.3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--center: the synthetic records cannot be drawn in the declared ball: ")
                .hasMessageContaining("radius");
    }
}
