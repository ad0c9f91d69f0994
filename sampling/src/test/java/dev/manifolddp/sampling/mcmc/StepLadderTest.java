package dev.manifolddp.sampling.mcmc;

import static dev.manifolddp.sampling.StatisticalAssertions.assertSameLaw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.exact.ExactLaplaceSamplers;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The public ladder of proposal scales (issue 23's chains that never left their start): it keeps the target's law
 * (KS against the exact sampler, alpha = 1e-3, fixed seed) and lets a chain from a public start reach a mode far away
 * at a tiny sigma, where one scale of size sigma does not.
 */
class StepLadderTest {

    private static final double[] NORTH = {0, 0, 1};

    @Test
    void spansItsEndsInQuarters() {
        StepLadder ladder = StepLadder.spanning(1, 1e-3);
        assertThat(ladder.levels()).isEqualTo(6);
        assertThat(ladder.smallestFactor()).isEqualTo(1e-3);
        assertThat(StepLadder.spanning(2, 2).levels()).isOne();
        assertThat(StepLadder.spanning(1, 1e-300).levels()).isEqualTo(StepLadder.MAX_LEVELS);
        assertThatThrownBy(() -> StepLadder.spanning(1, 2)).hasMessageContaining("smallest <= largest");
    }

    @Test
    void aLadderChainKeepsTheTargetLaw() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double sigma = 0.05;
        MetropolisHastings mh = MetropolisHastings.builder().geometry(sphere)
                .target(new LaplaceLogDensity(sphere, NORTH, sigma)).proposal(new TangentGaussianProposal(sphere))
                .step(1.0).ladder(StepLadder.spanning(1.0, 0.5 * sigma)).burnIn(2000).thin(60).samples(2000).build();
        McmcResult result = mh.run(NORTH, RandomStreams.seeded(91L).stream(0, 0));
        assertThat(result.diagnostics().effectiveSampleSize()).isGreaterThan(1000);
        ExactLaplaceSampler exact = ExactLaplaceSamplers.find(sphere).orElseThrow();
        UniformRandomProvider rng = RandomStreams.seeded(91L).stream(1, 0);
        double[] exactRadii = new double[2000];
        double[] out = new double[3];
        for (int i = 0; i < exactRadii.length; i++) {
            exact.sample(NORTH, sigma, rng, out);
            exactRadii[i] = sphere.distance(NORTH, out);
        }
        double[] chainRadii = new double[result.samples().length];
        for (int i = 0; i < chainRadii.length; i++) {
            chainRadii[i] = sphere.distance(NORTH, result.samples()[i]);
        }
        assertSameLaw("MH with a ladder of scales vs exact Laplace radius on S^2", chainRadii, exactRadii);
    }

    /**
     * The releases' case: a target truncated to a ball (the KNG and regression chains reject proposals outside it),
     * with its mode off the ball's centre. The exact truncated law is the exact Laplace sampler's draws kept when they
     * fall in the ball (rejection, so exact); the ladder spans two decades, so every scale's kernel takes part. Two
     * KS tests (distance to the mode, distance to the centre), alpha = 1e-3 each, fixed seeds.
     */
    @Test
    void aLadderChainKeepsATruncatedLawOnABall() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double sigma = 0.2;
        double radius = 0.4;
        double[] mode = {Math.sin(0.25), 0, Math.cos(0.25)};
        MetropolisHastings mh = MetropolisHastings.builder().geometry(sphere)
                .target(new LaplaceLogDensity(sphere, mode, sigma)).proposal(new TangentGaussianProposal(sphere))
                .step(1.0).ladder(StepLadder.spanning(1.0, 0.01)).restrictTo(NORTH, radius).burnIn(2000).thin(100)
                .samples(2000).build();
        McmcResult result = mh.run(NORTH, RandomStreams.seeded(93L).stream(0, 0));
        assertThat(result.diagnostics().effectiveSampleSize()).isGreaterThan(1000);
        ExactLaplaceSampler exact = ExactLaplaceSamplers.find(sphere).orElseThrow();
        UniformRandomProvider rng = RandomStreams.seeded(93L).stream(1, 0);
        double[] exactToMode = new double[2000];
        double[] exactToCentre = new double[2000];
        double[] out = new double[3];
        for (int kept = 0; kept < exactToMode.length;) {
            exact.sample(mode, sigma, rng, out);
            double toCentre = sphere.distance(NORTH, out);
            if (toCentre <= radius) {
                exactToMode[kept] = sphere.distance(mode, out);
                exactToCentre[kept++] = toCentre;
            }
        }
        double[] chainToMode = new double[result.samples().length];
        double[] chainToCentre = new double[result.samples().length];
        for (int i = 0; i < chainToMode.length; i++) {
            chainToMode[i] = sphere.distance(mode, result.samples()[i]);
            chainToCentre[i] = sphere.distance(NORTH, result.samples()[i]);
            assertThat(chainToCentre[i]).isLessThanOrEqualTo(radius);
        }
        assertSameLaw("ladder MH vs exact truncated Laplace: distance to the mode", chainToMode, exactToMode);
        assertSameLaw("ladder MH vs exact truncated Laplace: distance to the centre", chainToCentre, exactToCentre);
    }

    @Test
    void aChainFromThePublicStartReachesAFarModeAtATinySigma() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double sigma = 1e-5;
        double radius = 0.5;
        double[] mode = {Math.sin(0.4), 0, Math.cos(0.4)};
        double largest = 0.5 * radius / Math.sqrt(2);
        double smallest = 0.5 * sigma;
        double[] errors = new double[2];
        for (int variant = 0; variant < 2; variant++) {
            StepLadder ladder = variant == 0 ? StepLadder.SINGLE : StepLadder.spanning(largest, smallest);
            MetropolisHastings mh = MetropolisHastings.builder().geometry(sphere)
                    .target(new LaplaceLogDensity(sphere, mode, sigma)).proposal(new TangentGaussianProposal(sphere))
                    .step(variant == 0 ? smallest : largest).ladder(ladder).restrictTo(NORTH, radius)
                    .burnIn(20_000).thin(600).samples(1).build();
            double[] last = mh.run(NORTH, RandomStreams.seeded(92L).stream(variant, 0)).lastState();
            errors[variant] = sphere.distance(mode, last);
        }
        assertThat(errors[0]).as("one scale of size sigma stays near the start").isGreaterThan(0.3);
        assertThat(errors[1]).as("the ladder reaches the mode's scale").isLessThan(20 * sigma);
    }
}
