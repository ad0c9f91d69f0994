package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * {@link ExactLaplaceSamplerContract} on R^3, where the exact law is known: it accepts the exact sampler (whole space
 * and truncated to a ball) and rejects a scale 10% too large, directions biased towards a half-space or squashed
 * towards a plane, and a sampler that claims to truncate but does not.
 */
class ExactLaplaceSamplerContractTest {

    private static final int N = 3;
    private static final Function<Random, double[]> POINTS = random -> new double[] {random.nextGaussian(),
            random.nextGaussian(), random.nextGaussian()};

    private static Geometry flatWith(ExactLaplaceSampler sampler) {
        return new SubstitutedCapability<>(new FlatProvider().create(Map.of("n", String.valueOf(N))),
                ExactLaplaceSampler.class, sampler);
    }

    @Test
    void exactSamplersPass() {
        assertThatCode(() -> ExactLaplaceSamplerContract.check(flatWith(new FlatLaplaceSampler(N, false)), POINTS))
                .doesNotThrowAnyException();
        assertThatCode(() -> ExactLaplaceSamplerContract.check(flatWith(new FlatLaplaceSampler(N, true)), POINTS))
                .doesNotThrowAnyException();
    }

    @Test
    void aScaleTenPercentTooLargeFails() {
        FlatLaplaceSampler exact = new FlatLaplaceSampler(N, false);
        ExactLaplaceSampler wide = (center, sigma, rng, out) -> exact.sample(center, 1.1 * sigma, rng, out);
        assertThatThrownBy(() -> ExactLaplaceSamplerContract.check(flatWith(wide), POINTS))
                .isInstanceOf(AssertionError.class).hasMessageContaining("not Laplace-distributed");
    }

    @Test
    void directionsBiasedTowardsAHalfSpaceFail() {
        // a third of the draws with a negative first coordinate are mirrored: the mean direction moves off 0
        assertThatThrownBy(() -> ExactLaplaceSamplerContract.check(flatWith(redirected((u, rng) -> {
            if (u[0] < 0 && rng.nextDouble() < 1.0 / 3) {
                u[0] = -u[0];
            }
        })), POINTS)).isInstanceOf(AssertionError.class).hasMessageContaining("Rayleigh");
    }

    @Test
    void directionsSquashedTowardsAPlaneFail() {
        // the third coordinate of the direction halved before normalising: centred but not uniform
        assertThatThrownBy(() -> ExactLaplaceSamplerContract.check(flatWith(redirected((u, rng) -> u[2] *= 0.8)),
                POINTS)).isInstanceOf(AssertionError.class).hasMessageContaining("Bingham");
    }

    /** The exact radius with the exact direction changed by {@code change} and normalised again. */
    private static ExactLaplaceSampler redirected(java.util.function.BiConsumer<double[], UniformRandomProvider>
            change) {
        FlatLaplaceSampler exact = new FlatLaplaceSampler(N, false);
        return (center, sigma, rng, out) -> {
            exact.sample(center, sigma, rng, out);
            double t = 0;
            for (int i = 0; i < N; i++) {
                t += (out[i] - center[i]) * (out[i] - center[i]);
            }
            double[] u = exact.direction(rng);
            change.accept(u, rng);
            double norm = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
            for (int i = 0; i < N; i++) {
                out[i] = center[i] + Math.sqrt(t) * u[i] / norm;
            }
            return 1;
        };
    }

    @Test
    void aSamplerThatClaimsToTruncateButDoesNotFails() {
        FlatLaplaceSampler exact = new FlatLaplaceSampler(N, false);
        ExactLaplaceSampler claims = new ExactLaplaceSampler() {
            @Override
            public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
                return exact.sample(center, sigma, rng, out);
            }

            @Override
            public boolean truncatesToBall() {
                return true;
            }
        };
        assertThatThrownBy(() -> ExactLaplaceSamplerContract.check(flatWith(claims), POINTS))
                .isInstanceOf(AssertionError.class).hasMessageContaining("outside the ball");
    }
}
