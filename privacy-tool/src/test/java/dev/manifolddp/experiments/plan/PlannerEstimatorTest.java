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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Plans of estimators other than the mean (issue 27): the calibration is the estimator's, the error is measured on its
 * parameter space, the closed forms there agree with the planner's own simulation (seeded; |z| > 4 fails by chance
 * with probability below 1e-4), and a mechanism that cannot release the estimator is a skipped row with its reason.
 */
class PlannerEstimatorTest {

    private static final double[] POLE = {0, 0, 1};
    private static final double RADIUS = 0.39269908169872414;
    private static Geometry sphere;

    @BeforeAll
    static void registry() {
        sphere = BuiltInComponents.geometry("sphere:d=2");
    }

    /**
     * The variance about the ball's centre has sensitivity r^2/n (docs/frechet-variance.md), so the Laplace's sigma is
     * r^2/(n epsilon) and its error on the real line is E|Laplace| = sigma; a plan that measured on the sphere, or
     * calibrated the mean, would be far off both.
     */
    @Test
    void theVarianceIsCalibratedAndMeasuredOnTheRealLine() {
        PlanResult result = plan("frechet-variance", Map.of(), List.of("riemannian-laplace"), PlanRequest.Method.AUTO,
                false, 400);
        assertThat(result.valueSpace()).isEqualTo("euclidean:n=1");
        assertThat(result.valuesOnManifold()).isFalse();
        PlanRow row = result.rows().get(0);
        // sigma = Delta/epsilon' with epsilon' a hair below epsilon, the lattice's loss (docs/parameter-spaces.md)
        assertThat(row.sigma()).isGreaterThanOrEqualTo(RADIUS * RADIUS / 100)
                .isCloseTo(RADIUS * RADIUS / 100, within(1e-5 * RADIUS * RADIUS / 100));
        assertThat(row.expected()).isCloseTo(row.sigma(), within(1e-15));
        assertThat(row.method()).isEqualTo(PlanRow.CLOSED_FORM);
    }

    @Test
    void closedFormsOnTheParameterSpaceMatchSimulation() {
        for (String estimator : List.of("frechet-variance", "tangent-pca")) {
            List<String> mechanisms = List.of("riemannian-laplace", "tangent-gaussian");
            List<PlanRow> closed = plan(estimator, Map.of(), mechanisms, PlanRequest.Method.AUTO, false, 1000).rows();
            List<PlanRow> simulated = plan(estimator, Map.of(), mechanisms, PlanRequest.Method.SIMULATION, false,
                    1000).rows();
            assertThat(closed).hasSize(2).allMatch(row -> row.method().equals(PlanRow.CLOSED_FORM));
            assertThat(simulated).hasSize(2).allMatch(row -> row.method().equals(PlanRow.SIMULATED));
            for (int i = 0; i < 2; i++) {
                assertThat(simulated.get(i).sigma()).isEqualTo(closed.get(i).sigma());
                assertThat(Math.abs(simulated.get(i).expected() - closed.get(i).expected()))
                        .as("%s %s", estimator, closed.get(i).mechanism())
                        .isLessThan(4 * simulated.get(i).standardError());
            }
        }
    }

    /** The median: only KNG (by a chain) can release it; the others are skipped with their own reasons. */
    @Test
    void theMedianIsPlannedByTheChainAndTheOthersAreRefusedWithTheirReasons() {
        PlanResult refused = plan("frechet-median", Map.of(), List.of("riemannian-laplace", "tangent-gaussian"),
                PlanRequest.Method.AUTO, false, 20);
        assertThat(refused.rows()).isEmpty();
        assertThat(refused.valuesOnManifold()).isTrue();
        assertThat(refused.skipped()).extracting(SkippedRow::reason)
                .anySatisfy(reason -> assertThat(reason).contains("riemannian-laplace needs a bound on its estimate's "
                        + "own sensitivity"))
                .anySatisfy(reason -> assertThat(reason).contains("IsometricChart"));
        PlanResult chain = plan("frechet-median", Map.of(), List.of("kng"), PlanRequest.Method.AUTO, true, 20);
        assertThat(chain.rows()).hasSize(1);
        PlanRow row = chain.rows().get(0);
        // Theorem 1's scale with the median's gradient sensitivity 2/n: sigma = 2 (2/n) / epsilon
        assertThat(row.sigma()).isCloseTo(4.0 / 100, within(1e-12));
        assertThat(row.replicates()).isEqualTo(PlanRequest.MCMC_REPLICATES);
        assertThat(row.expected()).isPositive().isLessThan(RADIUS);
    }

    @Test
    void anUnknownEstimatorOrABadParameterNamesItsFlag() {
        assertThatThrownBy(() -> plan("frechet-mode", Map.of(), List.of("riemannian-laplace"),
                PlanRequest.Method.AUTO, false, 20)).hasMessageStartingWith("--estimator: unknown estimator "
                        + "'frechet-mode'").hasMessageContaining("frechet-variance");
        assertThatThrownBy(() -> plan("frechet-variance", Map.of("centre", "0,0,1"), List.of("riemannian-laplace"),
                PlanRequest.Method.AUTO, false, 20)).hasMessageStartingWith("--estimator-param: ");
    }

    private static PlanResult plan(String estimator, Map<String, String> parameters, List<String> names,
            PlanRequest.Method method, boolean allowMcmc, int replicates) {
        List<PlannedMechanism> mechanisms = names.stream().map(name -> planned(name, allowMcmc)).toList();
        PlanRequest request = new PlanRequest(sphere, POLE, RADIUS, List.of(100), List.of(1.0), List.of(1e-6),
                mechanisms, replicates, 7, null, 1 << 20, allowMcmc, method, 2,
                new PlannedEstimator(estimator, parameters));
        return new Planner(request, BuiltInComponents.estimators(), BuiltInComponents.generators(),
                BuiltInComponents.utilities(), null).plan();
    }

    private static PlannedMechanism planned(String name, boolean chain) {
        MechanismProvider provider = BuiltInComponents.mechanisms().provider(name);
        Map<String, String> parameters = chain && name.equals("kng")
                ? Map.of("sampler", "mcmc", "burn-in", "200", "thin", "10") : Map.of();
        Mechanism mechanism = provider.create(parameters);
        return new PlannedMechanism(name, parameters, mechanism, mechanism);
    }
}
