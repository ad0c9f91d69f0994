package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.estimators.FrechetVarianceEstimator;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The confidence radius for the mean from a private mean and a private variance: each quantile it uses has the
 * probability it claims (seeded binomial checks), the radius covers the population mean, and it refuses releases
 * whose noise law it does not know.
 */
class MeanConfidenceRadiusTest {

    private static final double R = Math.PI / 8;
    private static final Geometry SPHERE = Fixtures.sphere();
    private static final DataBall BALL = DataBall.declared(Fixtures.northPole(), R);
    private static final RiemannianLaplace LAPLACE = RiemannianLaplace.builder().build();

    private static Release<double[]> mean(double[][] points, double epsilon, UniformRandomProvider rng) {
        return LAPLACE.release(FrechetMeanEstimator.DEFAULT, SPHERE, points, BALL, PrivacyBudget.pure(epsilon), rng);
    }

    private static Release<double[]> variance(Mechanism mechanism, double[][] points, PrivacyBudget budget,
            UniformRandomProvider rng) {
        return mechanism.release(new FrechetVarianceEstimator(null), SPHERE, points, BALL, budget, rng);
    }

    /** P(rho(release, sample mean) > meanNoiseRadius) is the share a1 (here 0.2), within 4 binomial sd. */
    @Test
    void theMeanNoiseQuantileHasItsProbability() {
        UniformRandomProvider rng = Fixtures.rng(71, 0);
        GeneratedData data = Fixtures.sphereCap(50, R, rng);
        double[] xbar = FrechetMean.builder().geometry(SPHERE).tolerance(1e-12).build().fit(data.points()).mean();
        Release<double[]> v = variance(LAPLACE, data.points(), PrivacyBudget.pure(1), rng);
        MeanConfidenceRadius.Split split = new MeanConfidenceRadius.Split(0.2, 0.1, 0.1, 0.1);
        int draws = 3000;
        int beyond = 0;
        // the noise quantile depends on public values only (sigma, the geometry): the same for every release
        double quantile = MeanConfidenceRadius.of(SPHERE, mean(data.points(), 1, rng), v, null, split)
                .meanNoiseRadius();
        for (int i = 0; i < draws; i++) {
            Release<double[]> m = mean(data.points(), 1, rng);
            if (SPHERE.distance(m.value(), xbar) > quantile) {
                beyond++;
            }
        }
        double sd = Math.sqrt(draws * 0.2 * 0.8);
        assertThat((double) beyond).isCloseTo(0.2 * draws, within(4 * sd));
    }

    /**
     * On a flat geometry (log-Euclidean SPD(2), R^3 in its chart) the Laplace draws on its lattice and the noise radius
     * is Gamma(3, sigma): the quantile with the lattice's slack still has its probability 0.2.
     */
    @Test
    void onAFlatGeometryTheLatticeQuantileHasItsProbability() {
        Geometry spd = dev.manifolddp.geometry.Geometries.parse("spd/log-euclidean:k=2");
        double[] identity = {1, 0, 0, 1};
        DataBall ball = DataBall.declared(identity, 1);
        UniformRandomProvider rng = Fixtures.rng(76, 0);
        double[][] points = new dev.manifolddp.sampling.data.WishartGenerator(spd, new double[] {0.5, 0, 0, 0.5}, 2,
                1).generate(60, rng).points();
        double[] mean = FrechetMean.builder().geometry(spd).build().fit(points).mean();
        Release<double[]> v = LAPLACE.release(new FrechetVarianceEstimator(null), spd, points, ball,
                PrivacyBudget.pure(1), rng);
        MeanConfidenceRadius.Split split = new MeanConfidenceRadius.Split(0.2, 0.1, 0.1, 0.1);
        int draws = 3000;
        int beyond = 0;
        Release<double[]> first = LAPLACE.release(FrechetMeanEstimator.DEFAULT, spd, points, ball,
                PrivacyBudget.pure(1), rng);
        assertThat(first.parameters().get("noise").toString()).contains("lattice");
        MeanConfidenceRadius.Statement statement = MeanConfidenceRadius.of(spd, first, v, null, split);
        assertThat(statement.curvatureFactor()).isEqualTo(1.0);
        for (int i = 0; i < draws; i++) {
            Release<double[]> m = LAPLACE.release(FrechetMeanEstimator.DEFAULT, spd, points, ball,
                    PrivacyBudget.pure(1), rng);
            if (spd.distance(m.value(), mean) > statement.meanNoiseRadius()) {
                beyond++;
            }
        }
        double sd = Math.sqrt(draws * 0.2 * 0.8);
        assertThat((double) beyond).isCloseTo(0.2 * draws, within(4 * sd));
    }

