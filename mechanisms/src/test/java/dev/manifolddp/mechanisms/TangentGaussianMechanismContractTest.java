package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometries;
import java.util.List;

/** The mechanism contract for the tangent Gaussian on log-Euclidean SPD(2) and SPD(3). */
class TangentGaussianMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        PrivacyBudget budget = PrivacyBudget.approximate(1, 1e-6);
        return List.of(
                Case.of("tangent-gaussian on log-Euclidean SPD(2)", () -> TangentGaussian.builder().build(),
                        Geometries.parse("spd/log-euclidean:k=2"), DataBall.declared(Fixtures.identity(2), 0.5), 20,
                        budget),
                Case.of("tangent-gaussian on log-Euclidean SPD(3)", () -> TangentGaussian.builder().build(),
                        Geometries.parse("spd/log-euclidean:k=3"), DataBall.declared(Fixtures.identity(3), 0.5), 20,
                        budget));
    }
}
