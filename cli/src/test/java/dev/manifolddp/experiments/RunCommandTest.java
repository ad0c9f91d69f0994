package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tiny configurations run end to end through {@code mdp run}; their outputs are read back and checked. */
class RunCommandTest {

    @TempDir
    Path folder;

    private Path run(String yaml, String out, String... extra) {
        Path config = Configs.write(folder, out + ".yaml", yaml);
        Path results = folder.resolve(out);
        String[] args = new String[4 + extra.length];
        args[0] = "run";
        args[1] = config.toString();
        args[2] = "--out";
        args[3] = results.toString();
        System.arraycopy(extra, 0, args, 4, extra.length);
        Cli cli = Cli.run(args);
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("done in").contains("replicates.csv");
        return results;
    }

    @Test
    void sphereRunWritesEveryOutput() throws IOException {
        Path results = run(Configs.tinySphere(6, 2), "sphere");
        assertThat(results.resolve("replicates.csv")).exists();
        assertThat(results.resolve("summary.csv")).exists();
        assertThat(results.resolve("summary.md")).exists();
        assertThat(results.resolve("run.json")).exists();
        assertThat(results.resolve("geodesic-distance.png")).exists().isNotEmptyFile();
        assertThat(results.resolve("ambient-distance.png")).exists().isNotEmptyFile();

        List<String> replicates = Files.readAllLines(results.resolve("replicates.csv"));
        assertThat(replicates.get(0)).isEqualTo("n,epsilon,mechanism,replicate,geodesic-distance,ambient-distance,"
                + "sigma,sensitivity,sampler,acceptance_rate,proposals");
        assertThat(replicates).hasSize(1 + 2 * 6 * 4);
        assertThat(replicates.get(1)).startsWith("10,1.0,kng,0,");
        String kng = replicates.get(1);
        assertThat(kng.split(",", -1)[8]).isEqualTo("mcmc");
        assertThat(kng.split(",", -1)[9]).isNotEmpty();

        List<String> summary = Files.readAllLines(results.resolve("summary.csv"));
        assertThat(summary).hasSize(1 + 2 * 4);
        assertThat(summary.get(0)).startsWith("n,epsilon,mechanism,replicates,geodesic-distance_mean,"
                + "geodesic-distance_se,geodesic-distance_lower,geodesic-distance_upper,geodesic-distance_count,");
        for (String line : summary.subList(1, summary.size())) {
            String[] fields = line.split(",", -1);
            assertThat(fields[3]).isEqualTo("6");
            for (int i = 4; i < fields.length; i++) {
                assertThat(Double.parseDouble(fields[i])).as(line).isFinite();
            }
        }

        JsonNode run = new ObjectMapper().readTree(results.resolve("run.json").toFile());
        assertThat(run.get("name").asText()).isEqualTo("tiny-sphere");
        assertThat(run.get("reproduces").asText()).contains("Fig. 1 left");
        assertThat(run.get("seed").asLong()).isEqualTo(11);
        assertThat(run.get("streams").asText()).contains("c*(M+1)").contains("seed=11");
        assertThat(run.get("versions").get("java").asText()).isNotEmpty();
        assertThat(run.get("versions").get("manifolddp").asText()).isNotEqualTo("unknown");
        assertThat(run.get("configuration").get("mechanisms")).hasSize(4);
        assertThat(run.get("privacy")).hasSize(2 * 4);
        JsonNode first = run.get("privacy").get(0);
        assertThat(first.get("mechanism").asText()).isEqualTo("kng");
        assertThat(first.get("budget").get("epsilon").asDouble()).isEqualTo(1.0);
        assertThat(first.get("sensitivity").get("mean").asDouble()).isPositive();
        assertThat(first.get("sigma").get("mean").asDouble()).isPositive();
        assertThat(first.get("sigmaRule").asText()).isEqualTo("proven");
        assertThat(first.get("sampler").get("method").asText()).isEqualTo("mcmc");
        assertThat(first.get("sampler").get("meanAcceptanceRate").asDouble()).isBetween(0.0, 1.0);
        assertThat(run.get("wallSeconds").asDouble()).isPositive();
        assertThat(run.get("deviations").toString()).contains("short KNG chains for a test")
                .contains("Metropolis-Hastings");
        // the unprojected Euclidean releases are off the sphere: measured after projection, and counted
        JsonNode euclidean = run.get("privacy").get(2);
        assertThat(euclidean.get("mechanism").asText()).isEqualTo("euclidean-laplace");
        assertThat(euclidean.get("utilityNotes").get("geodesic-distance").get("projected").asLong()).isEqualTo(6);

        String md = Files.readString(results.resolve("summary.md"));
        assertThat(md).contains("# tiny-sphere").contains("Reproduces: Soto et al. 2022, Fig. 1 left (tiny)")
                .contains("![geodesic-distance.png](geodesic-distance.png)")
                .contains("| n | epsilon | mechanism | geodesic-distance | ambient-distance |")
                .contains("- short KNG chains for a test")
                .contains("geodesic-distance of euclidean-laplace: 12 of 12 releases were off the manifold");
    }

