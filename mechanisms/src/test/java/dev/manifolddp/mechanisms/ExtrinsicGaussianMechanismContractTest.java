package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometries;
import java.util.List;

/**
 * The mechanism contract for the extrinsic Gaussian on S^2 and log-Euclidean SPD(2), unprojected (values off the
 * manifold, stated by {@code onManifold}, a value fact like {@code projected} and the value warnings).
 */
class ExtrinsicGaussianMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        PrivacyBudget budget = PrivacyBudget.approximate(1, 1e-6);
        return List.of(
                Case.of("extrinsic-gaussian on S^2", () -> ExtrinsicGaussian.builder().build(), Fixtures.sphere(),
                        DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS), 20, budget)
                        .valuesOffTheManifold().statingValueParameters("projected", "onManifold")
                        .statingValueWarnings(),
                Case.of("extrinsic-gaussian on log-Euclidean SPD(2)", () -> ExtrinsicGaussian.builder().build(),
                        Geometries.parse("spd/log-euclidean:k=2"), DataBall.declared(Fixtures.identity(2), 0.5), 20,
                        budget).valuesOffTheManifold().statingValueParameters("projected", "onManifold")
                        .statingValueWarnings());
    }
}
