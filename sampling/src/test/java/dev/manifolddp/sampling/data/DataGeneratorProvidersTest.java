package dev.manifolddp.sampling.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The providers are found by ServiceLoader and build generators whose data and ball match their parameters. */
class DataGeneratorProvidersTest {

    private static Map<String, DataGeneratorProvider> providers() {
        Map<String, DataGeneratorProvider> byName = new TreeMap<>();
        for (DataGeneratorProvider provider : ServiceLoader.load(DataGeneratorProvider.class)) {
            byName.put(provider.name(), provider);
        }
        return byName;
    }

    @Test
    void serviceLoaderFindsTheFiveGenerators() {
        assertThat(providers()).containsOnlyKeys("sphere-cap", "wishart", "random-spd", "cap-mixture", "noisy-geodesic");
        assertThat(providers().get("sphere-cap").aliases()).containsExactly("geodesic-ball");
    }

    @Test
    void sphereCapTakesACommaJoinedCentre() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        DataGenerator generator = providers().get("sphere-cap").create(sphere,
                Map.of("center", "0, 0, 1", "radius", "0.39269908"));
        GeneratedData data = generator.generate(50, RandomStreams.seeded(3).stream(0, 0));
        assertThat(data.center()).containsExactly(0, 0, 1);
        assertThat(data.radius()).isEqualTo(0.39269908);
        for (double[] x : data.points()) {
            assertThat(sphere.distance(data.center(), x)).isLessThanOrEqualTo(0.39269908 + 1e-12);
        }
    }

    @Test
    void sphereCapRejectsAWrongCentreAndUnknownKeys() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        DataGeneratorProvider provider = providers().get("sphere-cap");
        assertThatThrownBy(() -> provider.create(sphere, Map.of("center", "0,1", "radius", "0.3")))
                .hasMessageContaining("'center' needs 3 comma-separated numbers");
        assertThatThrownBy(() -> provider.create(sphere, Map.of("center", "0,0,1", "radius", "0.3", "size", "3")))
                .hasMessageContaining("no parameter 'size'").hasMessageContaining("center (required)");
    }

    @Test
    void wishartDefaultsAreThePaperSetting() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        GeneratedData data = providers().get("wishart").create(spd, Map.of())
                .generate(20, RandomStreams.seeded(4).stream(0, 0));
        assertThat(data.radius()).isEqualTo(1.5);
        assertThat(data.description()).contains("V = [0.5, 0.0, 0.0, 0.5]").contains("df = 2.0");
        GeneratedData custom = providers().get("wishart").create(spd,
                Map.of("df", "3", "radius", "2", "scale", "1,0,0,1")).generate(5, RandomStreams.seeded(4).stream(1, 0));
        assertThat(custom.radius()).isEqualTo(2.0);
        assertThat(custom.description()).contains("df = 3.0");
    }

    @Test
    void matrixGeneratorsRefuseAVectorGeometry() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        assertThatThrownBy(() -> providers().get("random-spd").create(sphere, Map.of()))
                .hasMessageContaining("k x k symmetric matrices");
    }

    @Test
    void randomSpdBallHasRadiusSqrtKTimesR() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        GeneratedData data = providers().get("random-spd").create(spd, Map.of("r", "0.5"))
                .generate(10, RandomStreams.seeded(5).stream(0, 0));
        assertThat(data.radius()).isEqualTo(Math.sqrt(3) * 0.5);
        for (double[] x : data.points()) {
            assertThat(spd.distance(data.center(), x)).isLessThanOrEqualTo(data.radius() + 1e-12);
        }
    }
}
