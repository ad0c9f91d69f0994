package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import java.lang.management.ManagementFactory;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** KNG for the Frechet mean on S^2 (and a Kendall smoke test). */
class KNormGradientTest {

    private static final double R = Fixtures.CAP_RADIUS;

    private static double[] mean(Geometry geometry, double[][] points) {
        return FrechetMean.builder().geometry(geometry).tolerance(1e-12).maxIterations(5000).build().fit(points)
                .mean();
    }

    /**
     * Utility rate (Soto et al. 2022, Thm 3): the mean geodesic error E rho(release, xbar) falls like 1/n, so the log-log slope over
     * n = 50, 100, 200, 400 should be -1. Why: sigma = 2 Delta / epsilon is proportional to 1/n, and by Lemma 1
     * (h_max(2r) rho <= |grad U| <= rho on the sphere, where kmin >= 0) the KNG law lies between Laplace laws of scales
     * sigma and sigma / h_max in rho(x, xbar); with sigma (<= 0.04) far below the ball radius (0.39) the law of
     * rho / sigma is nearly the same at every n, so E rho is proportional to sigma. The chain starts at the mean (the
     * mode) and every length scales with sigma, so a short burn-in (500 steps at t = 0.5) biases all n by the same
     * factor and leaves the slope alone (the exact sampler has no such bias). 120 replicates per n, each with a fresh
     * data set: the error of one release has a coefficient of variation of about 0.7, so each log mean has standard
     * error about 0.065 and the fitted slope about 0.04; the interval [-1.25, -0.75] is 6 standard errors wide on each
     * side (false-failure rate below 1e-8 for a random seed; the fixed seed makes the test deterministic).
     */
    @ParameterizedTest
    @EnumSource(value = KNormGradient.Sampler.class, names = {"MCMC", "EXACT"})
    void meanErrorFallsLikeOneOverN(KNormGradient.Sampler sampler) {
        Geometry sphere = Fixtures.sphere();
        KNormGradient kng = KNormGradient.builder().sampler(sampler).burnIn(500).thin(1).build();
        int[] sizes = {50, 100, 200, 400};
        double[] logN = new double[sizes.length];
        double[] logError = new double[sizes.length];
        int replicates = 120;
        for (int s = 0; s < sizes.length; s++) {
            double total = 0;
            for (int rep = 0; rep < replicates; rep++) {
                UniformRandomProvider rng = Fixtures.rng(30 + s, rep);
                GeneratedData data = Fixtures.sphereCap(sizes[s], R, rng);
                Release<double[]> release = kng.release(sphere, data.points(), Fixtures.ball(data),
                        PrivacyBudget.pure(1), rng);
                total += sphere.distance(release.value(), mean(sphere, data.points()));
            }
            logN[s] = Math.log(sizes[s]);
            logError[s] = Math.log(total / replicates);
        }
        double mx = 0;
        double my = 0;
        for (int s = 0; s < sizes.length; s++) {
            mx += logN[s] / sizes.length;
            my += logError[s] / sizes.length;
        }
        double sxy = 0;
        double sxx = 0;
        for (int s = 0; s < sizes.length; s++) {
            sxy += (logN[s] - mx) * (logError[s] - my);
            sxx += (logN[s] - mx) * (logN[s] - mx);
        }
        assertThat(sxy / sxx).as("log-log slope of the mean error against n").isBetween(-1.25, -0.75);
    }

