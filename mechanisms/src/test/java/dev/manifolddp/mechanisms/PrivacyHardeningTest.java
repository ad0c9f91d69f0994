package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.VolumeGrowth;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.data.RandomSpdGenerator;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Regression tests for the holes the privacy audit found: each reproduces the audit's setting and fails on the code
 * before the fix (chains started at the non-private mean, a Laplace without a law, MH crashing on invalid candidates,
 * a label that said private for every chain, a sampler stalled by a vanishing sigma).
 */
class PrivacyHardeningTest {

    /**
     * Audit: kng (auto -> mcmc) on kendall:landmarks=20, r = 0.3, n = 10, epsilon = 1 released the non-private mean
     * (acceptance 0, distance exactly 0). Now the chain starts at the ball's centre and moves on the ball's scale.
     * (auto now draws exactly on Kendall with the data-dependent envelope, so the chain is asked for.)
     */
    @Test
    void kendallChainNeitherReleasesTheMeanNorStaysPut() {
        Geometry kendall = Geometries.parse("kendall:landmarks=20");
        double[] center = Fixtures.polygonShape(kendall);
        for (int seed = 0; seed < 3; seed++) {
            UniformRandomProvider rng = Fixtures.rng(900, seed);
            GeneratedData data = new GeodesicBallGenerator(kendall, center, 0.3).generate(10, rng);
            DataBall ball = DataBall.declared(center, 0.3);
            Release<double[]> release = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(2000)
                    .thin(100).build().release(kendall,
                    data.points(), ball, PrivacyBudget.pure(1), rng);
            double[] mean = FrechetMean.builder().geometry(kendall).build().fit(data.points()).mean();
            assertThat(release.guarantee()).isEqualTo(Guarantee.MCMC);
            assertThat(release.parameters()).containsEntry("chainStart", "the public ball's centre");
            assertThat(kendall.distance(mean, release.value())).as("distance to the private mean").isGreaterThan(1e-3);
            assertThat(kendall.distance(center, release.value())).as("the chain moved").isGreaterThan(1e-3);
            // the bug had acceptance 0; with issue 23's smaller sigma one seed accepts exactly 5% of its moves
            assertThat(release.sampler().acceptanceRate()).as("acceptance (a diagnostic)").isGreaterThan(0.02);
        }
    }

