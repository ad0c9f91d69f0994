package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HiddenCapabilities;
import dev.manifolddp.geometry.SpectralVolume;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.exact.ExactKngSampler;
import dev.manifolddp.sampling.data.RandomSpdGenerator;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.GammaDistribution;
import org.junit.jupiter.api.Test;

/** KNG with the exact sampler: the default choice, the release's record, the fixed budget, the fallbacks. */
class KNormGradientExactTest {

    private static final double R = Fixtures.CAP_RADIUS;

    @Test
    void autoIsExactOnTheSphereAndTheReleaseSaysSo() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(70, 0);
        GeneratedData data = Fixtures.sphereCap(100, R, rng);
        Release<double[]> release = KNormGradient.builder().build().release(sphere, data.points(), Fixtures.ball(data),
                PrivacyBudget.pure(1), rng);
        SamplerReport report = release.sampler();
        assertThat(report.method()).isEqualTo(SamplerReport.Method.EXACT);
        assertThat(report.proposals()).isPositive();
        assertThat(report.burnIn()).isZero();
        assertThat(release.parameters()).containsEntry("sampler", "auto")
                .containsEntry("exactSampler", "RadialLaplaceSampler")
                .containsEntry("proposalBudget", "unlimited").containsKey("acceptanceLowerBound");
        // the density lives on the decoupled public ball (docs/kng-normaliser.md), so the envelope's convexity is
        // h_max at twice its radius
        double domain = (double) release.parameters().get("densityRadius");
        assertThat(domain).isGreaterThan(R);
        assertThat(release.parameters()).containsEntry("envelopeConvexity", 2 * domain / Math.tan(2 * domain));
        assertThat(sphere.distance(Fixtures.northPole(), release.value())).as("projected onto the data ball")
                .isLessThanOrEqualTo(R);
        assertThat((String) release.parameters().get("samplerChoice")).startsWith("exact");
        // the proposal cap makes failure possible: (1 + e^eps)(1 - alpha)^cap underflows to below the smallest double
        assertThat(release.guarantee()).isEqualTo(Guarantee.EPSILON_DELTA);
        assertThat(release.budget()).isEqualTo(new PrivacyBudget(1, Double.MIN_VALUE));
        assertThat(release.parameters()).containsEntry("proposalCap", ExactKngSampler.MAX_PROPOSALS);
        assertThat(release.warnings()).noneMatch(w -> w.contains("only approximately"))
                .anyMatch(w -> w.contains("depend on the data"));
        assertThat(sphere.distance(Fixtures.northPole(), release.value())).isLessThanOrEqualTo(R);
    }

    /** Fixed budget: every release reports the budget; with a budget of 1 some releases fail, loudly, without MH. */
    @Test
    void fixedBudgetSpendsTheBudgetOrFails() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(71, 0);
        GeneratedData data = Fixtures.sphereCap(100, R, rng);
        KNormGradient budgeted = (KNormGradient) Mechanisms.parse("kng:proposal-budget=40");
        for (int i = 0; i < 20; i++) {
            Release<double[]> release = budgeted.release(sphere, data.points(), Fixtures.ball(data),
                    PrivacyBudget.pure(1), rng);
            assertThat(release.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
            assertThat(release.sampler().proposals()).isEqualTo(40);
            assertThat(release.sampler().acceptanceRate()).as("not observable under a budget").isNaN();
            assertThat(release.parameters()).containsEntry("proposalBudget", 40L);
            assertThat(release.warnings()).noneMatch(w -> w.contains("depend on the data"));
            // the failure probability is a delta: (1 + e) (1 - alpha)^40 with the public bound alpha
            double alpha = (double) release.parameters().get("acceptanceLowerBound");
            double delta = (1 + Math.E) * Math.pow(1 - alpha, 40);
            assertThat(release.budget().delta()).isCloseTo(delta, org.assertj.core.data.Percentage.withPercentage(1e-6));
            assertThat(release.guarantee()).isEqualTo(Guarantee.EPSILON_DELTA);
        }
        // one proposal fails too often for any delta below 1: refused before anything is drawn
        KNormGradient single = KNormGradient.builder().proposalBudget(1).build();
        assertThatThrownBy(() -> single.release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1),
                rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("proposal-budget 1 gives no proven failure bound");
    }

    /**
     * proposal-budget auto: the smallest N with (1 + e^epsilon)(1 - alpha)^N <= delta, for the failure-delta (pure
     * budget) or the budget's own delta; the release records the budget it spent.
     */
    @Test
    void autoBudgetIsSizedFromThePublicBoundAndRecordsItsDelta() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(74, 0);
        GeneratedData data = Fixtures.sphereCap(100, R, rng);
        Release<double[]> release = ((KNormGradient) Mechanisms.parse("kng:proposal-budget=auto")).release(sphere,
                data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        double alpha = (double) release.parameters().get("acceptanceLowerBound");
        long n = (long) release.parameters().get("proposalBudget");
        assertThat((1 + Math.E) * Math.pow(1 - alpha, n)).isLessThanOrEqualTo(1e-10);
        assertThat((1 + Math.E) * Math.pow(1 - alpha, n - 1)).isGreaterThan(1e-10);
        assertThat(release.budget().delta()).isPositive().isLessThanOrEqualTo(1e-10);
        assertThat(release.guarantee()).isEqualTo(Guarantee.EPSILON_DELTA);
        assertThat(release.sampler().proposals()).isEqualTo(n);
        Release<double[]> withDelta = ((KNormGradient) Mechanisms.parse("kng:proposal-budget=auto")).release(sphere,
                data.points(), Fixtures.ball(data), PrivacyBudget.approximate(1, 1e-6), rng);
        assertThat((long) withDelta.parameters().get("proposalBudget")).isLessThan(n);
        assertThat(withDelta.budget().delta()).isPositive().isLessThanOrEqualTo(1e-6);
    }

    /**
     * Without an exact Laplace sampler (affine-invariant SPD with its SpectralVolume hidden) auto runs MH, exact and a
     * budget are refused. With it, exact draws (truncated envelope), and auto draws exactly too: the truncated
     * envelope has a public lower bound on the acceptance rate in negative curvature, so a fixed budget is allowed.
     */
    @Test
    void affineInvariantSpdIsExactUnderAutoAndMcmcOnlyWithoutItsSampler() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        Geometry noSpectral = new HiddenCapabilities(spd, SpectralVolume.class);
        UniformRandomProvider rng = Fixtures.rng(72, 0);
        GeneratedData data = new RandomSpdGenerator(2, 0.25).generate(20, rng);
        DataBall ball = DataBall.declared(Fixtures.identity(2), data.radius());
        Release<double[]> release = KNormGradient.builder().burnIn(200).thin(10).build().release(noSpectral,
                data.points(), ball, PrivacyBudget.pure(1), rng);
        assertThat(release.sampler().method()).isEqualTo(SamplerReport.Method.MCMC);
        assertThat(release.parameters()).containsEntry("samplerChoice", "mcmc: the geometry has no exact Laplace "
                + "sampler").containsEntry("chainStart", "the public ball's centre");
        assertThat(release.guarantee()).isEqualTo(Guarantee.MCMC);
        assertThatThrownBy(() -> KNormGradient.builder().sampler(KNormGradient.Sampler.EXACT).build().release(
                noSpectral, data.points(), ball, PrivacyBudget.pure(1), rng))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no exact sampler exists for spd/affine-invariant")
                .hasMessageEndingWith("Provided value: sampler = exact, proposal-budget = 0");
        assertThatThrownBy(() -> KNormGradient.builder().proposalBudget(100).build().release(noSpectral,
                data.points(), ball, PrivacyBudget.pure(1), rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("with proposal-budget 0")
                .hasMessageEndingWith("Provided value: sampler = auto, proposal-budget = 100");

        Release<double[]> auto = KNormGradient.builder().burnIn(200).thin(10).build().release(spd, data.points(),
                ball, PrivacyBudget.pure(1), rng);
        assertThat(auto.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
        assertThat((String) auto.parameters().get("samplerChoice")).startsWith("exact: at most about");
        assertThat((double) auto.parameters().get("acceptanceLowerBound")).isGreaterThan(1e-3);
        Release<double[]> budgeted = KNormGradient.builder().autoProposalBudget().build().release(spd, data.points(),
                ball, PrivacyBudget.pure(1), rng);
        assertThat(budgeted.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
        assertThat(budgeted.guarantee()).isEqualTo(Guarantee.EPSILON_DELTA);
        Release<double[]> exact = KNormGradient.builder().sampler(KNormGradient.Sampler.EXACT).build().release(spd,
                data.points(), ball, PrivacyBudget.pure(1), rng);
        assertThat(exact.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
        assertThat(exact.parameters()).containsEntry("exactSampler", "SpectralLaplaceSampler");
        assertThat(spd.distance(Fixtures.identity(2), exact.value())).isLessThanOrEqualTo(data.radius() * (1 + 1e-9));
    }

    /**
     * Auto compares the public cost bound with the chain's. On S^96 at r = 0.15 with n = 40 the public lower bound on
     * the acceptance rate is below 1e-5 and the sphere offers no data-dependent envelope, so auto runs the chain; on
     * Kendall shapes with 50 landmarks (d = 96) in the same setting the geometry offers one (FrechetGradientBound with
     * tilted in-ball proposals, a public fact), so auto draws exactly without a budget, pure epsilon-DP, with a
     * timing warning, also where the command line's automatic fixed budget would be infeasible; with a tiny ball
     * the public bound itself allows the exact sampler.
     */
    @Test
    void autoPrefersTheChainOnlyWithoutADataEnvelope() {
        UniformRandomProvider rng = Fixtures.rng(73, 0);
        Geometry sphere = Geometries.parse("sphere:d=96");
        double[] pole = new double[97];
        pole[96] = 1;
        GeneratedData onSphere = new GeodesicBallGenerator(sphere, pole, 0.15).generate(40, rng);
        Release<double[]> chain = KNormGradient.builder().burnIn(50).thin(1).build().release(sphere,
                onSphere.points(), Fixtures.ball(onSphere), PrivacyBudget.pure(1), rng);
        assertThat(chain.sampler().method()).isEqualTo(SamplerReport.Method.MCMC);
        assertThat((String) chain.parameters().get("samplerChoice")).startsWith("mcmc: the public lower bound");
        assertThat((double) chain.parameters().get("acceptanceLowerBound")).isLessThan(1e-5);

        Geometry kendall = Geometries.parse("kendall:landmarks=50");
        double[] center = Fixtures.polygonShape(kendall);
        GeneratedData wide = new GeodesicBallGenerator(kendall, center, 0.15).generate(40, rng);
        for (String spec : new String[] {"kng:burn-in=50,thin=1", "kng:proposal-budget=auto"}) {
            Release<double[]> exact = Mechanisms.parse(spec).release(kendall, wide.points(), Fixtures.ball(wide),
                    PrivacyBudget.pure(1), rng);
            assertThat(exact.sampler().method()).as(spec).isEqualTo(SamplerReport.Method.EXACT);
            assertThat((String) exact.parameters().get("samplerChoice")).as(spec)
                    .startsWith("exact with the data-dependent envelope");
            assertThat((double) exact.parameters().get("acceptanceLowerBound")).isLessThan(1e-5);
            // the value's law is exact, but no public bound covers the cap's failure with the data envelope
            assertThat(exact.guarantee()).as(spec).isEqualTo(Guarantee.UNPROVEN);
            assertThat(exact.budget().delta()).as(spec).isZero();
            assertThat(exact.warnings()).as(spec).anyMatch(w -> w.startsWith("UNPROVEN: the value has exactly the "
                    + "KNG law") && w.contains("no public bound"));
            assertThat(exact.warnings()).as(spec).anyMatch(w -> w.contains("running time depend on the data"));
            assertThat((String) exact.diagnostics().values().get("envelope")).startsWith("data-dependent");
            assertThat(kendall.distance(center, exact.value())).isLessThanOrEqualTo(0.15 * (1 + 1e-12));
        }

        // with n = 4000 the envelope's radius (about d sigma/h = 0.002) is far below r, so even with the mean on the
        // ball's boundary about half the proposals stay inside: the public bound allows the exact sampler
        GeneratedData narrow = new GeodesicBallGenerator(kendall, center, 0.02).generate(4000, rng);
        Release<double[]> exact = KNormGradient.builder().build().release(kendall, narrow.points(),
                Fixtures.ball(narrow), PrivacyBudget.pure(1), rng);
        assertThat(exact.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
        assertThat((String) exact.parameters().get("samplerChoice")).startsWith("exact: at most about");
        assertThat(kendall.distance(center, exact.value())).isLessThanOrEqualTo(0.02);
    }

    /**
     * Log-Euclidean SPD(2) (d = 3): the gradient norm is the chart distance to the mean, so the KNG for the mean is
     * the Riemannian Laplace restricted to the ball, and the envelope (h = 1) accepts every proposal inside the ball.
     * With sigma about 0.014 against a ball of radius 0.35 the restriction is invisible (the Laplace leaves the ball
     * with probability below 1e-6), so {@code rho(release, xbar) / sigma ~ Gamma(3, 1)}: KS over 2000 releases at
     * alpha = 1e-3 with a fixed seed (deterministic; a random seed would fail with probability 1e-3).
     */
    @Test
    void logEuclideanKngIsTheChartLaplace() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=2");
        UniformRandomProvider rng = Fixtures.rng(74, 0);
        RandomSpdGenerator generator = new RandomSpdGenerator(2, 0.25);
        GeneratedData data = generator.generate(100, rng);
        DataBall ball = DataBall.declared(Fixtures.identity(2), generator.ballRadius());
        double[] mean = FrechetMean.builder().geometry(spd).build().fit(data.points()).mean();
        KNormGradient kng = KNormGradient.builder().build();
        double[] scaled = new double[2000];
        double sigma = Double.NaN;
        for (int i = 0; i < scaled.length; i++) {
            Release<double[]> release = kng.release(spd, data.points(), ball, PrivacyBudget.pure(1), rng);
            assertThat(release.sampler().proposals()).as("every proposal in the ball is accepted").isEqualTo(1);
            sigma = release.sigma();
            scaled[i] = spd.distance(mean, release.value()) / sigma;
        }
        Release<double[]> one = kng.release(spd, data.points(), ball, PrivacyBudget.pure(1), rng);
        assertThat(one.parameters()).containsEntry("exactSampler", "ChartLaplaceSampler")
                .containsEntry("envelopeConvexity", 1.0);
        // flat: the decoupled domain (docs/kng-normaliser.md) pays only the boundary flux, so sigma is
        // Delta/(epsilon - psi) with Delta = 2r/n at the admitted radius r (1 + SLACK), within 0.1% of Delta/epsilon
        // where Theorem 1 needs 2 Delta/epsilon: exactly the chart Laplace's scale
        double delta = 2 * generator.ballRadius() * (1 + DataBall.SLACK) / 100;
        assertThat(one.sensitivity()).isCloseTo(delta, org.assertj.core.data.Offset.offset(1e-17));
        assertThat(sigma).isBetween(delta, delta * 1.001);
        assertThat((double) one.parameters().get("normaliserShift")).isLessThan(1e-3);
        GammaDistribution gamma = GammaDistribution.of(3, 1);
        Fixtures.assertFollows("rho(release, xbar) / sigma on log-Euclidean SPD(2)", scaled,
                gamma::cumulativeProbability);
    }

    /**
     * Issue 11's setting through the mechanism: Kendall, 50 landmarks, n = 400, r = 0.3, epsilon = 1. With
     * {@code sampler: exact} the release uses the data-dependent envelope (FrechetGradientBound) and finishes in a few
     * proposals, where the public envelope would need more than 10^16; the envelope is recorded only in the
     * diagnostics, and with a fixed budget the public envelope is kept.
     */
    @Test
    void exactOnKendallFiftyLandmarksUsesTheDataEnvelope() {
        Geometry kendall = Geometries.parse("kendall:landmarks=50");
        UniformRandomProvider rng = Fixtures.rng(79, 0);
        double[] center = Fixtures.polygonShape(kendall);
        GeneratedData data = new GeodesicBallGenerator(kendall, center, 0.3).generate(400, rng);
        KNormGradient exact = (KNormGradient) Mechanisms.parse("kng:sampler=exact");
        for (int i = 0; i < 3; i++) {
            Release<double[]> release = exact.release(kendall, data.points(), Fixtures.ball(data),
                    PrivacyBudget.pure(1), rng);
            assertThat(release.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
            assertThat(release.sampler().proposals()).isLessThan(1000);
            assertThat((String) release.diagnostics().values().get("envelope")).startsWith("data-dependent");
            assertThat(release.parameters()).doesNotContainKey("envelope");
            assertThat(kendall.distance(center, release.value())).isLessThanOrEqualTo(0.3 * (1 + 1e-12));
        }
    }
}