    /** With n = 5 the scale is about the ball radius, so the samplers keep proposing outside; releases stay in. */
    @ParameterizedTest
    @EnumSource(value = KNormGradient.Sampler.class, names = {"MCMC", "EXACT"})
    void releasesStayInsideTheBall(KNormGradient.Sampler sampler) {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(40, 0);
        GeneratedData data = Fixtures.sphereCap(5, R, rng);
        KNormGradient kng = KNormGradient.builder().sampler(sampler).burnIn(300).thin(50).step(1.0).build();
        for (int i = 0; i < 200; i++) {
            Release<double[]> release = kng.release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1),
                    rng);
            assertThat(sphere.distance(Fixtures.northPole(), release.value())).isLessThanOrEqualTo(R);
        }
    }

    @Test
    void releaseRecordsTheProvenCalibrationAndTheChain() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(41, 0);
        GeneratedData data = Fixtures.sphereCap(100, R, rng);
        Release<double[]> release = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(3000)
                .thin(800).chains(2).build()
                .release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(0.5), rng);
        // on the data ball Theorem 1 needs 2 Delta / epsilon with Delta = L(r)/n (the sphere's chord bound L,
        // docs/sensitivity-bounds.md); the decoupled domain of radius R > r (docs/kng-normaliser.md) certifies
        // Delta_R / sigma + psi(sigma) <= epsilon with a smaller sigma
        double delta = Fixtures.sphereLogDifference(R) / 100;
        double domain = (double) release.parameters().get("densityRadius");
        double deltaR = SensitivityBounds.logDifference(sphere, domain, R) / 100;
        double psi = (double) release.parameters().get("normaliserShift");
        assertThat(release.parameters()).containsEntry("dataBallSensitivity", delta);
        assertThat(release.sensitivity()).isCloseTo(deltaR, within(1e-15));
        assertThat(deltaR / release.sigma() + psi).isLessThanOrEqualTo(0.5);
        assertThat(release.sigma()).isLessThan(0.6 * (2 * delta / 0.5));
        assertThat(release.sigmaRule()).isEqualTo("proven");
        assertThat(release.guarantee()).isEqualTo(Guarantee.MCMC);
        assertThat(release.budget()).isEqualTo(PrivacyBudget.pure(0.5));
        SamplerReport sampler = release.sampler();
        assertThat(sampler.method()).isEqualTo(SamplerReport.Method.MCMC);
        assertThat(sampler.proposals()).isEqualTo(2 * 3800);
        assertThat(sampler.burnIn()).isEqualTo(3000);
        assertThat(sampler.thin()).isEqualTo(800);
        assertThat(sampler.chains()).isEqualTo(2);
        assertThat(sampler.acceptanceRate()).isBetween(0.2, 0.99);
        assertThat(sampler.effectiveSampleSize()).isBetween(1.0, 800.0 * Math.log10(800));
        assertThat(sampler.rHat()).isBetween(0.9, 1.2);
        assertThat(release.parameters()).containsEntry("proposal", "tangent-gaussian")
                .containsEntry("proposalScale", 0.5 * release.sigma()).containsEntry("n", 100);
        assertThat(release.warnings()).anyMatch(w -> w.contains("only approximately"));
        assertThat(sphere.pointViolation(release.value(), 1e-9)).isEmpty();
    }

    /** Soto et al. 2022, suppl. §2.4.2: sigma = Delta'/epsilon with Delta' = 2r(2 - h_max(r, kmax))/n, below the proven scale. */
    @Test
    void paperRuleGivesTheSupplementsSigmaAndIsNotPrivate() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(42, 0);
        GeneratedData data = Fixtures.sphereCap(100, R, rng);
        Release<double[]> release = KNormGradient.builder().sigmaRule(SigmaRule.PAPER).burnIn(500).thin(10).build()
                .release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        double hR = R / Math.tan(R); // h_max(r, 1) = r cot r
        double paperDelta = 2 * R * (2 - hR) / 100;
        assertThat(release.sensitivity()).isCloseTo(paperDelta, within(1e-15));
        assertThat(release.sigma()).isCloseTo(paperDelta, within(1e-15));
        assertThat((Double) release.parameters().get("provenSigma")).isCloseTo(
                2 * (Fixtures.sphereLogDifference(R) / 100), within(1e-15));
        assertThat(release.sigmaRule()).isEqualTo("paper");
        assertThat(release.guarantee().isProven()).isFalse();
        assertThat(release.warnings()).anyMatch(w -> w.contains("not the proven calibration"));
        // a fixed sigma above the proven one keeps the guarantee
        Release<double[]> fixed = KNormGradient.builder().sigmaRule(SigmaRule.parse("fixed:1.0")).burnIn(100).thin(5)
                .build().release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(fixed.sigma()).isEqualTo(1.0);
        assertThat(fixed.guarantee().isProven()).isTrue();
    }

    /** Every proposal of the papers runs on the sphere; the uncorrected one is flagged. */
    @ParameterizedTest
    @EnumSource(value = ProposalKind.class, names = {"AMBIENT_DIRECTION", "TANGENT_BOX", "CENTERED_UNIFORM"})
    void proposalsRun(ProposalKind kind) {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(43, kind.ordinal());
        GeneratedData data = Fixtures.sphereCap(30, R, rng);
        Release<double[]> release = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).proposal(kind)
                .burnIn(500).thin(20).build()
                .release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(release.parameters()).containsEntry("proposal", kind.configName());
        assertThat(sphere.distance(Fixtures.northPole(), release.value())).isLessThanOrEqualTo(R);
        if (kind == ProposalKind.CENTERED_UNIFORM) {
            assertThat(release.warnings()).anyMatch(w -> w.contains("no Hastings correction"));
        }
    }

    @Test
    void chartProposalNeedsAChart() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(44, 0);
        GeneratedData data = Fixtures.sphereCap(30, R, rng);
        assertThatThrownBy(() -> KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC)
                .proposal(ProposalKind.CHART_RANDOM_WALK).burnIn(10).thin(1).build().release(sphere, data.points(),
                        Fixtures.ball(data), PrivacyBudget.pure(1), rng))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("IsometricChart");
    }

    @Test
    void radiusBeyondAssumptionOneIsRefused() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(45, 0);
        GeneratedData data = Fixtures.sphereCap(30, 0.5, rng);
        assertThatThrownBy(() -> KNormGradient.builder().build().release(sphere, data.points(),
                DataBall.declared(Fixtures.northPole(), 1.0), PrivacyBudget.pure(1), rng))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Assumption 1")
                .hasMessageContaining("Provided value: 1.0");
    }

    @Test
    void builderAndSamplerValidation() {
        assertThatThrownBy(() -> KNormGradient.builder().burnIn(-1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: -1");
        assertThatThrownBy(() -> KNormGradient.builder().thin(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: 0");
        assertThatThrownBy(() -> KNormGradient.builder().step(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: 0.0");
        assertThatThrownBy(() -> KNormGradient.builder().chains(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: 0");
        assertThatThrownBy(() -> KNormGradient.Sampler.parse("metropolis"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("allowed: auto, exact, mcmc")
                .hasMessageEndingWith("Provided value: metropolis");
        assertThatThrownBy(() -> Mechanisms.create("kng", Map.of("sampler", "gibbs")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("allowed: auto, exact, mcmc");
        assertThatThrownBy(() -> KNormGradient.builder().proposalBudget(-1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("proposal-budget")
                .hasMessageEndingWith("Provided value: -1");
        assertThatThrownBy(() -> KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).proposalBudget(10)
                .build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("applies to the exact sampler only").hasMessageEndingWith("Provided value: 10");
        assertThatThrownBy(() -> Mechanisms.parse("kng:sampler=mcmc,proposal-budget=5"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exact sampler only");
        KNormGradient parsed = (KNormGradient) Mechanisms.parse("kng:sampler=exact,proposal-budget=200");
        assertThat(parsed.sampler()).isEqualTo(KNormGradient.Sampler.EXACT);
        assertThat(parsed.proposalBudget()).isEqualTo(200);
        KNormGradient defaults = (KNormGradient) Mechanisms.create("kng", Map.of());
        assertThat(defaults.sampler()).isEqualTo(KNormGradient.Sampler.AUTO);
        assertThat(defaults.proposalBudget()).isZero();
        assertThatThrownBy(() -> Mechanisms.create("kng", Map.of("proposal", "langevin")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tangent-gaussian")
                .hasMessageEndingWith("Provided value: langevin");
    }

    /** The step loop reuses its arrays: 10 000 more burn-in steps allocate (almost) nothing more. */
    @Test
    void chainStepsDoNotAllocate() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean)
                || !bean.isThreadAllocatedMemorySupported()) {
            return;
        }
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(46, 0);
        GeneratedData data = Fixtures.sphereCap(50, R, rng);
        KNormGradient shortChain = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(2_000)
                .thin(100).build();
        KNormGradient longChain = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(12_000)
                .thin(100).build();
        long shortBytes = Long.MAX_VALUE;
        long longBytes = Long.MAX_VALUE;
        long thread = Thread.currentThread().getId();
        for (int round = 0; round < 3; round++) {
            long before = bean.getThreadAllocatedBytes(thread);
            shortChain.release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
            long middle = bean.getThreadAllocatedBytes(thread);
            longChain.release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
            long after = bean.getThreadAllocatedBytes(thread);
            shortBytes = Math.min(shortBytes, middle - before);
            longBytes = Math.min(longBytes, after - middle);
        }
        assertThat(longBytes - shortBytes).as("bytes allocated by 10 000 extra steps").isLessThan(10_000);
    }

    @Test
    void runsOnKendallShapes() {
        Geometry kendall = Geometries.parse("kendall:landmarks=6");
        UniformRandomProvider rng = Fixtures.rng(47, 0);
        double[] center = Fixtures.polygonShape(kendall);
        GeneratedData data = new GeodesicBallGenerator(kendall, center, 0.2).generate(40, rng);
        Release<double[]> release = KNormGradient.builder().burnIn(1000).thin(50).build()
                .release(kendall, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(kendall.pointViolation(release.value(), 1e-9)).isEmpty();
        assertThat(kendall.distance(center, release.value())).isLessThanOrEqualTo(0.2);
        // kmax = 4, no geometry-specific bound: Rauch's 2r g(2r sqrt(4)) = 0.4 (0.8 / sin 0.8) at the admitted
        // radius (Theorem 2 had 2r (2 - 0.8 cot 0.8))
        double admitted = 0.2 * (1 + DataBall.SLACK);
        double x = 4 * admitted;
        assertThat(release.sensitivity()).isCloseTo(2 * admitted * (x / Math.sin(x)) / 40, within(1e-15));
    }
}
