package dev.manifolddp.plugins.hyperbolic;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.ExactLaplaceSamplerContract;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.SubstitutedCapability;
import dev.manifolddp.geometry.VolumeGrowth;
import dev.manifolddp.geometry.VolumeGrowthContract;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract's checks of the plugin's {@link ExactLaplaceSampler} and {@link VolumeGrowth} fail on deliberately wrong
 * versions of them (the real ones pass: {@link HyperbolicContractTest}): a sampler whose scale is 10% too large (a
 * release with less noise than its epsilon needs), one whose directions favour a half-space, and growth rates 10% too
 * small (Laplace scales admitted where there is no Laplace) or too large.
 */
class HyperbolicWrongCapabilitiesTest {

    @ParameterizedTest(name = "d = {0}")
    @ValueSource(ints = {1, 2, 7})
    void aSamplerWithATenPercentLargerScaleFails(int d) {
        HyperbolicSpace space = new HyperbolicSpace(d);
        ExactLaplaceSampler exact = space.capability(ExactLaplaceSampler.class).orElseThrow();
        Geometry wide = new SubstitutedCapability<>(space, ExactLaplaceSampler.class,
                (center, sigma, rng, out) -> exact.sample(center, 1.1 * sigma, rng, out));
        assertThatThrownBy(() -> ExactLaplaceSamplerContract.check(wide, points(d)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("not Laplace-distributed");
    }

    @ParameterizedTest(name = "d = {0}")
    @ValueSource(ints = {2, 7})
    void aSamplerWhoseDirectionsFavourAHalfSpaceFails(int d) {
        HyperbolicSpace space = new HyperbolicSpace(d);
        ExactLaplaceSampler exact = space.capability(ExactLaplaceSampler.class).orElseThrow();
        // a quarter of the draws on the far side of the plane orthogonal to the first basis vector are mirrored
        // across it: the distance to the centre and so the radial law are unchanged
        Geometry biased = new SubstitutedCapability<>(space, ExactLaplaceSampler.class, (center, sigma, rng, out) -> {
            long proposals = exact.sample(center, sigma, rng, out);
            double[] v = space.log(center, out);
            double[] e = space.basis(center)[0];
            double along = space.inner(center, v, e);
            if (along < 0 && rng.nextDouble() < 0.25) {
                for (int i = 0; i < v.length; i++) {
                    v[i] -= 2 * along * e[i];
                }
                System.arraycopy(space.exp(center, v), 0, out, 0, out.length);
            }
            return proposals;
        });
        assertThatThrownBy(() -> ExactLaplaceSamplerContract.check(biased, points(d)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Rayleigh");
    }

    @ParameterizedTest(name = "d = {0}")
    @ValueSource(ints = {2, 3, 7})
    void aVolumeGrowthRateTenPercentTooSmallFails(int d) {
        HyperbolicSpace space = new HyperbolicSpace(d);
        Geometry low = new SubstitutedCapability<>(space, VolumeGrowth.class, () -> 0.9 * (d - 1));
        assertThatThrownBy(() -> VolumeGrowthContract.check(low, points(d)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("the volume grows at rate");
    }

    @ParameterizedTest(name = "d = {0}")
    @ValueSource(ints = {2, 3, 7})
    void aVolumeGrowthRateTenPercentTooLargeFails(int d) {
        HyperbolicSpace space = new HyperbolicSpace(d);
        Geometry high = new SubstitutedCapability<>(space, VolumeGrowth.class, () -> 1.1 * (d - 1));
        assertThatThrownBy(() -> VolumeGrowthContract.check(high, points(d)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Bishop-Gromov");
    }

    private static Function<Random, double[]> points(int d) {
        return random -> HyperbolicFixtures.randomPoint(d, 2.0, random);
    }
}
