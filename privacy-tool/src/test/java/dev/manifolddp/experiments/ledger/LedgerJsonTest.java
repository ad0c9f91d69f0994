package dev.manifolddp.experiments.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link LedgerJson} reads, builds and writes the ledger's trees as jackson-databind's object mapper does: the same node
 * types, the same entry objects, the same bytes, and the same line and column for text that is not JSON.
 */
class LedgerJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private static LedgerEntry entry(Double rho, List<String> selection) {
        return new LedgerEntry("2026-11-28T22:45:29Z", "kng", 0.5, 1e-6, "mcmc", "one subject \"quoted\" \u00e9",
                3, true, LedgerEntry.eventOf("mcmc", 1e-6, rho), rho, false, null, selection == null ? null : "site",
                selection);
    }

    @Test
    void anEntryIsTheTreeTheObjectMapperMakesOfTheRecord() {
        for (LedgerEntry entry : List.of(entry(null, null), entry(0.125, List.of("a", "b")), entry(1e-300, List.of()))) {
            JsonNode mine = LedgerJson.entry(entry);
            assertThat(mine).isEqualTo(MAPPER.valueToTree(entry));
            assertThat(LedgerJson.write(mine)).isEqualTo(bytes(MAPPER.valueToTree(entry)));
        }
    }

    @Test
    void aLedgerReadsAndWritesAsTheObjectMapperReadsAndWritesIt() throws Exception {
        ObjectNode root = LedgerJson.object();
        root.put("format", BudgetLedger.FORMAT);
        ObjectNode account = root.putObject("datasets").putObject("content:abc");
        account.putNull("declared");
        ObjectNode total = account.putObject("total");
        total.put("epsilon", 2.0);
        total.put("delta", 1e-5);
        ArrayNode releases = account.putArray("releases");
        Random random = new Random(26);
        for (int i = 0; i < 200; i++) {
            releases.add(LedgerJson.entry(entry(random.nextBoolean() ? null : random.nextDouble()
                    * Math.pow(10, random.nextInt(20) - 10), List.of("x" + i))));
        }
        releases.addArray().add(7).add(1L << 40).add(new java.math.BigInteger("123456789012345678901234567890"))
                .add(-0.0).add(Double.MIN_VALUE).add("").addNull().add(true);
        account.put("file", "/tmp/data \u2603.csv");
        byte[] written = LedgerJson.write(root);
        assertThat(written).isEqualTo(bytes(root));
        String text = new String(written, java.nio.charset.StandardCharsets.UTF_8);
        JsonNode read = LedgerJson.read(text);
        JsonNode mapped = MAPPER.readTree(text);
        assertThat(read).isEqualTo(mapped);
        // the same node types, not only equal values (an int read as a long would print the same but compare apart)
        assertThat(read.toString()).isEqualTo(mapped.toString());
        assertThat(LedgerJson.write(read)).isEqualTo(written);
        assertThat(LedgerJson.read("")).isNull();
        assertThat(MAPPER.readTree("").isObject()).isFalse();
    }

    @Test
    void textThatIsNotJsonFailsAtTheObjectMappersLineAndColumn() {
        for (String bad : List.of("{\"format\": }", "{\n  \"a\": [1, 2,,]\n}", "{\"a\": 1", "nonsense", "{\"a\" 1}")) {
            JsonProcessingException mine = catchThrowableOfType(() -> LedgerJson.read(bad),
                    JsonProcessingException.class);
            JsonProcessingException mapped = catchThrowableOfType(() -> MAPPER.readTree(bad),
                    JsonProcessingException.class);
            assertThat(mine).as(bad).isNotNull();
            assertThat(mine.getLocation().getLineNr()).as(bad).isEqualTo(mapped.getLocation().getLineNr());
            assertThat(mine.getLocation().getColumnNr()).as(bad).isEqualTo(mapped.getLocation().getColumnNr());
        }
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }
}