    /** A chain that cannot move releases a public point (the centre), never the private mean. */
    @Test
    void aChainWithNoStepsReleasesTheCentre() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(901, 0);
        double[] off = sphere.exp(Fixtures.northPole(), new double[] {0.2, 0, 0});
        double[][] data = {off, off, off};
        Release<double[]> release = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(0).thin(1)
                .step(1e-9).build().release(sphere, data, DataBall.declared(Fixtures.northPole(), 0.3),
                        PrivacyBudget.pure(1), rng);
        assertThat(sphere.distance(Fixtures.northPole(), release.value())).isLessThan(1e-6);
        assertThat(sphere.distance(off, release.value())).isGreaterThan(0.19);
    }

    /** The proposal scale comes from public values: t min(sigma, r/sqrt(d)). */
    @Test
    void proposalScaleIsCappedByTheBallInHighDimension() {
        Geometry kendall = Geometries.parse("kendall:landmarks=20");
        McmcSettings settings = new McmcSettings(10, 1, 0.5, ProposalKind.TANGENT_GAUSSIAN, 1);
        assertThat(McmcRunner.proposalScale(kendall, 0.2, 0.3, settings)).isCloseTo(0.5 * 0.3 / 6, within(1e-15));
        assertThat(McmcRunner.proposalScale(kendall, 0.01, 0.3, settings)).isCloseTo(0.005, within(1e-15));
        assertThat(McmcRunner.proposalScale(kendall, 0.2, Double.NaN, settings)).isCloseTo(0.1, within(1e-15));
    }

    /**
     * Audit: riemannian-laplace on spd/affine-invariant:k=20, n = 30, r = 1, epsilon = 1 printed "private yes": the
     * Laplace has no law there (sigma must be below sqrt(12/(k(k^2 - 1))) = 0.039).
     */
    @Test
    void affineInvariantLaplaceBeyondItsLawIsRefused() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=20");
        assertThat(VolumeGrowth.laplaceScaleLimit(spd)).isCloseTo(Math.sqrt(12.0 / (20 * 399)), within(1e-15));
        assertThat(VolumeGrowth.laplaceScaleLimit(Geometries.parse("spd/affine-invariant:k=2")))
                .isCloseTo(Math.sqrt(2), within(1e-12));
        assertThat(VolumeGrowth.laplaceScaleLimit(Geometries.parse("spd/log-euclidean:k=20"))).isInfinite();
        assertThat(VolumeGrowth.laplaceScaleLimit(Fixtures.sphere())).isInfinite();
        UniformRandomProvider rng = Fixtures.rng(902, 0);
        double[][] data = new RandomSpdGenerator(20, 0.3).generate(30, rng).points();
        assertThatThrownBy(() -> RiemannianLaplace.builder().build().release(spd, data,
                DataBall.declared(Fixtures.identity(20), 1), PrivacyBudget.pure(1), rng))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is a probability distribution only for sigma < 0.03878")
                .hasMessageContaining("use epsilon > ").hasMessageContaining("Provided value: epsilon = 1.0");
    }

    /** Audit: MH crashed with "q is not symmetric positive definite" (kng, SPD(5) affine-invariant, epsilon 0.01). */
    @Test
    void invalidCandidatesAreRejectionsNotCrashes() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=5");
        UniformRandomProvider rng = Fixtures.rng(903, 0);
        GeneratedData data = new RandomSpdGenerator(5, 0.25).generate(20, rng);
        Release<double[]> release = KNormGradient.builder().burnIn(500).thin(10).step(50).build().release(spd,
                data.points(), DataBall.declared(Fixtures.identity(5), 0.5), PrivacyBudget.pure(0.01), rng);
        assertThat(spd.pointViolation(release.value(), 1e-8)).isEmpty();
        assertThat(release.guarantee()).isEqualTo(Guarantee.MCMC);
    }

    /** Audit: epsilon = 1e308 stalled the exact sampler for 80 s; a sigma below the numerical floor fails at once. */
    @Test
    void vanishingSigmaFailsBeforeDrawing() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(904, 0);
        GeneratedData data = Fixtures.sphereCap(10, Fixtures.CAP_RADIUS, rng);
        long start = System.nanoTime();
        assertThatThrownBy(() -> KNormGradient.builder().build().release(sphere, data.points(), Fixtures.ball(data),
                PrivacyBudget.pure(1e308), rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("epsilon must be at most 1.0E12")
                .hasMessageContaining("Provided value: epsilon = 1.0E308");
        assertThatThrownBy(() -> KNormGradient.builder().build().release(sphere, data.points(), Fixtures.ball(data),
                PrivacyBudget.pure(1e12), rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("below the numerical floor").hasMessageContaining("use epsilon <= ")
                .hasMessageContaining("Provided value: epsilon = 1.0E12");
        assertThatThrownBy(() -> RiemannianLaplace.builder().build().release(sphere, data.points(), Fixtures.ball(data),
                PrivacyBudget.pure(1e-320), rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("use epsilon >= ").hasMessageContaining("Provided value: 1.0E-320");
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(5);
    }

    /** The guarantee labels: pure, epsilon-delta, mcmc, unproven, not-private, and the weakest wins. */
    @Test
    void guaranteesSayWhatTheReleaseIs() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(905, 0);
        GeneratedData data = Fixtures.sphereCap(50, Fixtures.CAP_RADIUS, rng);
        DataBall ball = Fixtures.ball(data);
        // unlimited exact KNG is capped, and the cap's failure (data-dependent) costs a delta: never pure
        assertThat(KNormGradient.builder().sampler(KNormGradient.Sampler.EXACT).build().release(sphere, data.points(),
                ball, PrivacyBudget.pure(1), rng).guarantee()).isEqualTo(Guarantee.EPSILON_DELTA);
        assertThat(RiemannianLaplace.builder().build().release(sphere, data.points(), ball, PrivacyBudget.pure(1),
                rng).guarantee()).isEqualTo(Guarantee.PURE);
        assertThat(KNormGradient.builder().autoProposalBudget().build().release(sphere, data.points(), ball,
                PrivacyBudget.pure(1), rng).guarantee()).isEqualTo(Guarantee.EPSILON_DELTA);
        assertThat(KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(100).thin(5).build()
                .release(sphere, data.points(), ball, PrivacyBudget.pure(1), rng).guarantee())
                .isEqualTo(Guarantee.MCMC);
        assertThat(KNormGradient.builder().sigmaRule(SigmaRule.PAPER).sampler(KNormGradient.Sampler.MCMC).burnIn(100)
                .thin(5).build().release(sphere, data.points(), ball, PrivacyBudget.pure(1), rng).guarantee())
                .isEqualTo(Guarantee.UNPROVEN);
        Release<double[]> uncorrected = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC)
                .proposal(ProposalKind.CENTERED_UNIFORM).burnIn(100).thin(5).build()
                .release(sphere, data.points(), ball, PrivacyBudget.pure(1), rng);
        assertThat(uncorrected.guarantee()).isEqualTo(Guarantee.NOT_PRIVATE);
        assertThat(uncorrected.warnings()).anyMatch(w -> w.contains("no Hastings correction"));
        Release<double[]> seeded = KNormGradient.builder().build().release(sphere, data.points(), ball,
                PrivacyBudget.pure(1), rng).withGuaranteeAtMost(Guarantee.NOT_PRIVATE, "seeded");
        assertThat(seeded.guarantee()).isEqualTo(Guarantee.NOT_PRIVATE);
        assertThat(Guarantee.weakest(Guarantee.MCMC, Guarantee.UNPROVEN)).isEqualTo(Guarantee.UNPROVEN);
        assertThat(Guarantee.parse("epsilon-delta")).isEqualTo(Guarantee.EPSILON_DELTA);
    }

    /**
     * Audit: the exact sampler's proposal count and acceptance, chain statistics and the mean's iterations were in
     * the public part of a release; they live in its diagnostics now.
     */
    @Test
    void dataDependentValuesStayInTheDiagnostics() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(906, 0);
        GeneratedData data = Fixtures.sphereCap(50, Fixtures.CAP_RADIUS, rng);
        Release<double[]> chain = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(100).thin(5)
                .chains(2).build().release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(chain.parameters()).doesNotContainKeys("chainAcceptanceRates", "chainEffectiveSampleSizes",
                "meanIterations", "meanGradientNorm", "diagnosticsKeepEvery");
        assertThat(chain.diagnostics().values()).containsKeys("chainAcceptanceRates", "chainEffectiveSampleSizes",
                "meanIterations", "meanGradientNorm");
        assertThat(chain.warnings()).noneMatch(w -> w.contains("acceptance"));
        assertThat(String.valueOf(chain.parameters())).doesNotContain("acceptanceRate");
    }

    /** Audit: thin = 2147483647 ended in OutOfMemoryError or hours of work; the size is checked up front. */
    @Test
    void chainLengthsAreCheckedBeforeAnythingRuns() {
        assertThatThrownBy(() -> KNormGradient.builder().thin(Integer.MAX_VALUE).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 1000000000 steps")
                .hasMessageContaining("Provided value: 1 x (20000 + 2147483647)");
        assertThatThrownBy(() -> RiemannianLaplace.builder().burnIn(Long.MAX_VALUE).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower burn-in");
    }

    /**
     * The Riemannian Laplace on log-Euclidean SPD(3) draws on the chart lattice (floating-point safe) and pays the
     * lattice's epsilon in its calibration; on the sphere it says its output is not protected.
     */
    @Test
    void chartLaplaceIsDrawnOnTheLattice() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        UniformRandomProvider rng = Fixtures.rng(907, 0);
        double[][] data = new RandomSpdGenerator(3, 0.3).generate(20, rng).points();
        Release<double[]> release = RiemannianLaplace.builder().build().release(spd, data,
                DataBall.declared(Fixtures.identity(3), 1), PrivacyBudget.pure(1), rng);
        double loss = dev.manifolddp.sampling.exact.EuclideanLaplace.gridEpsilonLoss(6);
        assertThat(release.parameters()).containsKey("noise").containsEntry("gridEpsilonLoss", loss);
        assertThat(release.sigma()).isCloseTo(release.sensitivity() / (1 - loss), within(1e-12));
        assertThat(release.guarantee()).isEqualTo(Guarantee.PURE);
        Release<double[]> sphere = RiemannianLaplace.builder().build().release(Fixtures.sphere(),
                Fixtures.sphereCap(20, Fixtures.CAP_RADIUS, rng).points(),
                DataBall.declared(Fixtures.northPole(), Fixtures.CAP_RADIUS), PrivacyBudget.pure(1), rng);
        assertThat(sphere.warnings()).anyMatch(w -> w.contains("not protected against floating-point attacks"));
    }
}
