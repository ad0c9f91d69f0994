package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.manifolddp.geometry.Oracle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of {@code geomstats_spd.json} (SPD(2), SPD(3), SPD(5)) against the independent mpmath {@code exact}
 * values: scaled error {@code max|actual - exact| / max(1, max|exact|)} below 1e-9, or 1e-6 for cases labelled
 * {@code ill_conditioned} (condition number 1e4).
 */
class SpdOracleTest {

    private static final JsonNode ROOT = Oracle.load("oracles/geomstats_spd.json");

    @TestFactory
    List<DynamicTest> affineInvariantMatchesTheOracle() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode manifold : ROOT.get("manifolds")) {
            AffineInvariantSpd g = new AffineInvariantSpd(manifold.get("n").asInt());
            JsonNode block = manifold.get("affine_invariant");
            String name = manifold.get("name").asText() + " affine-invariant ";
            tests.add(group(name + "exp", block.get("exp"),
                    c -> g.exp(flat(c, "base_point"), flat(c, "tangent_vec"))));
            tests.add(group(name + "log", block.get("log"),
                    c -> g.log(flat(c, "base_point"), flat(c, "point"))));
            tests.add(group(name + "dist", block.get("dist"),
                    c -> new double[] {g.distance(flat(c, "point_a"), flat(c, "point_b"))}));
            tests.add(group(name + "parallel_transport", block.get("parallel_transport"),
                    c -> g.transport(flat(c, "base_point"), flat(c, "end_point"), flat(c, "tangent_vec"))));
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> logEuclideanMatchesTheOracle() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode manifold : ROOT.get("manifolds")) {
            LogEuclideanSpd g = new LogEuclideanSpd(manifold.get("n").asInt());
            JsonNode block = manifold.get("log_euclidean");
            String name = manifold.get("name").asText() + " log-Euclidean ";
            tests.add(group(name + "exp", block.get("exp"),
                    c -> g.exp(flat(c, "base_point"), flat(c, "tangent_vec"))));
            tests.add(group(name + "log", block.get("log"),
                    c -> g.log(flat(c, "base_point"), flat(c, "point"))));
            tests.add(group(name + "dist", block.get("dist"),
                    c -> new double[] {g.distance(flat(c, "point_a"), flat(c, "point_b"))}));
        }
        return tests;
    }

    private static DynamicTest group(String name, JsonNode cases, Function<JsonNode, double[]> compute) {
        return DynamicTest.dynamicTest(name + " (" + cases.size() + " cases)", () -> {
            assertThat(cases.size()).isPositive();
            double worst = 0;
            double worstIll = 0;
            List<String> failures = new ArrayList<>();
            for (JsonNode c : cases) {
                double[] actual = compute.apply(c);
                double error = Oracle.scaledError(actual, Oracle.flat(c.get("exact")));
                boolean ill = Oracle.illConditioned(c);
                double tolerance = ill ? 1e-6 : 1e-9;
                if (ill) {
                    worstIll = Math.max(worstIll, error);
                } else {
                    worst = Math.max(worst, error);
                }
                if (!(error <= tolerance)) {
                    failures.add(String.format(Locale.ROOT, "%s (%s): scaled error %.3g > %.0e",
                            c.get("id").asText(), c.get("label").asText(), error, tolerance));
                }
            }
            System.out.printf(Locale.ROOT, "oracle %-40s worst scaled error %.2e (ill-conditioned %.2e)%n", name,
                    worst, worstIll);
            assertThat(failures).as(name).isEmpty();
        });
    }

    private static double[] flat(JsonNode testCase, String field) {
        return Oracle.flat(testCase.get(field));
    }
}
