package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new estimand as a jar: the Frechet median (sources in src/test/resources/estimator-plugin-src, one provider and
 * one services line, compiled against the published API only) is listed, released by KNG through its gradient field
 * and gradient sensitivity, and refused by name by the mechanisms that need more than it provides.
 */
class EstimatorPluginTest {

    @TempDir
    static Path work;

    static Path plugins;

    @BeforeAll
    static void buildPlugin() {
        plugins = work.resolve("plugins");
        PluginJarBuilder.build("estimator-plugin-src", work, plugins.resolve("median-plugin.jar"));
    }

    private static String config(String name, String mechanisms) {
        return """
                name: %s
                seed: 9
                replicates: 3
                geometry: sphere:d=2
                data: { generator: geodesic-ball, center: "0,0,1", radius: 0.3 }
                sweep: { n: [30], epsilon: [1] }
                estimator: plugin-median
                mechanisms: %s
                utility: [geodesic-distance]
                """.formatted(name, mechanisms);
    }

    @Test
    void listShowsThePluginEstimator() {
        Cli cli = Cli.run("list", "--plugins", plugins.toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("plugin-median - Frechet median argmin sum_i rho(x, x_i) (test plugin)")
                .contains("median-plugin.jar");
    }

    @Test
    void kngReleasesThePluginEstimatorByItsGradient() throws IOException {
        Path config = Configs.write(work, "median.yaml", config("median-kng",
                "[{ name: kng, params: { sampler: auto, burn-in: 300, thin: 20 } }]"));
        Path out = work.resolve("median-out");
        Cli cli = Cli.run("run", config.toString(), "--plugins", plugins.toString(), "--out", out.toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode privacy = new ObjectMapper().readTree(out.resolve("run.json").toFile()).get("privacy").get(0);
        // the median's gradient is an average of unit vectors: Delta = 2/n, sigma = 2 Delta / epsilon
        assertThat(privacy.get("sensitivity").get("mean").asDouble()).isCloseTo(2.0 / 30,
                org.assertj.core.data.Offset.offset(1e-15));
        assertThat(privacy.get("sigma").get("mean").asDouble()).isCloseTo(4.0 / 30,
                org.assertj.core.data.Offset.offset(1e-15));
        // no gradient bounds for an exact envelope: auto runs the chain, and says so
        assertThat(privacy.get("guarantee").asText()).isEqualTo("mcmc");
    }

    @Test
    void releaseDrawsThePluginEstimatorFromAFile() throws IOException {
        Path csv = work.resolve("directions.csv");
        StringBuilder rows = new StringBuilder("x,y,z\n");
        for (int i = 0; i < 40; i++) {
            double angle = 0.2 * i / 40;
            double azimuth = 0.7 * i;
            rows.append(Math.sin(angle) * Math.cos(azimuth)).append(',').append(Math.sin(angle) * Math.sin(azimuth))
                    .append(',').append(Math.cos(angle)).append('\n');
        }
        java.nio.file.Files.writeString(csv, rows);
        Path out = work.resolve("median-release.json");
        Cli cli = Cli.run("release", "--plugins", plugins.toString(), "--estimator", "plugin-median", "--geometry",
                "sphere:d=2", "--input", csv.toString(), "--columns", "x,y,z", "--center", "0,0,1", "--radius", "0.3",
                "--epsilon", "1", "--mechanism", "kng", "--param", "sampler=mcmc", "--param", "burn-in=300",
                "--param", "thin=20", "--allow-mcmc", "--seed", "3", "--out", out.toString(), "--ledger",
                work.resolve("median-ledger.json").toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        assertThat(json.get("mechanism").asText()).isEqualTo("kng");
        assertThat(json.get("value")).hasSize(3);
        assertThat(json.get("onManifold").asBoolean()).isTrue();
        // Delta = 2/n for the median, whatever the radius; the seed makes the release not private
        assertThat(json.get("sensitivity").asDouble()).isCloseTo(2.0 / 40, org.assertj.core.data.Offset.offset(1e-15));
        assertThat(json.get("guarantee").asText()).isEqualTo("not-private");
        assertThat(json.toString()).contains("plugin-median");
    }

    @Test
    void mechanismsThatNeedMoreRefuseItByName() throws IOException {
        Path laplace = Configs.write(work, "median-laplace.yaml", config("median-laplace", "[riemannian-laplace]"));
        Cli refused = Cli.run("validate", laplace.toString(), "--plugins", plugins.toString());
        assertThat(refused.exit()).as(refused.toString()).isEqualTo(1);
        assertThat(refused.err()).contains("riemannian-laplace needs a bound on its estimate's own sensitivity")
                .contains("plugin-median");
        Path ambient = Configs.write(work, "median-ambient.yaml", config("median-ambient", "[euclidean-laplace]"));
        Cli alsoRefused = Cli.run("validate", ambient.toString(), "--plugins", plugins.toString());
        assertThat(alsoRefused.exit()).isEqualTo(1);
        assertThat(alsoRefused.err()).contains("euclidean-laplace releases a mean only");
    }
}
