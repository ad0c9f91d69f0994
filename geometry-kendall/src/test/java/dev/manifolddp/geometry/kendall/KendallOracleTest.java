package dev.manifolddp.geometry.kendall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.Oracle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of {@code geomstats_kendall.json} (k = 4, 10, 50) against its independent mpmath {@code exact} value,
 * with tolerance {@code 1e-9 * max(1, max|entry|)} ({@code 1e-6} for cases labelled {@code ill_conditioned}).
 */
class KendallOracleTest {

    private static final JsonNode ORACLE = Oracle.load("oracles/geomstats_kendall.json");
    private static final List<String> WORST = new ArrayList<>();

    @TestFactory
    Stream<DynamicTest> preshapeProjection() {
        return group("preshape_projection", (shapes, c) -> Oracle.scaledError(
                shapes.shapes.preshape(Oracle.flat(c.get("configuration"))), Oracle.flat(c.get("exact"))));
    }

    /** Aligned coordinates equal {@code exact}; our counter-clockwise angle is minus geomstats' right-acting one. */
    @TestFactory
    Stream<DynamicTest> align() {
        return group("align", (shapes, c) -> {
            double[] point = Oracle.flat(c.get("point"));
            double[] reference = Oracle.flat(c.get("base_point"));
            double[] exact = Oracle.flat(c.get("exact"));
            double coordinates = Oracle.scaledError(shapes.shapes.align(point, reference), exact);

            // The README's convention, checked on the oracle itself: exact = point @ R(phi'), row-vector action.
            double geomstatsAngle = c.get("exact_angle").asDouble();
            double[] rotation = Oracle.flat(c.get("exact_rotation"));
            assertThat(Oracle.scaledError(rotation, new double[] {Math.cos(geomstatsAngle), -Math.sin(geomstatsAngle),
                    Math.sin(geomstatsAngle), Math.cos(geomstatsAngle)})).isLessThan(1e-15);
            double[] rowAction = new double[point.length];
            for (int j = 0; j < point.length; j += 2) {
                rowAction[j] = point[j] * rotation[0] + point[j + 1] * rotation[2];
                rowAction[j + 1] = point[j] * rotation[1] + point[j + 1] * rotation[3];
            }
            assertThat(Oracle.scaledError(rowAction, exact)).isLessThan(1e-12);
            // ... which is the complex rotation by -phi', the same as our align with phi = -phi'.
            assertThat(Oracle.scaledError(KendallFixtures.rotate(point, -geomstatsAngle), exact)).isLessThan(1e-12);

            double angle = shapes.shapes.alignmentAngle(point, reference);
            double angleError = Math.abs(Math.IEEEremainder(angle + geomstatsAngle, 2 * Math.PI));
            return Math.max(coordinates, angleError);
        });
    }

    @TestFactory
    Stream<DynamicTest> exp() {
        return group("exp", (shapes, c) -> Oracle.scaledError(
                shapes.geometry.exp(Oracle.flat(c.get("base_point")), Oracle.flat(c.get("tangent_vec"))),
                Oracle.flat(c.get("exact"))));
    }

    @TestFactory
    Stream<DynamicTest> log() {
        return group("log", (shapes, c) -> Oracle.scaledError(
                shapes.geometry.log(Oracle.flat(c.get("base_point")), Oracle.flat(c.get("point"))),
                Oracle.flat(c.get("exact"))));
    }

    /** The {@code near_1e-6} cases: geomstats' acos loses digits; {@code exact} is the target. */
    @TestFactory
    Stream<DynamicTest> dist() {
        return group("dist", (shapes, c) -> Oracle.scaledError(
                shapes.geometry.distance(Oracle.flat(c.get("point_a")), Oracle.flat(c.get("point_b"))),
                c.get("exact").asDouble()));
    }

    @AfterAll
    static void reportWorstErrors() {
        WORST.forEach(line -> System.out.println("[kendall oracle] " + line));
    }

    private record Shapes(Geometry geometry, LandmarkShapes shapes) {
    }

    private interface CaseError {
        double error(Shapes shapes, JsonNode testCase);
    }

    private static Stream<DynamicTest> group(String name, CaseError error) {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode block : ORACLE.get("manifolds")) {
            int k = block.get("k_landmarks").asInt();
            Geometry geometry = Geometries.parse("kendall:landmarks=" + k);
            Shapes shapes = new Shapes(geometry, geometry.capability(LandmarkShapes.class).orElseThrow());
            JsonNode cases = block.get(name);
            assertThat(cases.size()).as("%s cases for k = %d", name, k).isPositive();
            double[] worst = {0};
            for (JsonNode c : cases) {
                String id = c.get("id").asText() + " " + c.get("label").asText();
                tests.add(DynamicTest.dynamicTest(String.format("k=%d %s", k, id), () -> {
                    double tolerance = Oracle.illConditioned(c) ? 1e-6 : 1e-9;
                    double e = error.error(shapes, c);
                    worst[0] = Math.max(worst[0], e);
                    assertThat(e).as("scaled error of %s (k = %d)", id, k).isLessThanOrEqualTo(tolerance);
                }));
            }
            tests.add(DynamicTest.dynamicTest(String.format("k=%d %s: worst error", k, name), () -> WORST.add(
                    String.format(Locale.ROOT, "k=%-3d %-20s worst scaled error %.3g", k, name, worst[0]))));
        }
        return tests.stream();
    }
}
