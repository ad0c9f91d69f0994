package dev.manifolddp.plugins.hyperbolic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.exact.ExactKngSampler;
import dev.manifolddp.sampling.exact.KngTarget;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import dev.manifolddp.sampling.mcmc.TangentGaussianProposal;
import java.util.Random;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The host's exact KNG sampler ({@code ExactKngSampler}, module {@code sampling}, test scope here) on the plugin: it
 * finds the plugin's own exact Laplace through the {@link ExactLaplaceSampler} capability and draws the KNG of the
 * Frechet mean, {@code ∝ exp(-|grad U(x)|/sigma)} on the ball {@code B_r(c)}, by rejection. Two checks: with one
 * record at c the law is the Laplace truncated to the ball, whose radius has the density
 * {@code exp(-t/sigma) sinh^(d-1) t} on [0, r] (KS against its quadrature CDF); with five records its distance to c
 * is compared with a long Metropolis-Hastings chain (two-sample KS on a chain thinned to near independence). Seeded,
 * alpha = 1e-3.
 */
@Tag("statistical")
class HyperbolicKngTest {

    private static final double ALPHA = 1e-3;
    private static final double RADIUS = 1.0;
    private static final double SIGMA = 0.3;

    private final Geometry h = Geometries.parse("hyperbolic:d=2");
    private final double[] center = HyperbolicFixtures.randomPoint(2, 1.0, new Random(3));

    /** {@code |(1/n) sum_i log(x, x_i)|_x}, the gradient norm of the Frechet functional. */
    private double gradientNorm(double[][] data, double[] x) {
        double[] sum = new double[3];
        double[] log = new double[3];
        for (double[] record : data) {
            h.log(x, record, log);
            for (int i = 0; i < 3; i++) {
                sum[i] += log[i] / data.length;
            }
        }
        return h.norm(x, sum);
    }

    private KngTarget target(double[][] data) {
        return new KngTarget(x -> gradientNorm(data, x), center, RADIUS,
                ExactKngSampler.frechetMeanConvexity(h, RADIUS), center);
    }

    @Test
    void oneRecordGivesTheTruncatedLaplace() {
        ExactKngSampler sampler = ExactKngSampler.find(h).orElseThrow();
        assertThat(sampler.laplace()).isSameAs(h.capability(ExactLaplaceSampler.class).orElseThrow());
        KngTarget target = target(new double[][] {center});
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(11L);
        double[] out = new double[3];
        double[] radii = new double[3000];
        for (int i = 0; i < radii.length; i++) {
            sampler.sample(target, SIGMA, rng, out);
            radii[i] = h.distance(center, out);
        }
        var whole = HyperbolicLaplaceSamplerTest.radialCdf(2, SIGMA);
        double inBall = whole.applyAsDouble(RADIUS);
        assertThat(KolmogorovSmirnovTest.withDefaults().test(radii, t -> Math.min(1, whole.applyAsDouble(t) / inBall))
                .getPValue()).as("KS p-value against the truncated radial law").isGreaterThan(ALPHA);
    }

    @Test
    void fiveRecordsAgreeWithMetropolisHastings() {
        Random random = new Random(4);
        double[][] data = new double[5][];
        for (int i = 0; i < data.length; i++) {
            double[] v = new double[3];
            double[] ambient = {0, random.nextGaussian(), random.nextGaussian()};
            h.projectToTangent(center, ambient, v);
            double scale = 0.9 * RADIUS * random.nextDouble() / h.norm(center, v);
            for (int j = 0; j < 3; j++) {
                v[j] *= scale;
            }
            data[i] = h.exp(center, v);
        }
        ExactKngSampler sampler = ExactKngSampler.find(h).orElseThrow();
        KngTarget target = target(data);
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(12L);
        double[] out = new double[3];
        double[] exact = new double[2000];
        for (int i = 0; i < exact.length; i++) {
            sampler.sample(target, SIGMA, rng, out);
            exact[i] = h.distance(center, out);
        }
        McmcResult chain = MetropolisHastings.builder().geometry(h).target(x -> -gradientNorm(data, x) / SIGMA)
                .proposal(new TangentGaussianProposal(h)).step(0.5).burnIn(5000).thin(25).samples(2000).chains(1)
                .restrictTo(center, RADIUS).build().run(center, RandomSource.XO_RO_SHI_RO_128_PP.create(13L));
        double[] mcmc = new double[chain.samples().length];
        for (int i = 0; i < mcmc.length; i++) {
            mcmc[i] = h.distance(center, chain.samples()[i]);
        }
        assertThat(KolmogorovSmirnovTest.withDefaults().test(exact, mcmc).getPValue())
                .as("two-sample KS p-value, exact KNG against MH").isGreaterThan(ALPHA);
    }
}
