package dev.manifolddp.sampling.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code cap-mixture}: the stated number of outliers where they were put, the clean records in their cap, refusals. */
class CapMixtureGeneratorTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    private static final String FAR = Math.sin(0.38) + ",0," + Math.cos(0.38);

    private static Map<String, String> parameters(String fraction) {
        Map<String, String> parameters = new HashMap<>(Map.of("center", "0,0,1", "radius", "0.39269908",
                "clean-radius", "0.2", "outlier-center", FAR, "fraction", fraction));
        return parameters;
    }

    private static DataGenerator create(Map<String, String> parameters) {
        return new CapMixtureGeneratorProvider().create(SPHERE, parameters);
    }

    @Test
    void roundFnOutliersSitAtTheirCentreAndTheOthersInTheCleanCap() {
        double[] far = {Math.sin(0.38), 0, Math.cos(0.38)};
        for (int n : new int[] {1, 7, 100, 333}) {
            GeneratedData data = create(parameters("0.1")).generate(n, RandomStreams.seeded(5).stream(0, 0));
            assertThat(data.points().length).isEqualTo(n);
            assertThat(data.center()).containsExactly(0, 0, 1);
            assertThat(data.radius()).isEqualTo(0.39269908);
            int outliers = 0;
            for (double[] x : data.points()) {
                double fromCentre = SPHERE.distance(data.center(), x);
                if (SPHERE.distance(far, x) < 1e-12) {
                    outliers++;
                    assertThat(fromCentre).isCloseTo(0.38, within(1e-12));
                } else {
                    assertThat(fromCentre).isLessThanOrEqualTo(0.2 + 1e-12);
                }
            }
            assertThat(outliers).as("n = %d", n).isEqualTo((int) Math.round(0.1 * n));
        }
        // no contamination: the clean cap alone
        GeneratedData clean = create(parameters("0")).generate(50, RandomStreams.seeded(5).stream(0, 0));
        for (double[] x : clean.points()) {
            assertThat(SPHERE.distance(clean.center(), x)).isLessThanOrEqualTo(0.2 + 1e-12);
        }
    }

    @Test
    void anOutlierCapIsDrawnAboutItsCentre() {
        Map<String, String> parameters = parameters("0.2");
        parameters.put("outlier-radius", "0.01");
        GeneratedData data = create(parameters).generate(100, RandomStreams.seeded(6).stream(0, 0));
        double[] far = {Math.sin(0.38), 0, Math.cos(0.38)};
        long near = java.util.Arrays.stream(data.points()).filter(x -> SPHERE.distance(far, x) <= 0.01 + 1e-12)
                .count();
        assertThat(near).isEqualTo(20);
    }

    @Test
    void refusesCapsOutsideTheBallAndAMajorityOfOutliers() {
        Map<String, String> wide = parameters("0.1");
        wide.put("outlier-radius", "0.1");
        assertThatThrownBy(() -> create(wide)).hasMessageContaining("beyond the public ball's radius")
                .hasMessageContaining("outlier-radius 0.1");
        Map<String, String> clean = parameters("0.1");
        clean.put("clean-radius", "0.5");
        assertThatThrownBy(() -> create(clean)).hasMessageContaining("'clean-radius' must not exceed");
        assertThatThrownBy(() -> create(parameters("0.5"))).hasMessageContaining("'fraction' must be below 0.5");
        assertThatThrownBy(() -> create(parameters("-0.1"))).hasMessageContaining("'fraction'");
        Map<String, String> missing = parameters("0.1");
        missing.remove("outlier-center");
        assertThatThrownBy(() -> create(missing)).hasMessageContaining("outlier-center");
    }
}
