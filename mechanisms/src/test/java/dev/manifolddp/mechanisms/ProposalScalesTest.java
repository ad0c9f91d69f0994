package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The KNG mean chain's public mixture of step scales (issue 23): at a large epsilon a chain from the ball's centre
 * reaches the non-private mean with the default ladder and stays near its start with the single scale that
 * {@code proposal-scales: single} keeps; the mixture's ends and size are recorded from public values.
 */
class ProposalScalesTest {

    /** Data in a small cap 0.3 from the north pole; the public ball (radius 0.5) is about the pole. */
    private static final double BALL = 0.5;

    /** 100 records in a cap of radius 0.1 whose centre is 0.3 from the pole, and their Frechet mean. */
    private record FarMean(GeneratedData data, double[] mean) {

        static FarMean drawn(Geometry sphere, long cell) {
            double[] offCentre = sphere.exp(Fixtures.northPole(), new double[] {0.3, 0, 0});
            GeneratedData data = new GeodesicBallGenerator(sphere, offCentre, 0.1).generate(100,
                    Fixtures.rng(cell, 0));
            return new FarMean(data, FrechetMean.builder().geometry(sphere).tolerance(1e-12).maxIterations(5000)
                    .build().fit(data.points()).mean());
        }
    }

    @Test
    void aKngChainReachesAFarMeanAtLargeEpsilonOnlyWithTheLadder() {
        Geometry sphere = Fixtures.sphere();
        FarMean far = FarMean.drawn(sphere, 71);
        GeneratedData data = far.data();
        double[] mean = far.mean();
        DataBall ball = DataBall.declared(Fixtures.northPole(), BALL);
        double[] errors = new double[2];
        double sigma = Double.NaN;
        for (ProposalScales scales : ProposalScales.values()) {
            Release<double[]> release = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(8_000)
                    .thin(100).proposalScales(scales).build()
                    .release(sphere, data.points(), ball, PrivacyBudget.pure(1e4), Fixtures.rng(71, 1));
            errors[scales.ordinal()] = sphere.distance(mean, release.value());
            sigma = release.sigma();
            Map<String, Object> p = release.parameters();
            assertThat(p).containsEntry("proposalScaleMixture", scales.configName());
            assertThat((double) p.get("proposalScaleMin")).isEqualTo((double) p.get("proposalScale"));
            double max = (double) p.get("proposalScaleMax");
            int levels = (int) p.get("proposalScaleLevels");
            if (scales == ProposalScales.LADDER) {
                // t R/sqrt(d) on the chain's ball, J = 1 + ceil(log(max/min)/log 4)
                double densityRadius = (double) p.getOrDefault("densityRadius", BALL);
                assertThat(max).isCloseTo(0.5 * densityRadius / Math.sqrt(2), within(1e-15));
                assertThat(levels).isEqualTo(1 + (int) Math.ceil(Math.log((double) p.get("proposalScale") / max)
                        / Math.log(0.25)));
                assertThat(levels).isGreaterThan(5);
            } else {
                assertThat(max).isEqualTo((double) p.get("proposalScale"));
                assertThat(levels).isOne();
            }
        }
        double startError = sphere.distance(mean, Fixtures.northPole());
        assertThat(startError).isGreaterThan(0.25);
        assertThat(errors[ProposalScales.SINGLE.ordinal()]).as("one scale of size t sigma stays near the start")
                .isGreaterThan(0.5 * startError);
        assertThat(errors[ProposalScales.LADDER.ordinal()]).as("the ladder reaches the mean's sigma scale")
                .isLessThan(20 * sigma);
    }

    /**
     * The Riemannian Laplace's chain targets an unrestricted law centred at the mean, which lies in the public ball:
     * its ladder runs from {@code t r/sqrt(d)} of that ball down to {@code t sigma}.
     */
    @Test
    void aLaplaceChainReachesAFarMeanAtLargeEpsilonOnlyWithTheLadder() {
        Geometry sphere = Fixtures.sphere();
        FarMean far = FarMean.drawn(sphere, 73);
        GeneratedData data = far.data();
        double[] mean = far.mean();
        DataBall ball = DataBall.declared(Fixtures.northPole(), BALL);
        double[] errors = new double[2];
        double sigma = Double.NaN;
        for (ProposalScales scales : ProposalScales.values()) {
            Release<double[]> release = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.MCMC)
                    .burnIn(8_000).thin(100).proposalScales(scales).build()
                    .release(sphere, data.points(), ball, PrivacyBudget.pure(1e4), Fixtures.rng(73, 1));
            errors[scales.ordinal()] = sphere.distance(mean, release.value());
            sigma = release.sigma();
            Map<String, Object> p = release.parameters();
            double max = (double) p.get("proposalScaleMax");
            assertThat((double) p.get("proposalScaleMin")).isEqualTo(release.sigma());
            assertThat(max).isEqualTo(scales == ProposalScales.LADDER ? BALL / Math.sqrt(2) : release.sigma());
        }
        assertThat(errors[ProposalScales.SINGLE.ordinal()]).as("one scale t sigma stays near the start")
                .isGreaterThan(0.1);
        // the Laplace's geodesic radius has mean 2 sigma on S^2
        assertThat(errors[ProposalScales.LADDER.ordinal()]).as("the ladder reaches the Laplace's centre")
                .isLessThan(20 * sigma);
    }

    @Test
    void configurationsNameTheScalesAndUnknownNamesAreRefused() {
        assertThat(ProposalScales.parse(" single ")).isEqualTo(ProposalScales.SINGLE);
        assertThat(ProposalScales.allowed()).isEqualTo("ladder, single");
        assertThat(Mechanisms.parse("kng:sampler=mcmc,proposal-scales=single")).isNotNull();
        assertThat(Mechanisms.parse("riemannian-laplace:sampler=mcmc,proposal-scales=single")).isNotNull();
        assertThatThrownBy(() -> Mechanisms.parse("kng:sampler=mcmc,proposal-scales=adaptive"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("proposal-scales")
                .hasMessageContaining("ladder, single").hasMessageEndingWith("Provided value: adaptive");
        assertThatThrownBy(() -> new McmcSettings(10, 1, 0.5, ProposalKind.TANGENT_GAUSSIAN, 1, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("proposal-scales")
                .hasMessageEndingWith("Provided value: null");
        assertThat(new McmcSettings(10, 1, 0.5, ProposalKind.TANGENT_GAUSSIAN, 1).scales())
                .isEqualTo(ProposalScales.LADDER);
    }
}
