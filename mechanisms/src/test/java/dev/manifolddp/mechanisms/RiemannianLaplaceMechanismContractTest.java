package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.List;

/**
 * The mechanism contract for the Riemannian Laplace with its default settings (exact sampler) on S^2, log-Euclidean
 * SPD(2) (the lattice Laplace in the chart), affine-invariant SPD(2) (the spectral rejection sampler, chosen by a public
 * pilot estimate in the calibration) and Kendall's shape space of 4 landmarks.
 */
class RiemannianLaplaceMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        PrivacyBudget budget = PrivacyBudget.pure(1);
        return List.of(
                Case.of("riemannian-laplace on S^2", () -> RiemannianLaplace.builder().build(), Fixtures.sphere(),
                        DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS), 20, budget),
                Case.of("riemannian-laplace on log-Euclidean SPD(2)", () -> RiemannianLaplace.builder().build(),
                        Geometries.parse("spd/log-euclidean:k=2"), DataBall.declared(Fixtures.identity(2), 0.5), 20,
                        budget),
                Case.of("riemannian-laplace on affine-invariant SPD(2)", () -> RiemannianLaplace.builder().build(),
                        Geometries.parse("spd/affine-invariant:k=2"), DataBall.declared(Fixtures.identity(2), 0.5), 20,
                        budget),
                Case.of("riemannian-laplace on Kendall shapes (4 landmarks)", () -> RiemannianLaplace.builder().build(),
                        kendall, DataBall.declared(Fixtures.polygonShape(kendall), 0.3), 20, budget));
    }
}