    /**
     * The variance's upper noise quantile: exact for the Laplace (P(noise > q) = beta up to the lattice's 2^-18),
     * conservative for the discrete Gaussian (sub-Gaussian tail).
     */
    @Test
    void theVarianceNoiseQuantilesHaveTheirProbability() {
        UniformRandomProvider rng = Fixtures.rng(72, 0);
        GeneratedData data = Fixtures.sphereCap(50, R, rng);
        double truth = new FrechetVarianceEstimator(null).forBall(SPHERE, Fixtures.northPole(), R)
                .estimate(SPHERE, data.points())[0];
        int draws = 4000;
        int laplaceBeyond = 0;
        int gaussBeyond = 0;
        TangentGaussian gaussian = TangentGaussian.builder().build();
        for (int i = 0; i < draws; i++) {
            Release<double[]> l = variance(LAPLACE, data.points(), PrivacyBudget.pure(1), rng);
            if (l.value()[0] - truth > MeanConfidenceRadius.varianceNoiseQuantile(l, 0.1)) {
                laplaceBeyond++;
            }
            Release<double[]> g = variance(gaussian, data.points(), new PrivacyBudget(1, 1e-6), rng);
            if (g.value()[0] - truth > MeanConfidenceRadius.varianceNoiseQuantile(g, 0.1)) {
                gaussBeyond++;
            }
        }
        double sd = Math.sqrt(draws * 0.1 * 0.9);
        assertThat((double) laplaceBeyond).isCloseTo(0.1 * draws, within(4 * sd));
        assertThat((double) gaussBeyond).isLessThan(0.1 * draws + 4 * sd);
    }

    /**
     * Coverage on seeded caps about the north pole (the population mean, by symmetry): at alpha = 0.2 the radius
     * covers in at least 80% of 400 datasets, and its parts are the formulas' (kappa = h_max(2r, 1), V+ <= r^2).
     */
    @Test
    void theRadiusCoversThePopulationMean() {
        UniformRandomProvider rng = Fixtures.rng(73, 0);
        MeanConfidenceRadius.Split split = MeanConfidenceRadius.Split.of(0.2);
        int datasets = 400;
        int covered = 0;
        int n = 30;
        for (int i = 0; i < datasets; i++) {
            double[][] points = Fixtures.sphereCap(n, R, rng).points();
            Release<double[]> m = mean(points, 1, rng);
            Release<double[]> v = variance(LAPLACE, points, PrivacyBudget.pure(1), rng);
            MeanConfidenceRadius.Statement statement = MeanConfidenceRadius.of(SPHERE, m, v, null, split);
            assertThat(statement.curvatureFactor()).isCloseTo(CurvatureFunctions.hMax(2 * R, 1), within(1e-15));
            assertThat(statement.varianceBound()).isBetween(0.0, R * R);
            assertThat(statement.radius()).isCloseTo(statement.meanNoiseRadius() + statement.samplingRadius(),
                    within(1e-15));
            if (SPHERE.distance(statement.centre(), Fixtures.northPole()) <= statement.radius()) {
                covered++;
            }
        }
        assertThat(covered).isGreaterThanOrEqualTo((int) Math.ceil(0.8 * datasets));
    }

    /** A variance release far above the largest possible variance is clipped to r^2, which mu's minimality allows. */
    @Test
    void theVarianceBoundNeverExceedsTheBallsSquaredRadius() {
        UniformRandomProvider rng = Fixtures.rng(74, 0);
        double[][] points = Fixtures.sphereCap(5, R, rng).points();
        Release<double[]> m = mean(points, 1, rng);
        Release<double[]> v = variance(LAPLACE, points, PrivacyBudget.pure(0.01), rng);
        MeanConfidenceRadius.Statement statement = MeanConfidenceRadius.of(SPHERE, m, v, null,
                MeanConfidenceRadius.Split.of(0.05));
        assertThat(statement.varianceBound()).isEqualTo(R * R);
        assertThat(statement.samplingRadius()).isLessThanOrEqualTo(2 * R);
    }

    @Test
    void refusesReleasesWhoseNoiseLawItDoesNotKnow() {
        UniformRandomProvider rng = Fixtures.rng(75, 0);
        double[][] points = Fixtures.sphereCap(30, R, rng).points();
        Release<double[]> v = variance(LAPLACE, points, PrivacyBudget.pure(1), rng);
        Release<double[]> m = mean(points, 1, rng);
        Release<double[]> kng = KNormGradient.builder().build().release(SPHERE, points, BALL, PrivacyBudget.pure(1),
                rng);
        MeanConfidenceRadius.Split split = MeanConfidenceRadius.Split.of(0.1);
        assertThatThrownBy(() -> MeanConfidenceRadius.of(SPHERE, kng, v, null, split))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("riemannian-laplace");
        assertThatThrownBy(() -> MeanConfidenceRadius.of(SPHERE, m, m, null, split))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("frechet-variance");
        double[][] fewer = java.util.Arrays.copyOf(points, 20);
        Release<double[]> other = variance(LAPLACE, fewer, PrivacyBudget.pure(1), rng);
        assertThatThrownBy(() -> MeanConfidenceRadius.of(SPHERE, m, other, null, split))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n differ");
        assertThatThrownBy(() -> new MeanConfidenceRadius.Split(0.5, 0.1, 0.1, 0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("meanNoise");
        assertThatThrownBy(() -> MeanConfidenceRadius.Split.of(1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alpha");
    }
}
