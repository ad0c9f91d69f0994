package dev.manifolddp.plugins.hyperbolic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.exact.RadialLaplaceSampler;
import java.util.Random;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The host's generic {@code RadialLaplaceSampler} (module {@code sampling}, test scope here) on the plugin's
 * {@code RadialVolume} alone: with the declared growth rate d - 1 its Gamma envelope is slowed to rate
 * {@code 1/sigma - (d-1)}, so it draws the same law as the plugin's own sampler (seeded KS against the quadrature CDF,
 * alpha = 1e-3) and refuses the same scales.
 */
@Tag("statistical")
class HostRadialSamplerTest {

    @Test
    void hostSamplerDrawsTheHyperbolicLaplaceFromTheRadialVolume() {
        Geometry h = Geometries.parse("hyperbolic:d=3");
        RadialLaplaceSampler sampler = new RadialLaplaceSampler(h);
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(21L);
        double[] center = HyperbolicFixtures.randomPoint(3, 1.0, new Random(21));
        double[] out = new double[4];
        double[] radii = new double[3000];
        for (int i = 0; i < radii.length; i++) {
            sampler.sample(center, 0.35, rng, out);
            radii[i] = h.distance(center, out);
        }
        var cdf = HyperbolicLaplaceSamplerTest.radialCdf(3, 0.35);
        assertThat(KolmogorovSmirnovTest.withDefaults().test(radii, cdf::applyAsDouble).getPValue())
                .isGreaterThan(1e-3);
        assertThatThrownBy(() -> sampler.sample(center, 0.5, rng, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no distribution");
    }
}
