package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class FrechetMeanEstimatorProviderTest {

    private static EstimatorProvider provider() {
        List<EstimatorProvider> found = ServiceLoader.load(EstimatorProvider.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        assertThat(found).extracting(EstimatorProvider::name).containsExactly("frechet-mean", "frechet-median", "frechet-variance", "tangent-pca",
                "geodesic-regression");
        return found.get(0);
    }

    @Test
    void defaultsAreThePapers() {
        assertThat(provider().parameters()).extracting(p -> p.name() + "=" + p.defaultValue())
                .containsExactly("step=0.5", "tolerance=1.0E-5", "max-iterations=500", "stop-rule=gradient-norm",
                        "method=auto");
    }

    @Test
    void estimatesTheMeanOfSymmetricPoints() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double s = Math.sin(0.3);
        double c = Math.cos(0.3);
        double[][] data = {{s, 0, c}, {-s, 0, c}, {0, s, c}, {0, -s, c}};
        double[] mean = provider().create(Map.of("tolerance", "1e-12", "max-iterations", "1000"))
                .estimate(sphere, data);
        assertThat(mean[0]).isCloseTo(0, org.assertj.core.data.Offset.offset(1e-10));
        assertThat(mean[1]).isCloseTo(0, org.assertj.core.data.Offset.offset(1e-10));
        assertThat(mean[2]).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-10));
    }

    @Test
    void badParametersNameTheParameter() {
        assertThatThrownBy(() -> provider().create(Map.of("step", "2")))
                .hasMessageContaining("step must be in (0, 1]");
        assertThatThrownBy(() -> provider().create(Map.of("tol", "1")))
                .hasMessageContaining("no parameter 'tol'").hasMessageContaining("max-iterations");
        assertThatThrownBy(() -> provider().create(Map.of("stop-rule", "never")))
                .hasMessageContaining("stop-rule");
    }

    @Test
    void anUnconvergedMeanIsAnError() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[][] data = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        assertThatThrownBy(() -> provider().create(Map.of("max-iterations", "1", "tolerance", "1e-15"))
                .estimate(sphere, data)).isInstanceOf(IllegalStateException.class).hasMessageContaining("converge");
    }
}
