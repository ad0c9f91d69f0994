package dev.manifolddp.estimators;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Reads {@code oracles/geomstats_frechet_mean.json} (copied from /work/shared/oracles; see its README). */
final class FrechetOracle {

    private FrechetOracle() {
    }

    static JsonNode caseById(String id) {
        for (JsonNode node : root().get("cases")) {
            if (node.get("id").asText().equals(id)) {
                return node;
            }
        }
        throw new AssertionError("no oracle case " + id);
    }

    static JsonNode root() {
        try (InputStream in = FrechetOracle.class.getResourceAsStream("/oracles/geomstats_frechet_mean.json")) {
            if (in == null) {
                throw new AssertionError("missing test resource oracles/geomstats_frechet_mean.json");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A nested array flattened row-major: a k x k matrix or a k x 2 landmark matrix becomes one point. */
    static double[] flat(JsonNode node) {
        List<Double> values = new ArrayList<>();
        collect(node, values);
        double[] out = new double[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }

    /** The outer array as points, each flattened. */
    static double[][] points(JsonNode node) {
        double[][] out = new double[node.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = flat(node.get(i));
        }
        return out;
    }

    private static void collect(JsonNode node, List<Double> values) {
        if (node.isArray()) {
            for (JsonNode child : node) {
                collect(child, values);
            }
        } else {
            values.add(node.asDouble());
        }
    }
}
