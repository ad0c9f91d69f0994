package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link HomogeneousSpaceContract} accepts a homogeneous space and rejects a surface that claims to be one: the
 * paraboloid, whose geodesic circles about the apex (curvature 4) are much shorter than those about a point one unit
 * away (curvature 0.16). A Riemannian Laplace on it with {@code sigma = Delta/epsilon} would not be epsilon-DP.
 */
class HomogeneousSpaceContractTest {

    private static final HomogeneousSpace MARKER = new HomogeneousSpace() {
    };

    @Test
    void flatSpaceClaimingHomogeneityPasses() {
        Geometry flat = new SubstitutedCapability<>(new FlatProvider().create(Map.of("n", "3")),
                HomogeneousSpace.class, MARKER);
        assertThatCode(() -> HomogeneousSpaceContract.check(flat, random -> new double[] {random.nextGaussian(),
                random.nextGaussian(), random.nextGaussian()})).doesNotThrowAnyException();
    }

    @Test
    void paraboloidClaimingHomogeneityFails() {
        Geometry paraboloid = new SubstitutedCapability<>(new Paraboloid(), HomogeneousSpace.class, MARKER);
        // the apex first, so that the check compares a curvature-4 point with flatter ones
        int[] calls = {0};
        assertThatThrownBy(() -> HomogeneousSpaceContract.check(paraboloid,
                random -> calls[0]++ == 0 ? new double[3] : Paraboloid.randomPoint(random)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("claims HomogeneousSpace");
    }
}
