package dev.manifolddp.sampling.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code noisy-geodesic}: records {@code [y..., x]} with covariates on the public range, responses on the true
 * geodesic without noise, in the public ball always (pulled back and counted when the noise carries them out), and
 * the provider's refusals name the parameter.
 */
class NoisyGeodesicGeneratorTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    private static final double R = Math.PI / 8;

    private static Map<String, String> parameters(String noise) {
        double[] footpoint = SPHERE.exp(new double[] {0, 0, 1}, new double[] {-0.1, 0.05, 0});
        double[] velocity = SPHERE.projectToTangent(footpoint, new double[] {0.25, 0.05, 0});
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("center", "0,0,1");
        parameters.put("radius", Double.toString(R));
        parameters.put("covariate-low", "0");
        parameters.put("covariate-high", "1");
        parameters.put("footpoint", footpoint[0] + "," + footpoint[1] + "," + footpoint[2]);
        parameters.put("velocity", velocity[0] + "," + velocity[1] + "," + velocity[2]);
        parameters.put("noise", noise);
        return parameters;
    }

    @Test
    void withoutNoiseTheResponsesLieOnTheTrueGeodesicAtTheirCovariates() {
        Map<String, String> parameters = parameters("0");
        GeneratedData data = new NoisyGeodesicGeneratorProvider().create(SPHERE, parameters)
                .generate(200, RandomStreams.seeded(5).stream(0, 0));
        double[] footpoint = numbers(parameters.get("footpoint"));
        double[] velocity = numbers(parameters.get("velocity"));
        assertThat(data.center()).containsExactly(0, 0, 1);
        assertThat(data.radius()).isEqualTo(R);
        for (double[] record : data.points()) {
            assertThat(record).hasSize(4);
            double x = record[3];
            assertThat(x).isBetween(0.0, 1.0);
            double[] onCurve = SPHERE.exp(footpoint, new double[] {x * velocity[0], x * velocity[1],
                    x * velocity[2]});
            assertThat(SPHERE.distance(onCurve, new double[] {record[0], record[1], record[2]})).isLessThan(1e-12);
        }
    }

    @Test
    void noisyResponsesStayInThePublicBallAndTheDrawIsTheColumnsOfTheRecords() {
        NoisyGeodesicGenerator generator = (NoisyGeodesicGenerator) new NoisyGeodesicGeneratorProvider()
                .create(SPHERE, parameters("0.1"));
        GeneratedData data = generator.generate(500, RandomStreams.seeded(6).stream(0, 0));
        NoisyGeodesicGenerator.Draw draw = generator.draw(500, 0.1, RandomStreams.seeded(6).stream(0, 0));
        assertThat(draw.clipped()).as("noise 0.1 carries some responses out").isPositive();
        for (int i = 0; i < 500; i++) {
            double[] record = data.points()[i];
            double[] y = {record[0], record[1], record[2]};
            assertThat(SPHERE.distance(new double[] {0, 0, 1}, y)).isLessThanOrEqualTo(R);
            assertThat(y).containsExactly(draw.responses()[i]);
            assertThat(record[3]).isEqualTo(draw.covariates()[i]);
        }
    }

    @Test
    void refusalsNameTheParameter() {
        NoisyGeodesicGeneratorProvider provider = new NoisyGeodesicGeneratorProvider();
        Map<String, String> notTangent = parameters("0");
        notTangent.put("velocity", "0,0,1");
        assertThatThrownBy(() -> provider.create(SPHERE, notTangent))
                .hasMessageContaining("parameter 'velocity'").hasMessageContaining("not a tangent vector");
        Map<String, String> emptyRange = parameters("0");
        emptyRange.put("covariate-high", "0");
        assertThatThrownBy(() -> provider.create(SPHERE, emptyRange))
                .hasMessageContaining("parameter 'covariate-high' must exceed covariate-low");
        Map<String, String> offSphere = parameters("0");
        offSphere.put("footpoint", "0,0,2");
        assertThatThrownBy(() -> provider.create(SPHERE, offSphere)).hasMessageContaining("parameter 'footpoint'");
        Map<String, String> negative = parameters("-1");
        assertThatThrownBy(() -> provider.create(SPHERE, negative)).hasMessageContaining("'noise'");
    }

    private static double[] numbers(String text) {
        String[] parts = text.split(",");
        return new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), Double.parseDouble(parts[2])};
    }
}
