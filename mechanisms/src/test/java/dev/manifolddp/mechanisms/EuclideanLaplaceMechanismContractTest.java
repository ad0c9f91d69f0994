package dev.manifolddp.mechanisms;

import java.util.List;

/**
 * The mechanism contract for the extrinsic Euclidean Laplace on S^2, unprojected (values off the sphere, stated by
 * {@code onManifold}) and projected. Both publish {@code projected} and {@code onManifold}, and a warning about an
 * unprojected value, as functions of the value.
 */
class EuclideanLaplaceMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        DataBall ball = DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS);
        PrivacyBudget budget = PrivacyBudget.pure(1);
        return List.of(
                Case.of("euclidean-laplace on S^2", () -> EuclideanLaplace.builder().build(), Fixtures.sphere(), ball,
                        20, budget).valuesOffTheManifold().statingValueParameters("projected", "onManifold")
                        .statingValueWarnings(),
                Case.of("euclidean-laplace, projected, on S^2", () -> EuclideanLaplace.builder().project(true).build(),
                        Fixtures.sphere(), ball, 20, budget).statingValueParameters("projected", "onManifold")
                        .statingValueWarnings());
    }
}
