package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.List;

/**
 * The mechanism contract for KNG with its default settings (sampler auto, no proposal budget) on S^2, log-Euclidean
 * and affine-invariant SPD(2) and Kendall's shape space of 4 landmarks (there the data-dependent envelope, guarantee
 * unproven): every value lies in the ball.
 */
class KngMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=2");
        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        PrivacyBudget budget = PrivacyBudget.pure(1);
        return List.of(
                Case.of("kng on S^2", () -> KNormGradient.builder().build(), Fixtures.sphere(),
                        DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS), 20, budget).valuesInTheBall(),
                Case.of("kng on log-Euclidean SPD(2)", () -> KNormGradient.builder().build(), spd,
                        DataBall.declared(Fixtures.identity(2), 0.5), 20, budget).valuesInTheBall(),
                Case.of("kng on affine-invariant SPD(2)", () -> KNormGradient.builder().build(),
                        Geometries.parse("spd/affine-invariant:k=2"), DataBall.declared(Fixtures.identity(2), 0.5), 20,
                        budget).valuesInTheBall(),
                Case.of("kng on Kendall shapes (4 landmarks)", () -> KNormGradient.builder().build(), kendall,
                        DataBall.declared(Fixtures.polygonShape(kendall), 0.3), 20, budget).valuesInTheBall()
                        // the data-dependent envelope is the slowest draw here: 20 directions keep it near a second
                        .withBoundaryDirections(20));
    }
}
