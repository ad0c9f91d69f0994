package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometries;
import java.util.List;

/**
 * The mechanism contract for KNG with {@code proposal-budget: auto} (a fixed proposal budget sized from the public
 * acceptance bound; guarantee epsilon-delta) on S^2 and log-Euclidean SPD(2).
 */
class KngAutoProposalBudgetMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        PrivacyBudget budget = PrivacyBudget.pure(1);
        return List.of(
                Case.of("kng, proposal-budget auto, on S^2", () -> KNormGradient.builder().autoProposalBudget().build(),
                        Fixtures.sphere(), DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS), 20, budget)
                        .valuesInTheBall(),
                Case.of("kng, proposal-budget auto, on log-Euclidean SPD(2)",
                        () -> KNormGradient.builder().autoProposalBudget().build(),
                        Geometries.parse("spd/log-euclidean:k=2"), DataBall.declared(Fixtures.identity(2), 0.5), 20,
                        PrivacyBudget.approximate(1, 1e-8)).valuesInTheBall());
    }
}
