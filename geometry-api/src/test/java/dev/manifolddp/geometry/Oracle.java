package dev.manifolddp.geometry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the geomstats/mpmath reference values (copied from {@code shared/oracles} into test resources) and compares
 * results with magnitude-scaled tolerances, as the oracle README recommends.
 */
public final class Oracle {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Oracle() {
    }

    /** Parses a JSON resource on the test class path. */
    public static JsonNode load(String resource) {
        try (InputStream in = Oracle.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("test resource not found: " + resource);
            }
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Flattens a JSON number, vector, row-major matrix or landmark matrix ({@code k x 2}, which flattens to the
     * interleaved {@code x1, y1, ...} layout) into a {@code double[]}.
     */
    public static double[] flat(JsonNode node) {
        List<Double> values = new ArrayList<>();
        collect(node, values);
        double[] out = new double[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }

    private static void collect(JsonNode node, List<Double> values) {
        if (node.isArray()) {
            for (JsonNode child : node) {
                collect(child, values);
            }
        } else if (node.isNumber()) {
            values.add(Double.parseDouble(node.asText()));
        } else {
            throw new IllegalArgumentException("not a number or an array of numbers: " + node);
        }
    }

    /** {@code max_i |actual_i - expected_i| / max(1, max_i |expected_i|)}. */
    public static double scaledError(double[] actual, double[] expected) {
        if (actual.length != expected.length) {
            throw new IllegalArgumentException("lengths differ: " + actual.length + " vs " + expected.length);
        }
        double scale = 1;
        double worst = 0;
        for (int i = 0; i < actual.length; i++) {
            scale = Math.max(scale, Math.abs(expected[i]));
            worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
        }
        return worst / scale;
    }

    /** The scaled error of two scalars. */
    public static double scaledError(double actual, double expected) {
        return Math.abs(actual - expected) / Math.max(1, Math.abs(expected));
    }

    /** True when the case's label marks it as intrinsically ill-conditioned (looser tolerance applies). */
    public static boolean illConditioned(JsonNode testCase) {
        JsonNode label = testCase.get("label");
        return label != null && label.asText().contains("ill_conditioned");
    }
}
