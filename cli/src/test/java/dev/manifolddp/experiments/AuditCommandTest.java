package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mdp audit}: the output files and their content, flag validation, and no overwriting without --force. */
class AuditCommandTest {

    @TempDir
    Path folder;

    /** Runs an audit with default flags; a flag in {@code extra} replaces its default. */
    private Cli audit(String... extra) {
        String[] defaults = {"--geometry", "spd/log-euclidean:k=2", "--center", "1,0,0,1", "--radius", "0.3", "--n",
            "10", "--epsilon", "1", "--releases", "200", "--directions", "2", "--seed", "3", "--threads", "2"};
        Map<String, String> flags = new LinkedHashMap<>();
        for (int i = 0; i < defaults.length; i += 2) {
            flags.put(defaults[i], defaults[i + 1]);
        }
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < extra.length; i++) {
            if (flags.containsKey(extra[i])) {
                flags.put(extra[i], extra[++i]);
            } else {
                rest.add(extra[i]);
            }
        }
        List<String> args = new ArrayList<>(List.of("audit", "--out", folder.resolve("audit.json").toString()));
        flags.forEach((flag, value) -> args.addAll(List.of(flag, value)));
        args.addAll(rest);
        return Cli.run(args.toArray(String[]::new));
    }

    private static void assertOneLineFailure(Cli cli, String... fragments) {
        assertThat(cli.exit()).as(cli.toString()).isEqualTo(1);
        assertThat(cli.errLines()).as(cli.toString()).hasSize(1);
        assertThat(cli.errLines().get(0)).startsWith("mdp: error: ").contains(fragments);
    }

    @Test
    void auditsSeveralMechanismsAndWritesJsonAndPlot() throws IOException {
        Cli cli = audit("--mechanism", "riemannian-laplace,kng", "--mechanism", "euclidean-laplace", "--param",
                "kng:sampler=exact");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("riemannian-laplace\n").contains("kng [sampler=exact]")
                .contains("euclidean-laplace").contains("claimed   epsilon = 1.0")
                .contains("at 98.33% confidence (95.00% familywise)").contains("verdict   consistent with the claim")
                .contains("failures  none").contains("delta_hat >= 0")
                .contains("wrote ");
        assertThat(folder.resolve("audit.png")).isNotEmptyFile();
        JsonNode json = new ObjectMapper().readTree(folder.resolve("audit.json").toFile());
        assertThat(json.get("confidence").asDouble()).isEqualTo(0.95);
        assertThat(json.get("claimedBudget").get("epsilon").asDouble()).isEqualTo(1.0);
        assertThat(json.get("claimedBudget").get("delta").asDouble()).isZero();
        assertThat(json.get("n").asInt()).isEqualTo(10);
        assertThat(json.get("seed").asLong()).isEqualTo(3);
        assertThat(json.get("releasesPerDataSet").asInt()).isEqualTo(200);
        assertThat(json.get("measurementReleases").asInt()).isEqualTo(100);
        assertThat(json.get("randomSource").asText()).contains("seed=3");
        // two directions, each on the boundary and at the admitted slack
        assertThat(json.get("dataSets")).hasSize(4);
        assertThat(json.get("dataSets").get(0).get("placement").asText()).isEqualTo("boundary");
        assertThat(json.get("dataSets").get(1).get("placement").asText()).isEqualTo("slack");
        assertThat(json.get("dataSets").get(1).get("nearDistance").asDouble()).isGreaterThan(0.3);
        assertThat(json.get("dataSets").get(0).get("near")).hasSize(4);
        assertThat(json.get("dataSets").get(0).get("far")).hasSize(4);
        JsonNode mechanisms = json.get("mechanisms");
        assertThat(mechanisms).hasSize(3);
        double largest = 0;
        for (JsonNode m : mechanisms) {
            double bound = m.get("epsilonLowerBound").asDouble();
            largest = Math.max(largest, bound);
            assertThat(bound).isBetween(0.0, 1.0);
            assertThat(m.get("confidence").asDouble()).isEqualTo(1 - 0.05 / 3, org.assertj.core.data.Offset.offset(
                    1e-12));
            assertThat(m.get("violation").asBoolean()).isFalse();
            JsonNode counts = m.get("measurement");
            assertThat(counts.get("releases").asInt()).isEqualTo(100);
            assertThat(counts.get("inEvent").asInt()).isBetween(0, 100);
            assertThat(counts.get("alphaEachSide").asDouble()).isCloseTo(0.05 / 6, org.assertj.core.data.Offset
                    .offset(1e-12));
            assertThat(m.get("event").get("outcome").asText()).isIn("released value", "release failed");
            assertThat(m.get("deltaLowerBound").asDouble()).isBetween(0.0, 1e-10);
            assertThat(m.get("failures").get("onD").asLong()).isZero();
            assertThat(m.get("failures").get("onDPrime").asLong()).isZero();
            assertThat(m.get("failures").get("releasesPerRole").asLong()).isEqualTo(4 * 200);
            assertThat(m.get("failures").get("byPair")).hasSize(4);
        }
        assertThat(mechanisms.get(1).get("parameters").get("sampler").asText()).isEqualTo("exact");
        assertThat(mechanisms.get(0).get("parameters")).isEmpty();
        assertThat(json.get("epsilonLowerBound").asDouble()).isEqualTo(largest);
        assertThat(json.get("limitations")).isNotEmpty();
    }

    @Test
    void refusesToOverwriteWithoutForce() throws IOException {
        Files.writeString(folder.resolve("audit.json"), "keep me");
        Cli refused = audit("--mechanism", "riemannian-laplace");
        assertOneLineFailure(refused, "--out", "already exists", "--force");
        assertThat(Files.readString(folder.resolve("audit.json"))).isEqualTo("keep me");
        Files.delete(folder.resolve("audit.json"));
        Files.writeString(folder.resolve("audit.png"), "keep me too");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace"), "audit.png", "already exists");
        Cli forced = audit("--mechanism", "riemannian-laplace", "--force");
        assertThat(forced.exit()).as(forced.toString()).isZero();
        assertThat(Files.readString(folder.resolve("audit.json"))).contains("epsilonLowerBound");
    }

    @Test
    void catchesAPlantedFaultAndSaysSo() throws IOException {
        Cli cli = audit("--mechanism", "riemannian-laplace", "--param", "sigma-rule=scaled:0.1", "--releases",
                "1000");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("VIOLATION: the mechanism spends more than claimed");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("audit.json").toFile());
        assertThat(json.get("anyViolation").asBoolean()).isTrue();
        assertThat(json.get("epsilonLowerBound").asDouble()).isGreaterThan(1.0);
    }

    @Test
    void badFlagsFailWithOneLineNamingTheFlag() {
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--epsilon", "-1"), "--epsilon",
                "Provided value: -1");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--delta", "1.5"), "--delta",
                "Provided value: 1.5");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--releases", "5"), "--releases",
                "Provided value: 5");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--n", "0"), "--n", "Provided value: 0");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--radius", "-2"), "--radius");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--confidence", "1"), "--confidence");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--directions", "0"), "--directions");
        assertOneLineFailure(audit("--mechanism", "no-such-mechanism"), "--mechanism", "no-such-mechanism",
                "riemannian-laplace");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--param", "kng:sampler=exact"),
                "--param kng:sampler", "not an audited mechanism");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--param", "colour=blue"), "--param",
                "colour");
        assertOneLineFailure(audit("--mechanism", "riemannian-laplace", "--center", "1,0,0"), "--center");
        assertThat(folder.resolve("audit.json")).doesNotExist();
        Cli missing = Cli.run("audit", "--geometry", "sphere:d=2");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("--mechanism");
    }
}
