package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.FrechetVarianceEstimator;
import dev.manifolddp.geometry.EuclideanSpace;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import java.util.Optional;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.LaplaceDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * Releases of an estimand whose parameter space is not the data's manifold (the Frechet variance, on the line): each
 * mechanism that can prove it draws on the parameter space, with the estimate's sensitivity there, and the law of the
 * draw is the one its calibration states; mechanisms that cannot refuse by name.
 */
class ParameterSpaceReleaseTest {

    private static final double R = Math.PI / 8;
    private static final int N = 40;

    private final Geometry sphere = Fixtures.sphere();
    private final GeneratedData data = Fixtures.sphereCap(N, R, Fixtures.rng(1, 0));
    private final DataBall ball = DataBall.declared(Fixtures.northPole(), R);
    private final double variance = new FrechetVarianceEstimator(null).forBall(sphere, Fixtures.northPole(), R)
            .estimate(sphere, data.points())[0];

    @Test
    void theLaplaceDrawsTheVarianceOnTheLineWithScaleRSquaredOverNEpsilon() {
        RiemannianLaplace laplace = RiemannianLaplace.builder().build();
        Calibration calibration = laplace.calibrate(new FrechetVarianceEstimator(null), sphere, ball, N,
                PrivacyBudget.pure(1));
        // homogeneous line: sigma = Delta/epsilon', epsilon' = epsilon less the lattice's floating-point-safety loss
        double sigma = R * R / N / (1 - dev.manifolddp.sampling.exact.EuclideanLaplace.gridEpsilonLoss(1));
        double[] errors = new double[3000];
        UniformRandomProvider rng = Fixtures.rng(2, 0);
        for (int i = 0; i < errors.length; i++) {
            Release<double[]> release = laplace.release(calibration, data.points(), rng);
            assertThat(release.value()).hasSize(1);
            assertThat(release.guarantee()).isEqualTo(Guarantee.PURE);
            assertThat(release.sigma()).isCloseTo(sigma, within(1e-12 * sigma));
            errors[i] = release.value()[0] - variance;
        }
        Fixtures.assertFollows("Laplace noise on the variance", errors,
                LaplaceDistribution.of(0, sigma)::cumulativeProbability);
    }

    @Test
    void theGaussianAddsNoiseOfTheAnalyticScaleForTheEstimateSensitivity() {
        TangentGaussian gaussian = TangentGaussian.builder().build();
        PrivacyBudget budget = new PrivacyBudget(1, 1e-6);
        Calibration calibration = gaussian.calibrate(new FrechetVarianceEstimator(null), sphere, ball, N, budget);
        assertThat(calibration.sensitivity()).isCloseTo(R * R / N, within(1e-15));
        double[] errors = new double[3000];
        double sigma = Double.NaN;
        UniformRandomProvider rng = Fixtures.rng(3, 0);
        for (int i = 0; i < errors.length; i++) {
            Release<double[]> release = gaussian.release(calibration, data.points(), rng);
            assertThat(release.guarantee()).isEqualTo(Guarantee.EPSILON_DELTA);
            sigma = release.sigma();
            errors[i] = release.value()[0] - variance;
        }
        // the discrete Gaussian's proven sigma: the analytic one at the grid sensitivity, a little above it at Delta
        double analytic = GaussianCalibration.analyticSigma(1, 1e-6, R * R / N);
        assertThat(sigma).isBetween(analytic, 1.2 * analytic);
        Fixtures.assertFollows("Gaussian noise on the variance", errors,
                NormalDistribution.of(0, sigma)::cumulativeProbability);
    }

    @Test
    void kngDrawsByAChainInsideThePublicParameterBall() {
        KNormGradient kng = KNormGradient.builder().sampler(KNormGradient.Sampler.AUTO).burnIn(2000).thin(20).build();
        Calibration calibration = kng.calibrate(new FrechetVarianceEstimator(null), sphere, ball, N,
                PrivacyBudget.pure(1));
        assertThat(calibration.sigma()).isCloseTo(2 * R * R / N, within(1e-15));
        assertThat(calibration.guarantee()).isEqualTo(Guarantee.MCMC);
        assertThat(calibration.parameters()).containsEntry("parameterSpace", "euclidean:n=1")
                .containsEntry("parameterBallRadius", R * R / 2);
        UniformRandomProvider rng = Fixtures.rng(4, 0);
        double sum = 0;
        int draws = 200;
        for (int i = 0; i < draws; i++) {
            double value = kng.release(calibration, data.points(), rng).value()[0];
            assertThat(value).isBetween(0.0, R * R);
            sum += value;
        }
        // the law exp(-|theta - V|/sigma) on [0, r^2] has mean within sigma of V (its truncation is mild here)
        assertThat(sum / draws).isCloseTo(variance, within(2 * R * R / N));
    }

