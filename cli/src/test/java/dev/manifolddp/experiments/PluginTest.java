package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A geometry that is not part of the project (flat R^d, sources in src/test/resources/plugin-src) is compiled into a
 * jar in a temporary folder; {@code list}, {@code run} and {@code release} use it through {@code --plugins}, together
 * with its utility measure and the output its own Guice module adds to every run.
 */
class PluginTest {

    @TempDir
    static Path work;

    static Path plugins;

    @BeforeAll
    static void buildPlugin() {
        plugins = work.resolve("plugins");
        PluginJarBuilder.build("plugin-src", work, plugins.resolve("euclid-plugin.jar"));
    }

    @Test
    void listShowsThePluginGeometryAndItsJar() {
        Cli cli = Cli.run("list", "--plugins", plugins.toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        String jar = plugins.resolve("euclid-plugin.jar").toAbsolutePath().toUri().toString().replace("file:///",
                "file:/");
        assertThat(cli.out()).contains("  euclidean - flat Euclidean space R^d (test plugin)")
                .contains("      d (required): dimension (>= 1)")
                .contains("from " + jar + " (plugin)")
                .contains("  max-coordinate-error - max_i |release_i - estimate_i|")
                .contains("  sphere - round sphere")
                .contains("Pictures (pictures: show: [NAME]):")
                .contains("  predicted-shapes - a geodesic regression on landmark shapes")
                .contains("  shapes - landmark shapes");
        Cli without = Cli.run("list");
        assertThat(without.out()).doesNotContain("euclidean - flat");
    }

    @Test
    void runUsesThePluginGeometryWithStockMechanisms() throws IOException {
        String yaml = """
                name: plugin-run
                seed: 5
                replicates: 4
                geometry: euclidean:d={d}
                data: { generator: geodesic-ball, center: "{origin}", radius: 1 }
                sweep: { d: [3], origin: ["0,0,0"], n: [20, 80], epsilon: [1] }
                mechanisms:
                  - euclidean-laplace
                  - riemannian-laplace
                utility: [geodesic-distance, ambient-distance, max-coordinate-error]
                """;
        Path config = Configs.write(work, "plugin.yaml", yaml);
        Path out = work.resolve("plugin-out");
        Cli cli = Cli.run("run", config.toString(), "--plugins", plugins.toString(), "--out", out.toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.err()).contains("plugins: geometry 'euclidean' from ").contains("euclid-plugin.jar")
                .contains("plugins: utility measure 'max-coordinate-error' from ")
                .contains("plugins: Guice module dev.example.euclid.EuclidModule from ");
        // the output the plugin's module binds into the run's graph is written with the standard ones
        assertThat(cli.out()).contains("run.json, euclid-note.txt");
        assertThat(Files.readAllLines(out.resolve("euclid-note.txt"))).containsExactly("releases: 16",
                "note of this run: 1", "lattices built: 0");
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertThat(summary).hasSize(1 + 2 * 2);
        assertThat(summary.get(0)).contains("max-coordinate-error_mean");
        JsonNode run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        assertThat(run.get("cells").get(0).get("geometry").asText()).isEqualTo("euclidean:d=3");
        // on flat R^d both mechanisms use Delta = 2r/n and sigma = Delta/epsilon
        assertThat(run.get("privacy").get(0).get("sensitivity").get("mean").asDouble())
                .isCloseTo(2.0 / 20, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(run.get("privacy").get(1).get("sampler").get("method").asText()).isEqualTo("exact");
        // the same configuration without the plugin names the missing geometry
        Cli without = Cli.run("validate", config.toString());
        assertThat(without.exit()).isEqualTo(1);
        assertThat(without.err()).contains("geometry: unknown geometry 'euclidean'; known geometries: kendall");
    }

    @Test
    void aDataSourceThePluginModuleBindsFeedsTheRunThroughItsPerRunCache() throws IOException {
        String yaml = """
                name: lattice-run
                seed: 11
                replicates: 6
                geometry: euclidean:d=2
                data: { source: lattice, step: 0.5, radius: "{r}" }
                sweep: { r: [0.5, 1], n: [12], epsilon: [1] }
                mechanisms: [euclidean-laplace]
                utility: [geodesic-distance]
                """;
        Path config = Configs.write(work, "lattice.yaml", yaml);
        Path one = work.resolve("lattice-1");
        Path two = work.resolve("lattice-2");
        Cli cli = Cli.run("run", config.toString(), "--plugins", plugins.toString(), "--out", one.toString(),
                "--threads", "1");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        // the two cells differ only in the radius: the factory got the run's cache, which built one lattice
        assertThat(Files.readAllLines(one.resolve("euclid-note.txt"))).containsExactly("releases: 12",
                "note of this run: 1", "lattices built: 1");
        JsonNode run = new ObjectMapper().readTree(one.resolve("run.json").toFile());
        assertThat(run.get("data").toString()).contains("5 lattice points (step 0.5) in the ball of radius 0.5 on "
                + "euclidean:d=2").contains("13 lattice points (step 0.5) in the ball of radius 1.0 on euclidean:d=2");
        // the source's public ball sets the sensitivity: Delta = 2r/n on flat R^d
        assertThat(run.get("privacy").get(0).get("sensitivity").get("mean").asDouble())
                .isCloseTo(2 * 0.5 / 12, org.assertj.core.data.Offset.offset(1e-12));
        // seeded streams: the same summary on another thread count, and a fresh cache in the second command
        Cli again = Cli.run("run", config.toString(), "--plugins", plugins.toString(), "--out", two.toString(),
                "--threads", "2");
        assertThat(again.exit()).as(again.toString()).isZero();
        assertThat(Files.readString(two.resolve("summary.csv"))).isEqualTo(Files.readString(one.resolve(
                "summary.csv")));
        assertThat(Files.readAllLines(two.resolve("euclid-note.txt"))).contains("lattices built: 1");
        // the same configuration without the plugin names the missing source once the geometry is known
        Cli without = Cli.run("validate", Configs.write(work, "lattice-sphere.yaml", yaml.replace("euclidean:d=2",
                "sphere:d=2")).toString());
        assertThat(without.exit()).isEqualTo(1);
        assertThat(without.err()).contains("data.source: unknown data source 'lattice'; known data sources: none");
    }

    @Test
    void releaseFindsThePluginGeometry() throws IOException {
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            csv.append(String.format(java.util.Locale.ROOT, "%.3f,%.3f%n", 0.5 * Math.cos(i), 0.5 * Math.sin(i)));
        }
        Path points = Configs.write(work, "flat.csv", csv.toString());
        Path out = work.resolve("flat-release.json");
        String[] release = {"release", "--geometry", "euclidean:d=2", "--mechanism", "riemannian-laplace",
            "--epsilon", "1", "--center", "0,0", "--radius", "1", "--input", points.toString(), "--out",
            out.toString(), "--ledger", work.resolve("ledger.json").toString()};
        Cli without = Cli.run(release);
        assertThat(without.exit()).isEqualTo(1);
        assertThat(without.err()).contains("--geometry: unknown geometry 'euclidean'; known geometries: kendall");
        List<String> withPlugins = new java.util.ArrayList<>(List.of(release));
        withPlugins.addAll(List.of("--plugins", plugins.toString()));
        Cli cli = Cli.run(withPlugins.toArray(String[]::new));
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        assertThat(json.get("mechanism").asText()).isEqualTo("riemannian-laplace");
        assertThat(json.get("value").size()).isEqualTo(2);
    }

    @Test
    void twoJarsClaimingOneNameAreAnErrorNamingBoth() {
        Path clash = work.resolve("clash");
        PluginJarBuilder.build("plugin-clash-src", work, clash.resolve("clash.jar"));
        Cli cli = Cli.run("list", "--plugins", clash.toString());
        assertThat(cli.exit()).isEqualTo(1);
        assertThat(cli.errLines()).hasSize(1);
        assertThat(cli.err()).contains("two geometry providers claim the name 'sphere'")
                .contains("dev.manifolddp.geometry.sphere.SphereProvider from ")
                .contains("dev.example.clash.ClashingSphereProvider from ").contains("clash.jar");
    }

    @Test
    void aBadServicesLineIsRefusedNamingItsJarFileAndLine() throws IOException {
        String service = "META-INF/services/dev.manifolddp.geometry.GeometryProvider";
        String[][] cases = {
            {"# a comment\ndev.example.Missing\n", "line 2: the class dev.example.Missing is in no jar"},
            {"not a class!\n", "line 1: 'not a class!' is not a Java class name"},
            {"java.lang.String\n", "line 1: the class java.lang.String does not implement "
                    + "dev.manifolddp.geometry.GeometryProvider"},
        };
        for (int i = 0; i < cases.length; i++) {
            Path folder = work.resolve("bad-services-" + i);
            Files.createDirectories(folder);
            Path jar = folder.resolve("broken-" + i + ".jar");
            try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
                out.putNextEntry(new java.util.jar.JarEntry(service));
                out.write(cases[i][0].getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.closeEntry();
            }
            Cli cli = Cli.run("list", "--plugins", folder.toString());
            assertThat(cli.exit()).as(cli.toString()).isNotZero();
            assertThat(cli.errLines()).as(cli.toString()).hasSize(1);
            assertThat(cli.err()).contains("broken-" + i + ".jar").contains(service).contains(cases[i][1]);
        }
    }
}
