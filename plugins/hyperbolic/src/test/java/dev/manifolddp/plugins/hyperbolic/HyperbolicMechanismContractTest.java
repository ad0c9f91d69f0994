package dev.manifolddp.plugins.hyperbolic;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.KNormGradient;
import dev.manifolddp.mechanisms.MechanismContractTest;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.RiemannianLaplace;
import java.util.List;

/**
 * The mechanism contract (the mechanisms module's test-jar) for the host's built-in mechanisms on this plugin's
 * geometry, H^2 with the ball r = 1 around the origin of configs/h2-private-mean.yaml: KNG with its default sampler
 * (exact here, through the plugin's ExactLaplaceSampler), with {@code proposal-budget: auto}, and the Riemannian
 * Laplace. The plugin has no mechanism of its own; these are the mechanisms its users run on it.
 */
class HyperbolicMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        Geometry h2 = Geometries.parse("hyperbolic:d=2");
        DataBall ball = DataBall.declared(HyperbolicFixtures.origin(2), 1.0);
        PrivacyBudget budget = PrivacyBudget.pure(1);
        return List.of(
                Case.of("kng on H^2", () -> KNormGradient.builder().build(), h2, ball, 20, budget).valuesInTheBall(),
                Case.of("kng, proposal-budget auto, on H^2", () -> KNormGradient.builder().autoProposalBudget().build(),
                        h2, ball, 20, budget).valuesInTheBall(),
                Case.of("riemannian-laplace on H^2", () -> RiemannianLaplace.builder().build(), h2, ball, 20,
                        budget));
    }
}
