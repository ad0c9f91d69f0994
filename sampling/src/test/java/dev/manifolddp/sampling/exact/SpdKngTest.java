package dev.manifolddp.sampling.exact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.StatisticalAssertions;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import dev.manifolddp.sampling.mcmc.TangentGaussianProposal;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Exact KNG on affine-invariant SPD(2) by rejection from the ball-truncated spectral Laplace envelope, against a long
 * Metropolis-Hastings chain on the same density. The second case has {@code sigma/h} beyond the whole-manifold limit
 * sqrt 2, where only the truncated envelope exists. Seeded two-sample KS at alpha = 1e-3 (false-failure rate 1e-3 per
 * case with a random seed).
 */
class SpdKngTest {

    @ParameterizedTest(name = "n = {0}, sigma = {1}")
    @CsvSource({"20, 0.3", "10, 2.0"})
    @Tag("statistical")
    void exactKngMatchesALongMetropolisHastingsChain(int n, double sigma) {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double[] p0 = {1, 0, 0, 1};
        double r = 1.5;
        UniformRandomProvider rng = RandomStreams.seeded(601L).stream(n, 0);
        double[][] data = new GeodesicBallGenerator(spd, p0, r).generate(n, rng).points();
        MeanGradient gradient = new MeanGradient(spd, data);
        double[] mean = gradient.descend(p0, 300);
        double h = ExactKngSampler.frechetMeanConvexity(spd, r);
        assertThat(h).isEqualTo(1.0);
        ExactKngSampler sampler = ExactKngSampler.find(spd).orElseThrow();
        assertThat(sampler.laplace()).isInstanceOf(SpectralLaplaceSampler.class);
        KngTarget target = new KngTarget(gradient, p0, r, h, mean);
        int draws = 2000;
        double[] exact = new double[draws];
        double[] out = new double[4];
        long proposals = 0;
        for (int i = 0; i < draws; i++) {
            proposals += sampler.sample(target, sigma, rng, out);
            exact[i] = spd.distance(mean, out);
            assertThat(spd.distance(p0, out)).isLessThanOrEqualTo(r * (1 + 1e-9));
        }
        assertThat(draws / (double) proposals).as("acceptance rate").isGreaterThan(0.01);

        MeanGradient chainGradient = new MeanGradient(spd, data);
        McmcResult chain = MetropolisHastings.builder().geometry(spd)
                .target(x -> -chainGradient.gradientNorm(x) / sigma)
                .proposal(new TangentGaussianProposal(spd)).step(Math.min(sigma, 1.0)).adaptStep(0.3).burnIn(5000)
                .thin(50).samples(draws).restrictTo(p0, r).reference(mean).build().run(mean, rng);
        assertThat(chain.diagnostics().effectiveSampleSize()).as("ESS of the MH chain").isGreaterThan(1000);
        double[] mcmc = new double[draws];
        for (int i = 0; i < draws; i++) {
            mcmc[i] = spd.distance(mean, chain.samples()[i]);
        }
        StatisticalAssertions.assertSameLaw("rho(x, xbar), exact KNG vs MH, SPD(2), sigma = " + sigma, exact, mcmc);
    }
}
