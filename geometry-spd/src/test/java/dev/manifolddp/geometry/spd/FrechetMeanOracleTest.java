package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.manifolddp.geometry.Oracle;
import org.junit.jupiter.api.Test;

/** The SPD cases of {@code geomstats_frechet_mean.json}: closed-form log-Euclidean mean, affine Karcher mean. */
class FrechetMeanOracleTest {

    private static final JsonNode ROOT = Oracle.load("oracles/geomstats_frechet_mean.json");

    @Test
    void logEuclideanClosedFormMeanMatchesTheOracle() {
        JsonNode c = find("FM-SPD3-logeuclid-n30");
        LogEuclideanSpd g = new LogEuclideanSpd(3);
        double[][] points = points(c);
        double[] mean = g.mean(points);
        assertThat(Oracle.scaledError(mean, Oracle.flat(c.get("closed_form").get("estimate")))).isLessThan(1e-12);
        assertThat(meanSquaredDistance(g, mean, points))
                .isCloseTo(c.get("closed_form").get("mean_sq_dist").asDouble(), within(1e-12));
    }

    @Test
    void affineInvariantReferenceMeanZeroesTheGradient() {
        JsonNode c = find("FM-SPD2-affine-n30");
        AffineInvariantSpd g = new AffineInvariantSpd(2);
        double[][] points = points(c);
        double[] reference = Oracle.flat(c.get("reference_mean"));
        double[] gradient = new double[reference.length];
        double[] log = new double[reference.length];
        for (double[] x : points) {
            g.log(reference, x, log);
            for (int i = 0; i < log.length; i++) {
                gradient[i] += log[i] / points.length;
            }
        }
        assertThat(g.norm(reference, gradient)).isLessThan(1e-13);
        assertThat(meanSquaredDistance(g, reference, points))
                .isCloseTo(c.get("independent_numpy").get("mean_sq_dist").asDouble(), within(1e-12));
    }

    private static double meanSquaredDistance(SpdGeometry g, double[] m, double[][] points) {
        double sum = 0;
        for (double[] x : points) {
            double d = g.distance(m, x);
            sum += d * d;
        }
        return sum / points.length;
    }

    private static double[][] points(JsonNode c) {
        JsonNode list = c.get("points");
        double[][] points = new double[list.size()][];
        for (int i = 0; i < points.length; i++) {
            points[i] = Oracle.flat(list.get(i));
        }
        return points;
    }

    private static JsonNode find(String id) {
        for (JsonNode c : ROOT.get("cases")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new IllegalStateException("oracle case not found: " + id);
    }
}
