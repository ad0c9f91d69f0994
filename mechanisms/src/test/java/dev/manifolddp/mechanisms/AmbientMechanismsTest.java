package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.data.RandomSpdGenerator;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.GammaDistribution;
import org.junit.jupiter.api.Test;

/** Euclidean Laplace and extrinsic Gaussian. KS tests at alpha = 1e-3 with fixed seeds. */
class AmbientMechanismsTest {

    private static double[] ambientMean(AmbientEmbedding embedding, double[][] points) {
        double[] mean = new double[embedding.ambientDimension()];
        for (double[] point : points) {
            double[] a = embedding.toAmbient(point);
            for (int j = 0; j < mean.length; j++) {
                mean[j] += a[j] / points.length;
            }
        }
        return mean;
    }

    /** The K-norm l2 Laplace in R^3: |y - abar| / sigma ~ Gamma(3, 1) (Soto et al. 2022, suppl. §2.2). */
    @Test
    void euclideanLaplaceRadiusIsGamma() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(10, 0);
        GeneratedData data = Fixtures.sphereCap(100, Fixtures.CAP_RADIUS, rng);
        AmbientEmbedding embedding = sphere.capability(AmbientEmbedding.class).orElseThrow();
        double[] mean = ambientMean(embedding, data.points());
        EuclideanLaplace mechanism = EuclideanLaplace.builder().build();
        double[] radii = new double[2000];
        Release<double[]> release = null;
        for (int i = 0; i < radii.length; i++) {
            release = mechanism.release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
            radii[i] = Fixtures.euclidean(embedding.toAmbient(release.value()), mean) / release.sigma();
        }
        GammaDistribution gamma = GammaDistribution.of(3, 1);
        Fixtures.assertFollows("|y - mean|/sigma", radii, gamma::cumulativeProbability);
        // r_E = 2 sin(r/2) (Reimherr et al. 2021, suppl. §1.3.2), Delta = 2 r_E / n, sigma = Delta / epsilon
        double delta = 2 * 2 * Math.sin(Math.PI / 16) / 100;
        assertThat(release.sensitivity()).isCloseTo(delta, within(1e-15));
        // on the lattice g Z^3 the scale is raised by the rounding term: s g with s = ceil(sigma (Delta + sqrt(3) g) /
        // (Delta g)) + 1, a relative excess of at most about 2^-18 (docs/floating-point-noise.md)
        double granularity = (Double) release.parameters().get("granularity");
        assertThat(granularity).isEqualTo(Math.scalb(1.0, Math.getExponent(delta) - 20));
        long gridScale = (Long) release.parameters().get("gridScale");
        assertThat(gridScale).isEqualTo((long) Math.ceil((delta + Math.sqrt(3) * granularity) / granularity) + 1);
        assertThat(release.sigma()).isEqualTo(gridScale * granularity).isBetween(delta, delta * (1 + 0x1p-17));
        assertThat(release.parameters()).containsEntry("onManifold", false).containsEntry("projected", false);
        assertThat(release.warnings()).anyMatch(w -> w.contains("not a point of"));
        assertThat(release.guarantee().isProven()).isTrue();
    }

    @Test
    void projectedEuclideanLaplaceLiesOnTheSphere() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(11, 0);
        GeneratedData data = Fixtures.sphereCap(50, Fixtures.CAP_RADIUS, rng);
        EuclideanLaplace mechanism = EuclideanLaplace.builder().project(true).build();
        for (int i = 0; i < 200; i++) {
            Release<double[]> release = mechanism.release(sphere, data.points(), Fixtures.ball(data),
                    PrivacyBudget.pure(1), rng);
            double[] x = release.value();
            assertThat(Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2])).isCloseTo(1, within(1e-14));
            assertThat(release.parameters()).containsEntry("onManifold", true).containsEntry("projected", true);
        }
    }

    /** SPD: the projection fails for indefinite draws; the release says so instead of hiding it. */
    @Test
    void unprojectableSpdDrawsAreRecorded() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        UniformRandomProvider rng = Fixtures.rng(12, 0);
        double[] identity = Fixtures.identity(2);
        GeneratedData data = new GeodesicBallGenerator(spd, identity, 1.5).generate(5, rng);
        EuclideanLaplace mechanism = EuclideanLaplace.builder().project(true).build();
        int offManifold = 0;
        for (int i = 0; i < 100; i++) {
            Release<double[]> release = mechanism.release(spd, data.points(), Fixtures.ball(data),
                    PrivacyBudget.pure(1), rng);
            // r_E = e^r - 1 at I (Reimherr et al. 2021, suppl. Prop. 1)
            assertThat(release.sensitivity()).isCloseTo(2 * Math.expm1(1.5) / 5, within(1e-14));
            boolean on = (Boolean) release.parameters().get("onManifold");
            assertThat(on).isEqualTo(spd.pointViolation(release.value(), 1e-8).isEmpty());
            assertThat((Boolean) release.parameters().get("projected")).isEqualTo(on);
            if (!on) {
                offManifold++;
                assertThat(release.warnings()).anyMatch(w -> w.contains("no projection"));
            }
        }
        assertThat(offManifold).isBetween(1, 99);
    }

    /** On Kendall shapes the records are aligned to the centre, so the chord bound r_E = 2 sin(r/2) applies. */
    @Test
    void kendallRecordsAreAlignedToTheCentre() {
        Geometry kendall = Geometries.parse("kendall:landmarks=5");
        UniformRandomProvider rng = Fixtures.rng(13, 0);
        double[] center = Fixtures.polygonShape(kendall);
        GeneratedData data = new GeodesicBallGenerator(kendall, center, 0.3).generate(30, rng);
        Release<double[]> release = EuclideanLaplace.builder().project(true).build()
                .release(kendall, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(release.parameters()).containsEntry("alignedTo", "ball centre (Procrustes)")
                .containsEntry("onManifold", true);
        assertThat(release.sensitivity()).isCloseTo(2 * 2 * Math.sin(0.15) / 30, within(1e-15));
    }

    /** Gaussian in R^D on the arithmetic vecd mean: |y - abar|^2 / sigma^2 ~ chi^2_3 for SPD(2). */
    @Test
    void extrinsicGaussianIsGaussianOnTheAmbientMean() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=2");
        AmbientEmbedding embedding = spd.capability(AmbientEmbedding.class).orElseThrow();
        UniformRandomProvider rng = Fixtures.rng(14, 0);
        GeneratedData data = new RandomSpdGenerator(2, 0.25).generate(60, rng);
        double[] mean = ambientMean(embedding, data.points());
        ExtrinsicGaussian mechanism = ExtrinsicGaussian.builder().build();
        PrivacyBudget budget = PrivacyBudget.approximate(0.4, 1e-6);
        double[] statistic = new double[2000];
        Release<double[]> release = null;
        for (int i = 0; i < statistic.length; i++) {
            release = mechanism.release(spd, data.points(), Fixtures.ball(data), budget, rng);
            double e = Fixtures.euclidean(embedding.toAmbient(release.value()), mean) / release.sigma();
            statistic[i] = e * e;
        }
        ChiSquaredDistribution chi = ChiSquaredDistribution.of(3);
        Fixtures.assertFollows("|y - abar|^2/sigma^2", statistic, chi::cumulativeProbability);
        // Delta_EX = 2 (e^r - 1) / n with r = sqrt(2)/4 around I (Utpala et al. 2023, §6.1)
        double delta = 2 * Math.expm1(Math.sqrt(2) / 4) / 60;
        assertThat(release.sensitivity()).isCloseTo(delta, within(1e-15));
        // the discrete Gaussian on the grid: proven sigma for the grid sensitivity Delta + sqrt(3) g, rounded up to the
        // lattice parameter sqrt(2) s0 g (docs/floating-point-noise.md)
        double analytic = GaussianCalibration.analyticSigma(0.4, 1e-6, delta);
        double granularity = (Double) release.parameters().get("granularity");
        assertThat(granularity).isEqualTo(Math.scalb(1.0, Math.getExponent(analytic) - 20));
        double proven = GaussianCalibration.discreteSigma(0.4, 1e-6, delta + Math.sqrt(3) * granularity);
        assertThat(release.sigma()).isBetween(proven, proven * (1 + 0x1p-18));
        assertThat(release.sigma() / analytic).isBetween(1.0, 1.12);
        assertThat((Double) release.parameters().get("noiseDelta")).isLessThanOrEqualTo(1e-6);
        assertThat(release.parameters()).containsEntry("calibration", "analytic").containsKey("onManifold");
    }
}