    /**
     * Tangent PCA on S^2: a point of R^3 (the packed 2 x 2 second moment). The Laplace's noise has the law
     * {@code exp(-|z|/sigma)} on R^3, so |z| ~ Gamma(3, sigma) and its direction is uniform; the Gaussian's coordinates
     * are independent N(0, sigma).
     */
    @Test
    void tangentPcaIsReleasedOnThePackedCovarianceSpace() {
        Estimator pca = new dev.manifolddp.estimators.TangentPcaEstimator(null);
        double[] truth = pca.forBall(sphere, Fixtures.northPole(), R).estimate(sphere, data.points());
        RiemannianLaplace laplace = RiemannianLaplace.builder().build();
        Calibration calibration = laplace.calibrate(pca, sphere, ball, N, PrivacyBudget.pure(1));
        assertThat(calibration.sensitivity()).isCloseTo(Math.sqrt(2) * R * R / N, within(1e-15));
        UniformRandomProvider rng = Fixtures.rng(5, 0);
        double[] radii = new double[2000];
        double[] firstAxis = new double[radii.length];
        double sigma = Double.NaN;
        for (int i = 0; i < radii.length; i++) {
            Release<double[]> release = laplace.release(calibration, data.points(), rng);
            sigma = release.sigma();
            double[] z = release.value();
            double norm = 0;
            for (int j = 0; j < 3; j++) {
                z[j] -= truth[j];
                norm += z[j] * z[j];
            }
            radii[i] = Math.sqrt(norm);
            firstAxis[i] = z[0] / radii[i];
        }
        Fixtures.assertFollows("|Laplace noise| on R^3", radii,
                org.apache.commons.statistics.distribution.GammaDistribution.of(3, sigma)::cumulativeProbability);
        // a uniform direction on S^2 has a uniform first coordinate on [-1, 1] (Archimedes)
        Fixtures.assertFollows("direction of the Laplace noise", firstAxis, x -> Math.min(1, Math.max(0, (x + 1) / 2)));
        TangentGaussian gaussian = TangentGaussian.builder().build();
        Calibration gauss = gaussian.calibrate(pca, sphere, ball, N, new PrivacyBudget(1, 1e-6));
        double[] coordinates = new double[3 * 1000];
        double gaussSigma = Double.NaN;
        for (int i = 0; i < 1000; i++) {
            Release<double[]> release = gaussian.release(gauss, data.points(), rng);
            gaussSigma = release.sigma();
            for (int j = 0; j < 3; j++) {
                coordinates[3 * i + j] = release.value()[j] - truth[j];
            }
        }
        Fixtures.assertFollows("Analyze Gauss noise", coordinates,
                NormalDistribution.of(0, gaussSigma)::cumulativeProbability);
    }

    @Test
    void mechanismsThatCannotDrawOnTheParameterSpaceRefuseByName() {
        Estimator variance = new FrechetVarianceEstimator(null);
        assertThatThrownBy(() -> RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.MCMC).build()
                .calibrate(variance, sphere, ball, N, PrivacyBudget.pure(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("frechet-variance")
                .hasMessageContaining("parameter space");
        assertThatThrownBy(() -> KNormGradient.builder().sampler(KNormGradient.Sampler.EXACT).build()
                .calibrate(variance, sphere, ball, N, PrivacyBudget.pure(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("parameter space");
        Estimator noDomain = new ForwardingEstimator(variance.forBall(sphere, Fixtures.northPole(), R));
        assertThatThrownBy(() -> KNormGradient.builder().build().calibrate(noDomain, sphere, ball, N,
                PrivacyBudget.pure(1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parameterBall");
    }

    /** The variance without its parameter ball: KNG has no public domain for its density. */
    private static final class ForwardingEstimator implements Estimator {
        private final Estimator inner;

        ForwardingEstimator(Estimator inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return "variance-without-domain";
        }

        @Override
        public Geometry parameterSpace(Geometry dataSpace) {
            return EuclideanSpace.of(1);
        }

        @Override
        public double[] estimate(Geometry dataSpace, double[][] data) {
            return inner.estimate(dataSpace, data);
        }

        @Override
        public dev.manifolddp.estimators.EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start,
                double tolerance, int maxIterations) {
            return inner.minimise(dataSpace, data, start, tolerance, maxIterations);
        }

        @Override
        public dev.manifolddp.estimators.GradientField gradientField(Geometry dataSpace, double[][] data) {
            return inner.gradientField(dataSpace, data);
        }

        @Override
        public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
            return inner.gradientSensitivity(dataSpace, radius, n);
        }

        @Override
        public java.util.OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n) {
            return inner.estimateSensitivity(dataSpace, radius, n);
        }

        @Override
        public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius) {
            return Optional.empty();
        }

        @Override
        public double[] publicStart(Geometry dataSpace, double[] center) {
            return new double[] {0};
        }
    }
}
