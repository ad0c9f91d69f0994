package dev.manifolddp.sampling.mcmc;

import static dev.manifolddp.sampling.StatisticalAssertions.assertSameLaw;
import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.sampling.exact.ExactLaplaceSamplers;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.function.Function;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Metropolis-Hastings against exact samplers (two-sample KS on the geodesic radius) and its diagnostics. Chains are
 * thinned until the kept draws are nearly independent (checked through the effective sample size), so the KS
 * p-value is close to valid. KS at alpha = 1e-3 with fixed seeds: deterministic; a random seed would fail each
 * comparison with probability about 1e-3.
 */
class MetropolisHastingsTest {

    static final double[] NORTH = {0, 0, 1};

    private static double[] radii(Geometry g, double[] center, double[][] points) {
        double[] r = new double[points.length];
        for (int i = 0; i < points.length; i++) {
            r[i] = g.distance(center, points[i]);
        }
        return r;
    }

    private static double[] exactRadii(Geometry g, double[] center, double sigma, int n, UniformRandomProvider rng) {
        ExactLaplaceSampler exact = ExactLaplaceSamplers.find(g).orElseThrow();
        double[] out = new double[g.layout().length()];
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            exact.sample(center, sigma, rng, out);
            r[i] = g.distance(center, out);
        }
        return r;
    }

    private McmcResult sphereLaplaceChain(Function<Geometry, Proposal> proposal, double step, long seed) {
        Geometry sphere = Geometries.parse("sphere:d=2");
        MetropolisHastings mh = MetropolisHastings.builder().geometry(sphere)
                .target(new LaplaceLogDensity(sphere, NORTH, 0.5)).proposal(proposal.apply(sphere)).step(step)
                .burnIn(2000).thin(20).samples(2000).build();
        return mh.run(NORTH, RandomStreams.seeded(seed).stream(0, 0));
    }

    @Test
    void sphereTangentGaussianChainMatchesTheExactSampler() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        McmcResult result = sphereLaplaceChain(TangentGaussianProposal::new, 1.0, 61L);
        assertThat(result.diagnostics().effectiveSampleSize()).isGreaterThan(1000);
        assertThat(result.diagnostics().warnings()).isEmpty();
        assertSameLaw("MH (tangent Gaussian) vs exact Laplace radius on S^2",
                radii(sphere, NORTH, result.samples()),
                exactRadii(sphere, NORTH, 0.5, 2000, RandomStreams.seeded(61L).stream(1, 0)));
    }

    @Test
    void sphereAmbientDirectionChainMatchesTheExactSampler() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        McmcResult result = sphereLaplaceChain(AmbientDirectionProposal::new, 1.0, 62L);
        assertThat(result.diagnostics().effectiveSampleSize()).isGreaterThan(1000);
        assertThat(result.diagnostics().warnings()).isEmpty();
        assertSameLaw("MH (ambient direction) vs exact Laplace radius on S^2",
                radii(sphere, NORTH, result.samples()),
                exactRadii(sphere, NORTH, 0.5, 2000, RandomStreams.seeded(62L).stream(1, 0)));
    }

    /** Both isotropic proposals are symmetric on Kendall's shape space (see AmbientDirectionProposal). */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"gaussian", "ambient"})
    void kendallChainsMatchTheExactSampler(String kind) {
        Geometry kendall = Geometries.parse("kendall:landmarks=5");
        double[] center = kendall.capability(LandmarkShapes.class).orElseThrow()
                .preshape(new double[] {0, 0, 1, 0, 1.2, 1, 0.1, 1.3, -0.4, 0.6});
        Proposal proposal = kind.equals("gaussian") ? new TangentGaussianProposal(kendall)
                : new AmbientDirectionProposal(kendall);
        McmcResult result = MetropolisHastings.builder().geometry(kendall)
                .target(new LaplaceLogDensity(kendall, center, 0.15)).proposal(proposal)
                .step(kind.equals("gaussian") ? 0.25 : 0.8).burnIn(2000).thin(25).samples(2000).build()
                .run(center, RandomStreams.seeded(71L).stream(0, 0));
        assertThat(result.diagnostics().warnings()).isEmpty();
        assertThat(result.diagnostics().effectiveSampleSize()).isGreaterThan(1000);
        assertSameLaw("MH (" + kind + ") vs exact Laplace radius on Kendall k = 5",
                radii(kendall, center, result.samples()),
                exactRadii(kendall, center, 0.15, 2000, RandomStreams.seeded(71L).stream(1, 0)));
    }

    @Test
    void logEuclideanChartRandomWalkMatchesTheExactSampler() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=2");
        double[] center = spd.capability(IsometricChart.class).orElseThrow()
                .fromChart(new double[] {0.3, -0.2, 0.4}, 4);
        MetropolisHastings mh = MetropolisHastings.builder().geometry(spd)
                .target(new LaplaceLogDensity(spd, center, 0.4)).proposal(new ChartRandomWalkProposal(spd)).step(0.6)
                .burnIn(2000).thin(30).samples(2000).build();
        McmcResult result = mh.run(center, RandomStreams.seeded(63L).stream(0, 0));
        assertThat(result.diagnostics().effectiveSampleSize()).isGreaterThan(1000);
        assertSameLaw("MH (chart random walk) vs exact log-Euclidean Laplace radius",
                radii(spd, center, result.samples()),
                exactRadii(spd, center, 0.4, 2000, RandomStreams.seeded(63L).stream(1, 0)));
    }

    /** No exact sampler on affine-invariant SPD: the corrected box chain must agree with the Gaussian chain. */
    @Test
    void affineInvariantBoxChainAgreesWithTheGaussianChain() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double[] center = {2.0, 0.5, 0.5, 1.0};
        LaplaceLogDensity target = new LaplaceLogDensity(spd, center, 0.3);
        McmcResult box = MetropolisHastings.builder().geometry(spd).target(target)
                .proposal(new TangentBoxProposal(spd)).step(1.2).burnIn(2000).thin(20).samples(2000).build()
                .run(center, RandomStreams.seeded(64L).stream(0, 0));
        McmcResult gaussian = MetropolisHastings.builder().geometry(spd).target(target)
                .proposal(new TangentGaussianProposal(spd)).step(0.4).burnIn(2000).thin(20).samples(2000).build()
                .run(center, RandomStreams.seeded(64L).stream(1, 0));
        assertThat(box.diagnostics().warnings()).isEmpty();
        assertThat(box.diagnostics().effectiveSampleSize()).isGreaterThan(800);
        assertThat(gaussian.diagnostics().effectiveSampleSize()).isGreaterThan(800);
        assertSameLaw("box vs Gaussian MH radius on SPD-AI(2)", radii(spd, center, box.samples()),
                radii(spd, center, gaussian.samples()));
    }

    @Test
    void wellMixedChainsHaveRHatNearOne() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double s = Math.sqrt(0.5);
        double[][] starts = {NORTH, {s, 0, s}, {0, s, s}, {-s, 0, s}};
        McmcResult result = MetropolisHastings.builder().geometry(sphere)
                .target(new LaplaceLogDensity(sphere, NORTH, 0.3)).proposal(new TangentGaussianProposal(sphere))
                .step(0.6).burnIn(1000).thin(5).samples(1000).chains(4).build()
                .run(starts, RandomStreams.seeded(65L).stream(0, 0));
        assertThat(result.samples()).hasNumberOfRows(4000);
        assertThat(result.lastStates()).hasNumberOfRows(4);
        assertThat(result.diagnostics().rHat()).isPresent();
        assertThat(result.diagnostics().rHat().getAsDouble()).isLessThan(1.05);
        assertThat(result.diagnostics().chainEffectiveSampleSizes()).hasSize(4);
    }

    /** Two sharp modes at the poles, tiny steps: each chain stays at its start. */
    @Test
    void chainsStuckInDifferentModesHaveLargeRHat() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[] south = {0, 0, -1};
        LogDensity bimodal = x -> -Math.min(sphere.distance(NORTH, x), sphere.distance(south, x)) / 0.05;
        McmcResult result = MetropolisHastings.builder().geometry(sphere).target(bimodal)
                .proposal(new TangentGaussianProposal(sphere)).step(0.05).burnIn(500).thin(2).samples(500)
                .chains(2).build().run(new double[][] {NORTH, south}, RandomStreams.seeded(66L).stream(0, 0));
        assertThat(result.diagnostics().rHat().getAsDouble()).isGreaterThan(1.1);
    }

    @Test
    void singleChainHasNoRHat() {
        McmcResult result = sphereLaplaceChain(TangentGaussianProposal::new, 1.0, 67L);
        assertThat(result.diagnostics().rHat()).isEmpty();
        assertThat(result.lastState()).hasSize(3);
        assertThat(result.diagnostics().summary()).contains("acceptance").contains("ESS");
    }

    @Test
    void adaptationReachesTheTargetAcceptanceDuringBurnInOnly() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        MetropolisHastings mh = MetropolisHastings.builder().geometry(sphere)
                .target(new LaplaceLogDensity(sphere, NORTH, 0.1)).proposal(new TangentGaussianProposal(sphere))
                .step(2.5).burnIn(5000).thin(1).samples(20_000).adaptStep(0.3).build();
        McmcResult result = mh.run(NORTH, RandomStreams.seeded(68L).stream(0, 0));
        assertThat(result.diagnostics().adapted()).isTrue();
        assertThat(result.diagnostics().finalSteps()[0]).isLessThan(1.0);
        assertThat(result.diagnostics().acceptanceRate()).isBetween(0.2, 0.4);
    }

    @Test
    void ballRestrictionKeepsEverySampleInside() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double radius = 0.3;
        McmcResult result = MetropolisHastings.builder().geometry(sphere)
                .target(new LaplaceLogDensity(sphere, NORTH, 1.0)).proposal(new TangentGaussianProposal(sphere))
                .step(0.3).burnIn(500).thin(3).samples(2000).restrictTo(NORTH, radius).build()
                .run(NORTH, RandomStreams.seeded(69L).stream(0, 0));
        double max = 0;
        for (double[] x : result.samples()) {
            max = Math.max(max, sphere.distance(NORTH, x));
        }
        assertThat(max).isLessThanOrEqualTo(radius).isGreaterThan(0.9 * radius);
    }

    @Test
    void theSameSeedGivesTheSameChain() {
        McmcResult a = sphereLaplaceChain(TangentGaussianProposal::new, 1.0, 70L);
        McmcResult b = sphereLaplaceChain(TangentGaussianProposal::new, 1.0, 70L);
        assertThat(a.samples()).isDeepEqualTo(b.samples());
    }
}
