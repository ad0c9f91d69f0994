package dev.manifolddp.sampling.exact;

import static dev.manifolddp.sampling.StatisticalAssertions.assertFollows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Allocation;
import dev.manifolddp.sampling.NumericalCdf;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The exact radial Laplace sampler on spheres against the exact laws. Every KS test runs at alpha = 1e-3 with a
 * fixed seed: deterministic; with a random seed each would fail with probability 1e-3 when the sampler is right.
 */
class SphereLaplaceTest {

    private static double[] unit(double... v) {
        double n = 0;
        for (double x : v) {
            n += x * x;
        }
        n = Math.sqrt(n);
        double[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] /= n;
        }
        return out;
    }

    private static double[] scaled(double[] v, double radius) {
        double[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= radius;
        }
        return out;
    }

    /**
     * Radius against {@code ∝ exp(-theta/sigma) (R sin(theta/R))^(d-1)} on [0, pi R]. The sigma values cover both
     * envelopes (Gamma for small sigma, the power law for large) and cases where the truncation at pi R matters
     * (S^2, sigma = 1: a Gamma(2, 1) radius exceeds pi with probability 0.18).
     */
    @ParameterizedTest(name = "S^{0} radius {1}, sigma {2}")
    @CsvSource({"2, 1, 0.3", "2, 1, 1.0", "2, 1, 3.0", "5, 1, 0.5", "5, 1, 1.5", "3, 2, 1.0"})
    void geodesicRadiusFollowsTheExactLaw(int d, double radius, double sigma) {
        Geometry sphere = Geometries.parse("sphere:d=" + d + ",radius=" + radius);
        double[] ambient = new double[d + 1];
        for (int i = 0; i <= d; i++) {
            ambient[i] = 1 + 0.5 * i;
        }
        double[] center = scaled(unit(ambient), radius);
        RadialLaplaceSampler sampler = new RadialLaplaceSampler(sphere);
        UniformRandomProvider rng = RandomStreams.seeded(21L).stream(d, (long) (100 * sigma));
        double[] out = new double[d + 1];
        double[] radii = new double[3000];
        long proposals = 0;
        for (int n = 0; n < radii.length; n++) {
            proposals += sampler.sample(center, sigma, rng, out);
            assertThat(sphere.pointViolation(out, 1e-9)).isEmpty();
            radii[n] = sphere.distance(center, out);
        }
        assertThat(proposals).isGreaterThanOrEqualTo(radii.length);
        assertFollows(String.format("geodesic radius on S^%d(R=%s), sigma %s", d, radius, sigma), radii,
                NumericalCdf.sphereRadius(d, radius, sigma));
    }

    /** On S^2 the angle of the tangent direction in an orthonormal basis at the center is uniform on (-pi, pi]. */
    @Test
    void directionIsUniformOnS2() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[] center = unit(0.3, -0.4, 0.8);
        double[][] basis = sphere.capability(TangentBasis.class).orElseThrow().basis(center);
        RadialLaplaceSampler sampler = new RadialLaplaceSampler(sphere);
        UniformRandomProvider rng = RandomStreams.seeded(22L).stream(0, 0);
        double[] out = new double[3];
        double[] angles = new double[3000];
        for (int n = 0; n < angles.length; n++) {
            sampler.sample(center, 0.4, rng, out);
            double[] v = sphere.log(center, out);
            angles[n] = Math.atan2(sphere.inner(center, basis[1], v), sphere.inner(center, basis[0], v));
        }
        assertFollows("tangent angle on S^2", angles, a -> (a + Math.PI) / (2 * Math.PI));
    }

    /** On S^5 the first tangent coordinate t of the unit direction has (t + 1)/2 ~ Beta(2, 2). */
    @Test
    void directionIsUniformOnS5() {
        Geometry sphere = Geometries.parse("sphere:d=5");
        double[] center = unit(1, 2, -1, 0.5, 0, 3);
        double[][] basis = sphere.capability(TangentBasis.class).orElseThrow().basis(center);
        RadialLaplaceSampler sampler = new RadialLaplaceSampler(sphere);
        UniformRandomProvider rng = RandomStreams.seeded(23L).stream(0, 0);
        double[] out = new double[6];
        double[] halfShifted = new double[3000];
        for (int n = 0; n < halfShifted.length; n++) {
            sampler.sample(center, 0.3, rng, out);
            double[] v = sphere.log(center, out);
            halfShifted[n] = (sphere.inner(center, basis[0], v) / sphere.norm(center, v) + 1) / 2;
        }
        BetaDistribution beta = BetaDistribution.of(2, 2);
        assertFollows("first direction coordinate on S^5", halfShifted, beta::cumulativeProbability);
    }

    @Test
    void allocatesNothingPerCallAfterWarmUp() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Allocation.supported());
        Geometry sphere = Geometries.parse("sphere:d=4");
        double[] center = unit(1, 1, 1, 1, 1);
        RadialLaplaceSampler sampler = new RadialLaplaceSampler(sphere);
        UniformRandomProvider rng = RandomStreams.seeded(24L).stream(0, 0);
        double[] out = new double[5];
        for (int i = 0; i < 20_000; i++) {
            sampler.sample(center, 0.5, rng, out);
        }
        long before = Allocation.allocatedBytes();
        for (int i = 0; i < 50_000; i++) {
            sampler.sample(center, 0.5, rng, out);
        }
        assertThat((Allocation.allocatedBytes() - before) / 50_000.0).isLessThan(1.0);
    }

    @Test
    void badInputIsRejected() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        RadialLaplaceSampler sampler = new RadialLaplaceSampler(sphere);
        UniformRandomProvider rng = RandomStreams.seeded(25L).stream(0, 0);
        double[] north = {0, 0, 1};
        double[] out = new double[3];
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sampler.sample(north, 0, rng, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sigma")
                .hasMessageContaining("Provided value: 0.0");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sampler.sample(north, -0.5, rng, out))
                .hasMessageContaining("sigma");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sampler.sample(north, Double.NaN, rng, out))
                .hasMessageContaining("sigma");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sampler.sample(new double[] {0, 0, 2}, 1, rng, out))
                .hasMessageContaining("center");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sampler.sample(north, 1, rng, new double[2]))
                .hasMessageContaining("out");
    }
}
