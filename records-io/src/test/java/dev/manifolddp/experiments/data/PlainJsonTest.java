package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainJson} writes what jackson-databind's object mapper with INDENT_OUTPUT writes for the same plain values
 * (after the non-finite numbers become null, as the release files have always been written), byte for byte, and
 * refuses a value of another type instead of writing it another way.
 */
class PlainJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The object mapper's bytes, non-finite numbers as null: how ReleaseJson wrote every file before. */
    private static byte[] mapped(Object root) throws Exception {
        return MAPPER.writeValueAsBytes(finite(MAPPER.valueToTree(root)));
    }

    private static JsonNode finite(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.fieldNames().forEachRemaining(name -> object.set(name, finite(object.get(name))));
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, finite(array.get(i)));
            }
        }
        return node.isNumber() && !Double.isFinite(node.asDouble()) ? NullNode.getInstance() : node;
    }

    @Test
    void aReleaseLikeTreeIsTheObjectMappersBytes() throws Exception {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("guarantee", "pure");
        root.put("text", "quotes \" and \\ and \n and \u00e9 and \u2603 and \u0001");
        root.put("value", new double[] {0.1, -2.5e-300, 1e300, Double.MIN_VALUE, -0.0, 0.0, 12345678901234567.0});
        root.put("nan", Double.NaN);
        root.put("infinities", new double[] {Double.POSITIVE_INFINITY, 1, Double.NEGATIVE_INFINITY});
        root.put("float", 0.1f);
        root.put("int", 42);
        root.put("long", 1L << 60);
        root.put("short", (short) -7);
        root.put("bigInteger", new BigInteger("123456789012345678901234567890"));
        root.put("flag", true);
        root.put("none", null);
        root.put("unit", TimeUnit.SECONDS);
        root.put("empty", Map.of());
        root.put("emptyList", List.of());
        root.put("ints", new int[] {1, -2, 3});
        root.put("longs", new long[] {Long.MAX_VALUE});
        root.put("strings", new String[] {"a", null, "c"});
        root.put("set", new LinkedHashSet<>(List.of("z", "y")));
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("list", List.of(1, 2.5, "x", List.of(), Map.of("k", false)));
        nested.put("deeper", Map.of("a", Map.of("b", new double[0])));
        root.put("nested", nested);
        assertThat(new String(PlainJson.write(root).orElseThrow(), "UTF-8")).isEqualTo(new String(mapped(root),
                "UTF-8"));
    }

    @Test
    void randomDoublesAreWrittenAsTheObjectMapperWritesThem() throws Exception {
        Random random = new Random(26);
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 20000; i++) {
            values.add(Double.longBitsToDouble(random.nextLong()));
            values.add(random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20));
        }
        Map<String, Object> root = Map.of("values", values);
        assertThat(PlainJson.write(root).orElseThrow()).isEqualTo(mapped(root));
    }

    @Test
    void aValueOfAnotherTypeIsRefusedNotWrittenAnotherWay() {
        assertThat(PlainJson.write(Map.of("path", Path.of("x")))).isEmpty();
        assertThat(PlainJson.write(List.of(new Object()))).isEmpty();
        assertThat(PlainJson.write(Map.of(1, "non-text key"))).isEmpty();
        assertThat(PlainJson.write(Map.of("byte", (byte) 1))).isEmpty();
        // the mapper writes 1.50 as 1.5: left to it
        assertThat(PlainJson.write(Map.of("decimal", new BigDecimal("1.50")))).isEmpty();
    }
}
