package dev.manifolddp.sampling.exact;

import static dev.manifolddp.sampling.StatisticalAssertions.assertFollows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.sampling.NumericalCdf;
import dev.manifolddp.sampling.exact.RadialRadiusSampler.Envelope;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each of the three exact radius envelopes, forced in turn, against the exact radial law; and the automatic choice
 * where only the piecewise envelope is practical. KS at alpha = 1e-3 with fixed seeds: deterministic; a random seed
 * would fail each case with probability 1e-3.
 */
class RadialRadiusSamplerTest {

    private static double[] draw(RadialRadiusSampler sampler, double sigma, int n, UniformRandomProvider rng) {
        double[] radii = new double[n];
        for (int i = 0; i < n; i++) {
            radii[i] = sampler.sample(sigma, rng);
        }
        return radii;
    }

    @ParameterizedTest(name = "{0}, sigma {1}, {2}")
    @CsvSource({"sphere:d=2, 1.0, GAMMA", "sphere:d=2, 1.0, POWER", "sphere:d=2, 1.0, PIECEWISE",
        "sphere:d=5, 1.5, GAMMA", "sphere:d=5, 1.5, POWER", "sphere:d=5, 1.5, PIECEWISE",
        "kendall:landmarks=4, 0.8, GAMMA", "kendall:landmarks=4, 0.8, POWER", "kendall:landmarks=4, 0.8, PIECEWISE"})
    void everyEnvelopeGivesTheExactLaw(String spec, double sigma, Envelope envelope) {
        Geometry g = Geometries.parse(spec);
        RadialRadiusSampler sampler = new RadialRadiusSampler(g.capability(RadialVolume.class).orElseThrow(),
                g.dimension(), true, envelope);
        double[] radii = draw(sampler, sigma, 3000, RandomStreams.seeded(35L).stream(envelope.ordinal(), 0));
        assertThat(sampler.envelope()).isEqualTo(envelope);
        DoubleUnaryOperator cdf = g.name().equals("sphere") ? NumericalCdf.sphereRadius(g.dimension(), 1, sigma)
                : NumericalCdf.kendallRadius(4, sigma);
        assertFollows(spec + " radius with the " + envelope + " envelope", radii, cdf);
    }

    /**
     * Kendall shapes of 50 landmarks (d = 96) at sigma = 0.02: the Gamma and power envelopes would accept about one
     * proposal in 10^8; the piecewise envelope is chosen and needs about one.
     */
    @Test
    void highDimensionalCurvedCaseUsesThePiecewiseEnvelope() {
        Geometry kendall = Geometries.parse("kendall:landmarks=50");
        RadialRadiusSampler sampler = new RadialRadiusSampler(kendall.capability(RadialVolume.class).orElseThrow(),
                kendall.dimension(), true);
        UniformRandomProvider rng = RandomStreams.seeded(36L).stream(0, 0);
        double[] radii = new double[3000];
        long proposals = 0;
        for (int i = 0; i < radii.length; i++) {
            radii[i] = sampler.sample(0.02, rng);
            proposals += sampler.proposals();
        }
        assertThat(sampler.envelope()).isEqualTo(Envelope.PIECEWISE);
        assertThat(proposals / (double) radii.length).isLessThan(2.0);
        assertFollows("Kendall k = 50, sigma = 0.02 radius", radii, NumericalCdf.kendallRadius(50, 0.02));
    }

    /**
     * The piecewise tables are shared between samplers of one volume function, dimension and sigma: a sampler that
     * finds them built draws exactly what the sampler that built them drew from the same seed (bit for bit), at a
     * sigma where the piecewise envelope is the one chosen, also after moving to another sigma and back.
     */
    @Test
    void sharedPiecewiseTablesGiveTheSameDraws() {
        Geometry kendall = Geometries.parse("kendall:landmarks=50");
        RadialVolume radial = kendall.capability(RadialVolume.class).orElseThrow();
        RadialRadiusSampler.clearSharedTables();
        RadialRadiusSampler building = new RadialRadiusSampler(radial, kendall.dimension(), true);
        double[] built = draw(building, 0.02, 200, RandomStreams.seeded(38L).stream(0, 0));
        assertThat(building.envelope()).isEqualTo(Envelope.PIECEWISE);
        RadialRadiusSampler sharing = new RadialRadiusSampler(radial, kendall.dimension(), true);
        assertThat(draw(sharing, 0.02, 200, RandomStreams.seeded(38L).stream(0, 0))).containsExactly(built);
        draw(sharing, 0.03, 10, RandomStreams.seeded(39L).stream(0, 0));
        assertThat(draw(sharing, 0.02, 200, RandomStreams.seeded(38L).stream(0, 0))).containsExactly(built);
    }

    @Test
    void smallSigmaOnASphereUsesACheapEnvelope() {
        Geometry sphere = Geometries.parse("sphere:d=3");
        RadialRadiusSampler sampler = new RadialRadiusSampler(sphere.capability(RadialVolume.class).orElseThrow(),
                3, true);
        sampler.sample(1e-4, RandomStreams.seeded(37L).stream(0, 0));
        assertThat(sampler.proposals()).isLessThanOrEqualTo(3);
    }

    /**
     * The volume of hyperbolic space H^d (curvature -1) in polar coordinates, as a plugin would declare it: the ratio
     * {@code (sinh t / t)^(d-1)} exceeds 1 and grows like {@code exp((d-1) t)}, the cut locus is at infinity.
     */
    private static RadialVolume hyperbolic(int d) {
        return new RadialVolume() {
            @Override
            public double maxRadius() {
                return Double.POSITIVE_INFINITY;
            }

            @Override
            public double volumeRatio(double t) {
                return t == 0 ? 1 : Math.pow(Math.sinh(t) / t, d - 1);
            }

            @Override
            public double ratioGrowthRate() {
                return d - 1;
            }
        };
    }

    /**
     * Negative curvature: the slowed Gamma envelope against the radial law {@code exp(-t/sigma) sinh^(d-1) t}, whose
     * tail beyond 60 sigma/(1 - (d-1) sigma) carries no mass a KS test of 3000 draws can see.
     */
    @ParameterizedTest(name = "H^{0}, sigma {1}")
    @CsvSource({"2, 0.5", "2, 0.9", "3, 0.3", "5, 0.2"})
    void slowedGammaEnvelopeGivesTheHyperbolicLaw(int d, double sigma) {
        RadialRadiusSampler sampler = new RadialRadiusSampler(hyperbolic(d), d, false);
        double[] radii = draw(sampler, sigma, 3000, RandomStreams.seeded(38L).stream(d, 0));
        assertThat(sampler.envelope()).isEqualTo(Envelope.GAMMA);
        double rate = 1 / sigma - (d - 1);
        double upper = 60 / rate + 10;
        assertFollows("H^" + d + " radius at sigma " + sigma, radii,
                new NumericalCdf(t -> Math.exp(-t / sigma) * Math.pow(Math.sinh(t), d - 1), upper, 400_000));
    }

    @Test
    void hyperbolicScalesAtOrBeyondTheLimitAreRefused() {
        RadialRadiusSampler sampler = new RadialRadiusSampler(hyperbolic(3), 3, false);
        UniformRandomProvider rng = RandomStreams.seeded(39L).stream(0, 0);
        assertThatThrownBy(() -> sampler.sample(0.5, rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no distribution").hasMessageContaining("sigma = 0.5");
        assertThatThrownBy(() -> new RadialRadiusSampler(hyperbolic(3), 3, false, Envelope.POWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("power envelope");
    }
}