    @Test
    void outputsDoNotDependOnTheThreadCount() throws IOException {
        String one = Files.readString(run(Configs.tinySphere(5, 1), "one").resolve("replicates.csv"));
        String three = Files.readString(run(Configs.tinySphere(5, 3), "three").resolve("replicates.csv"));
        assertThat(three).isEqualTo(one);
        String override = Files.readString(run(Configs.tinySphere(5, 1), "override", "--threads", "2")
                .resolve("replicates.csv"));
        assertThat(override).isEqualTo(one);
    }

    @Test
    void scaleMultipliesReplicatesAndIsADeviation() throws IOException {
        Path results = run(Configs.tinySphere(10, 2), "scaled", "--scale", "0.3", "--quiet");
        assertThat(Files.readAllLines(results.resolve("replicates.csv"))).hasSize(1 + 2 * 3 * 4);
        JsonNode run = new ObjectMapper().readTree(results.resolve("run.json").toFile());
        assertThat(run.get("replicates").get("perCell").asInt()).isEqualTo(3);
        assertThat(Files.readString(results.resolve("summary.md"))).contains("--scale 0.3: 3 replicates per cell "
                + "instead of the configured 10");
        Path tiny = run(Configs.tinySphere(10, 2), "tiny", "--scale", "0.001");
        assertThat(Files.readAllLines(tiny.resolve("replicates.csv"))).hasSize(1 + 2 * 4);
    }

    @Test
    void spdSweepOverKWithPaperSigmaRuleIsReported() throws IOException {
        String spd = """
                name: spd-k
                reproduces: "Utpala et al. 2023, Fig. 1 (tiny)"
                seed: 3
                replicates: 4
                geometry: spd/log-euclidean:k={k}
                data: { generator: random-spd, r: 0.25 }
                sweep: { k: [2, 3], n: [50], epsilon: [0.5], delta: [1e-6] }
                mechanisms:
                  - { name: tangent-gaussian, label: analytic, params: { calibration: analytic } }
                  - { name: tangent-gaussian, label: classical, params: { calibration: classical } }
                  - { name: extrinsic-gaussian }
                utility: [geodesic-distance, squared-geodesic-distance, vech-distance]
                plot: { log-y: true }
                """;
        Path results = run(spd, "spd");
        List<String> summary = Files.readAllLines(results.resolve("summary.csv"));
        assertThat(summary).hasSize(1 + 2 * 3);
        assertThat(summary.get(1)).startsWith("2,50,0.5,1e-6,analytic,4,");
        assertThat(results.resolve("geodesic-distance.png")).exists();
        JsonNode run = new ObjectMapper().readTree(results.resolve("run.json").toFile());
        assertThat(run.get("cells").get(1).get("geometry").asText()).isEqualTo("spd/log-euclidean:k=3");
        // analytic calibration needs less noise than the classical one (Utpala et al. 2023, §3)
        assertThat(run.get("privacy").get(0).get("sigma").get("mean").asDouble())
                .isLessThan(run.get("privacy").get(1).get("sigma").get("mean").asDouble());
    }
}
