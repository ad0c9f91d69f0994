package dev.manifolddp.sampling.exact;

import static dev.manifolddp.sampling.StatisticalAssertions.assertFollows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.NumericalCdf;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The exact radial Laplace sampler on Kendall's shape space CP^m (m = k - 2) against the radial law
 * {@code ∝ exp(-theta/sigma) sin^(2m-1)(theta) cos(theta)} on [0, pi/2]. KS at alpha = 1e-3 with fixed seeds:
 * deterministic; a random seed would fail each case with probability 1e-3.
 */
class KendallLaplaceTest {

    static double[] center(Geometry kendall, int landmarks) {
        double[] raw = new double[2 * landmarks];
        for (int j = 0; j < landmarks; j++) {
            raw[2 * j] = Math.cos(2 * Math.PI * j / landmarks) + 0.1 * j;
            raw[2 * j + 1] = Math.sin(2 * Math.PI * j / landmarks) - 0.05 * j * j;
        }
        return kendall.capability(LandmarkShapes.class).orElseThrow().preshape(raw);
    }

    @ParameterizedTest(name = "k = {0}, sigma = {1}")
    @CsvSource({"4, 0.2", "4, 0.8", "10, 0.05", "10, 0.3"})
    void geodesicRadiusFollowsTheExactLaw(int landmarks, double sigma) {
        Geometry kendall = Geometries.parse("kendall:landmarks=" + landmarks);
        double[] center = center(kendall, landmarks);
        RadialLaplaceSampler sampler = new RadialLaplaceSampler(kendall);
        UniformRandomProvider rng = RandomStreams.seeded(31L).stream(landmarks, (long) (100 * sigma));
        double[] out = new double[2 * landmarks];
        double[] radii = new double[3000];
        for (int n = 0; n < radii.length; n++) {
            sampler.sample(center, sigma, rng, out);
            assertThat(kendall.pointViolation(out, 1e-9)).isEmpty();
            radii[n] = kendall.distance(center, out);
        }
        assertFollows(String.format("shape distance, k = %d, sigma = %s", landmarks, sigma), radii,
                NumericalCdf.kendallRadius(landmarks, sigma));
    }

    /** The angle of the first two horizontal-basis coordinates of the direction is uniform. */
    @Test
    void directionIsUniform() {
        Geometry kendall = Geometries.parse("kendall:landmarks=6");
        double[] center = center(kendall, 6);
        double[][] basis = kendall.capability(TangentBasis.class).orElseThrow().basis(center);
        RadialLaplaceSampler sampler = new RadialLaplaceSampler(kendall);
        UniformRandomProvider rng = RandomStreams.seeded(32L).stream(0, 0);
        double[] out = new double[12];
        double[] angles = new double[3000];
        for (int n = 0; n < angles.length; n++) {
            sampler.sample(center, 0.1, rng, out);
            double[] v = kendall.log(center, out);
            angles[n] = Math.atan2(kendall.inner(center, basis[1], v), kendall.inner(center, basis[0], v));
        }
        assertFollows("tangent angle on Kendall k = 6", angles, a -> (a + Math.PI) / (2 * Math.PI));
    }
}
