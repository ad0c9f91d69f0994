package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.List;

/** The mechanism contract for the landmark Laplace (aligned to the public centre) on Kendall shapes of 4 and 6 landmarks. */
class LandmarkLaplaceMechanismContractTest extends MechanismContractTest {

    @Override
    protected List<Case> cases() {
        Geometry four = Geometries.parse("kendall:landmarks=4");
        Geometry six = Geometries.parse("kendall:landmarks=6");
        PrivacyBudget budget = PrivacyBudget.pure(1);
        return List.of(
                Case.of("landmark-laplace on Kendall shapes (4 landmarks)", () -> LandmarkLaplace.builder().build(),
                        four, DataBall.declared(Fixtures.polygonShape(four), 0.3), 20, budget),
                Case.of("landmark-laplace on Kendall shapes (6 landmarks)", () -> LandmarkLaplace.builder().build(),
                        six, DataBall.declared(Fixtures.polygonShape(six), 0.3), 20, budget));
    }
}
