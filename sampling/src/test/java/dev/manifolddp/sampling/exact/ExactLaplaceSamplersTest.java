package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.sampling.TestLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.ForwardingGeometry;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.SpectralVolume;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Optional;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

class ExactLaplaceSamplersTest {

    @Test
    void radialGeometriesGetTheRadialSampler() {
        assertThat(ExactLaplaceSamplers.find(Geometries.parse("sphere:d=3"))).get()
                .isInstanceOf(RadialLaplaceSampler.class);
        assertThat(ExactLaplaceSamplers.find(Geometries.parse("kendall:landmarks=5"))).get()
                .isInstanceOf(RadialLaplaceSampler.class);
    }

    @Test
    void chartGeometriesGetTheChartSampler() {
        assertThat(ExactLaplaceSamplers.find(Geometries.parse("spd/log-euclidean:k=2"))).get()
                .isInstanceOf(ChartLaplaceSampler.class);
    }

    @Test
    void affineInvariantSpdGetsTheSpectralSampler() {
        assertThat(ExactLaplaceSamplers.find(Geometries.parse("spd/affine-invariant:k=2"))).get()
                .isInstanceOf(SpectralLaplaceSampler.class);
    }

    /** The spectral sampler decomposes with the geometry's eigensolver; a geometry that lends none is not offered it. */
    @Test
    void aSpectralGeometryWithoutAnEigensolverGetsNoSpectralSampler() {
        Geometry withoutSolver = new ForwardingGeometry(Geometries.parse("spd/affine-invariant:k=2")) {
            @Override
            public <C> Optional<C> capability(Class<C> type) {
                return type == SymmetricEigensolvers.class ? Optional.empty() : super.capability(type);
            }
        };
        assertThat(withoutSolver.capability(SpectralVolume.class)).isPresent();
        assertThat(ExactLaplaceSamplers.find(withoutSolver)).isEmpty();
        assertThatThrownBy(() -> new SpectralLaplaceSampler(withoutSolver))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SpectralLaplaceSampler needs the capability SymmetricEigensolvers");
    }

    @Test
    void radialSamplerNamesTheMissingCapability() {
        assertThatThrownBy(() -> new RadialLaplaceSampler(Geometries.parse("spd/affine-invariant:k=2")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("RadialVolume");
    }

    @Test
    void aGeometryThatSamplesItselfIsPreferred() {
        Geometry plugin = new SelfSamplingLine();
        assertThat(ExactLaplaceSamplers.find(plugin)).containsSame((ExactLaplaceSampler) plugin);
        UniformRandomProvider rng = RandomStreams.seeded(1L).stream(0, 0);
        double[] out = new double[1];
        assertThat(ExactLaplaceSamplers.find(plugin).orElseThrow().sample(new double[] {2}, 1, rng, out))
                .isEqualTo(1);
        assertThat(out[0]).isNotEqualTo(2.0);
    }

    /** A plugin-style geometry (the real line) that implements the sampler itself. */
    private static final class SelfSamplingLine extends TestLine implements ExactLaplaceSampler {
        private final EuclideanLaplace laplace = new EuclideanLaplace();

        @Override
        public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
            laplace.sample(center, sigma, rng, out);
            return 1;
        }
    }
}
