package dev.manifolddp.experiments.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.experiments.BuiltInComponents;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.MechanismProvider;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The closed forms of {@link ClosedFormError} against known values of the chi mean and against the planner's own
 * simulation (seeded; each comparison fails by chance with probability below 1e-4 for |z| > 4).
 */
class ClosedFormErrorTest {

    @Test
    void chiMeanMatchesKnownValues() {
        assertThat(ClosedFormError.chiMean(1)).isCloseTo(Math.sqrt(2 / Math.PI), within(1e-15));
        assertThat(ClosedFormError.chiMean(2)).isCloseTo(Math.sqrt(Math.PI / 2), within(1e-15));
        assertThat(ClosedFormError.chiMean(3)).isCloseTo(2 * Math.sqrt(2 / Math.PI), within(1e-15));
        // Gamma(5/2)/Gamma(2) = 3 sqrt(pi) / 4
        assertThat(ClosedFormError.chiMean(4)).isCloseTo(Math.sqrt(2) * 3 * Math.sqrt(Math.PI) / 4, within(1e-14));
        // large d: E chi_d = sqrt(d) (1 - 1/(4d) + 1/(32 d^2) + O(d^-3))
        int d = 400;
        assertThat(ClosedFormError.chiMean(d)).isCloseTo(Math.sqrt(d) * (1 - 1.0 / (4 * d) + 1.0 / (32.0 * d * d)),
                within(1e-6));
        assertThatThrownBy(() -> ClosedFormError.chiMean(0)).hasMessageContaining("Provided value: 0");
    }

    @Test
    void closedFormsMatchSimulationOnFlatCharts() {
        for (String spec : List.of("spd/log-euclidean:k=2", "spd/log-euclidean:k=3")) {
            Geometry geometry = BuiltInComponents.geometry(spec);
            double[] identity = spec.endsWith("2") ? new double[] {1, 0, 0, 1}
                    : new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
            List<PlanRow> closed = plan(geometry, identity, PlanRequest.Method.AUTO).rows();
            List<PlanRow> simulated = plan(geometry, identity, PlanRequest.Method.SIMULATION).rows();
            assertThat(closed).hasSize(4).allMatch(row -> row.method().equals(PlanRow.CLOSED_FORM));
            assertThat(simulated).hasSize(4).allMatch(row -> row.method().equals(PlanRow.SIMULATED));
            for (int i = 0; i < closed.size(); i++) {
                PlanRow exact = closed.get(i);
                PlanRow estimate = simulated.get(i);
                assertThat(estimate.sigma()).isEqualTo(exact.sigma());
                assertThat(Math.abs(estimate.expected() - exact.expected()))
                        .as("%s %s n=%d epsilon=%s", spec, exact.mechanism(), exact.n(), exact.epsilon())
                        .isLessThan(4 * estimate.standardError());
                // the spread over releases is the law's too (sd of the sample sd is about sd / sqrt(2M))
                assertThat(Math.abs(estimate.spread() - exact.spread())).isLessThan(0.25 * exact.spread());
            }
        }
    }

    private static PlanResult plan(Geometry geometry, double[] center, PlanRequest.Method method) {
        List<PlannedMechanism> mechanisms = List.of(planned("tangent-gaussian"), planned("riemannian-laplace"));
        PlanRequest request = new PlanRequest(geometry, center, 0.5, List.of(20, 200), List.of(1.0), List.of(1e-6),
                mechanisms, 400, 7, null, 1 << 20, false, method, 2);
        return new Planner(request, BuiltInComponents.estimators(), BuiltInComponents.generators(),
                BuiltInComponents.utilities(), null).plan();
    }

    private static PlannedMechanism planned(String name) {
        MechanismProvider provider = BuiltInComponents.mechanisms().provider(name);
        Mechanism mechanism = provider.create(Map.of());
        return new PlannedMechanism(name, Map.of(), mechanism, mechanism);
    }
}
