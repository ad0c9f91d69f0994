package dev.manifolddp.engines.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.module.scala.DefaultScalaModule$;
import dev.manifolddp.experiments.cli.Mdp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark engine in local mode against the local runner: same bytes, the same Jackson on both sides, Spark's
 * retries, and one-line failures.
 */
class SparkEngineTest {

    /**
     * The only outputs allowed to differ between the engines: the wall-time utilities (release-time, estimate-time;
     * utility.WallTime) are measured, not computed, so their columns and their plot differ from run to run, even
     * between two local runs. Every other column and plot must be the same bytes.
     */
    private static final List<String> WALL_TIME = List.of("release-time", "estimate-time");

    @TempDir
    Path temp;

    @Test
    void sparkLocalModeWritesTheLocalRunnersBytes() throws IOException {
        Path config = resource("same-bytes.yaml");
        Path local = temp.resolve("local");
        Path spark = temp.resolve("spark");

        assertThat(mdp("run", config.toString(), "--out", local.toString(), "--quiet").status()).isZero();
        Run run = mdp("run", config.toString(), "--out", spark.toString(), "--quiet", "--engine", "spark",
                "--master", "local[2]");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("on engine spark (local[2])");

        for (String csv : List.of("replicates.csv", "summary.csv")) {
            List<String> a = Files.readAllLines(local.resolve(csv));
            List<String> b = Files.readAllLines(spark.resolve(csv));
            assertThat(a).hasSizeGreaterThan(1);
            assertThat(withoutWallTime(b)).as(csv).isEqualTo(withoutWallTime(a));
            // the wall-time columns are there, and are all that was masked
            assertThat(a.get(0)).contains("release-time");
            assertThat(b.get(0)).isEqualTo(a.get(0));
        }
        List<String> plots = pngs(local);
        assertThat(plots).isNotEmpty().isEqualTo(pngs(spark));
        int compared = 0;
        for (String plot : plots) {
            if (WALL_TIME.stream().noneMatch(plot::contains)) {
                assertThat(Files.readAllBytes(spark.resolve(plot))).as(plot)
                        .isEqualTo(Files.readAllBytes(local.resolve(plot)));
                compared++;
            }
        }
        assertThat(compared).as("plots other than wall time: %s", plots).isGreaterThanOrEqualTo(3);
    }

    @Test
    void aTaskThatFailsOnceIsRetriedBySparkAndTheOutputIsUnchanged() throws IOException {
        Path config = faulty("first-attempt");
        Path local = temp.resolve("local");
        Path spark = temp.resolve("spark");
        assertThat(mdp("run", config.toString(), "--out", local.toString(), "--quiet").status()).isZero();
        // local[2,2]: two cores, two attempts per task (plain local[N] never retries)
        Run run = mdp("run", config.toString(), "--out", spark.toString(), "--quiet", "--engine", "spark",
                "--master", "local[2,2]");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(Files.readAllBytes(spark.resolve("replicates.csv")))
                .isEqualTo(Files.readAllBytes(local.resolve("replicates.csv")));
    }

    /**
     * A deterministic failure fails the job after Spark's retries with the first error's own one-line message, as a
     * local run does, and no executor stack trace reaches the terminal. Run as a separate process, so that
     * everything Spark logs is captured too.
     */
    @Test
    void aDeterministicFailureFailsTheJobWithTheFirstErrorInOneLine() throws Exception {
        Path config = faulty("releases");
        Process process = new ProcessBuilder(command("run", config.toString(), "--out",
                temp.resolve("out").toString(), "--quiet", "--engine", "spark", "--master", "local[2,3]"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err;
        try (InputStream stream = process.getErrorStream()) {
            err = new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(err).isEqualTo(1);
        List<String> lines = err.lines().filter(line -> !line.isBlank()).toList();
        List<String> errors = lines.stream().filter(line -> line.startsWith("mdp: error: ")).toList();
        assertThat(errors).as(err).hasSize(1);
        String oneLine = "mdp: error: mechanism 'spark-test-faulty' failed in cell \\{n=(10|20), epsilon=1.0}, "
                + "replicate \\d+: " + Pattern.quote(FaultyMechanismProvider.RELEASES_MESSAGE)
                + Pattern.quote(" (change mechanisms[1].params)"); // the key to change, as every replicate failure says
        assertThat(errors.get(0)).as(err).matches(oneLine);
        // the local runner's message has the same form (which cell and replicate fail first depends on scheduling)
        Run local = mdp("run", config.toString(), "--out", temp.resolve("local").toString(), "--quiet");
        assertThat(local.status()).isEqualTo(1);
        assertThat(local.err().strip()).matches(oneLine);
        assertThat(err).as("no executor stack trace").doesNotContain("\tat ").doesNotContain("Job aborted");
        // at most Spark's one-line notice that the task failed its attempts, besides mdp's own error
        assertThat(lines).as(err).hasSizeLessThanOrEqualTo(3);
    }

    /** {@code mdp audit --engine spark} draws the same releases, so audit.json and its plot are the same bytes. */
    @Test
    void anAuditOnSparkIsTheLocalAudit() throws IOException {
        List<String> audit = List.of("audit", "--geometry", "sphere:d=2", "--center", "0,0,1", "--radius", "0.1",
                "--n", "10", "--epsilon", "2", "--mechanism", "riemannian-laplace,euclidean-laplace", "--param",
                "riemannian-laplace:sigma-rule=scaled:0.5", "--releases", "1200", "--directions", "2", "--seed", "3",
                "--quiet");
        Path local = temp.resolve("local.json");
        Path spark = temp.resolve("spark.json");
        List<String> localArgs = new ArrayList<>(audit);
        localArgs.addAll(List.of("--out", local.toString(), "--threads", "2"));
        List<String> sparkArgs = new ArrayList<>(audit);
        sparkArgs.addAll(List.of("--out", spark.toString(), "--engine", "spark", "--master", "local[2]"));

        assertThat(mdp(localArgs.toArray(String[]::new)).status()).isZero();
        Run run = mdp(sparkArgs.toArray(String[]::new));
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(Files.readString(spark)).contains("riemannian-laplace").contains("euclidean-laplace");
        assertThat(Files.readAllBytes(spark)).isEqualTo(Files.readAllBytes(local));
        assertThat(Files.readAllBytes(temp.resolve("spark.png"))).isEqualTo(Files.readAllBytes(
                temp.resolve("local.png")));
    }

    /**
     * Spark's jackson-module-scala accepts only a jackson-databind of its own minor version; the module pins every
     * Jackson artifact to Spark's, so the scala module registers (Spark does this in every job) and the experiments'
     * YAML reader runs on the same databind.
     */
    /**
     * A new estimand as one jar (the cli tests' Frechet-median plugin, compiled against the published API only) runs
     * on Spark with {@code --plugins} as it runs locally: the same tables and plots, byte for byte.
     */
    @Test
    void aPluginEstimatorRunsOnSparkWithTheLocalBytes() throws IOException {
        Path plugins = temp.resolve("plugins");
        dev.manifolddp.experiments.PluginJarBuilder.build("estimator-plugin-src", temp,
                plugins.resolve("median-plugin.jar"));
        Path config = temp.resolve("plugin-median.yaml");
        Files.writeString(config, """
                name: plugin-median
                seed: 9
                replicates: 4
                geometry: sphere:d=2
                data: { generator: geodesic-ball, center: "0,0,1", radius: 0.3 }
                sweep: { n: [20, 40], epsilon: [1] }
                estimator: plugin-median
                mechanisms: [{ name: kng, params: { sampler: mcmc, burn-in: 200, thin: 10 } }]
                utility: [geodesic-distance, release-time]
                """);
        Path local = temp.resolve("plugin-local");
        Path spark = temp.resolve("plugin-spark");
        Run localRun = mdp("run", config.toString(), "--plugins", plugins.toString(), "--out", local.toString(),
                "--quiet");
        assertThat(localRun.status()).as(localRun.err()).isZero();
        Run run = mdp("run", config.toString(), "--plugins", plugins.toString(), "--out", spark.toString(), "--quiet",
                "--engine", "spark", "--master", "local[2]");
        assertThat(run.status()).as(run.err()).isZero();
        for (String csv : List.of("replicates.csv", "summary.csv")) {
            assertThat(withoutWallTime(Files.readAllLines(spark.resolve(csv)))).as(csv)
                    .isEqualTo(withoutWallTime(Files.readAllLines(local.resolve(csv))));
        }
        assertThat(Files.readString(local.resolve("summary.csv"))).contains("kng");
        List<String> plots = pngs(local);
        assertThat(plots).isEqualTo(pngs(spark)).contains("geodesic-distance.png");
        assertThat(Files.readAllBytes(spark.resolve("geodesic-distance.png")))
                .isEqualTo(Files.readAllBytes(local.resolve("geodesic-distance.png")));
    }

    /**
     * Issue 27's estimands (a variance on the real line, tangent PCA's second-moment matrix with its modes picture, the
     * median by KNG's chain) run on Spark as they run locally: the same tables and plots, byte for byte.
     */
    @Test
    void theSpreadModesAndMedianEstimatorsRunOnSparkWithTheLocalBytes() throws IOException {
        String sphere = "geometry: sphere:d=2\ndata: { generator: geodesic-ball, center: \"0,0,1\", radius: 0.3 }\n";
        String common = "seed: 27\nreplicates: 4\n"
                + "sweep: { n: [20, 40], epsilon: [1], delta: [1e-6] }\n"
                + "utility: [geodesic-distance, release-time]\n";
        String[][] cases = {
            {"frechet-variance", sphere
                + "mechanisms: [{ name: riemannian-laplace }, { name: tangent-gaussian }]\n"},
            // the modes picture draws tensors as ellipsoids (it has no drawing for points of a sphere)
            {"tangent-pca", "geometry: spd/log-euclidean:k=3\ndata: { generator: wishart, df: 10, radius: 1.5, "
                + "scale: \"0.15,0,0,0,0.1,0,0,0,0.06\" }\nmechanisms: [{ name: riemannian-laplace }, { name: tangent-gaussian }]\n"
                + "pictures: { at: { n: 40, epsilon: 1, delta: 1e-6 }, per-mechanism: 1, sample: 8, show: [modes] }\n"},
            {"frechet-median", sphere + "mechanisms: [{ name: kng, params: { sampler: mcmc, burn-in: 200, thin: 10 } }]\n"},
        };
        for (String[] estimand : cases) {
            Path config = temp.resolve(estimand[0] + ".yaml");
            Files.writeString(config, "name: spark-" + estimand[0] + "\n" + common + "estimator: " + estimand[0]
                    + "\n" + estimand[1]);
            Path local = temp.resolve(estimand[0] + "-local");
            Path spark = temp.resolve(estimand[0] + "-spark");
            Run localRun = mdp("run", config.toString(), "--out", local.toString(), "--quiet");
            assertThat(localRun.status()).as(localRun.err()).isZero();
            Run run = mdp("run", config.toString(), "--out", spark.toString(), "--quiet", "--engine", "spark",
                    "--master", "local[2]");
            assertThat(run.status()).as(run.err()).isZero();
            for (String csv : List.of("replicates.csv", "summary.csv")) {
                assertThat(withoutWallTime(Files.readAllLines(spark.resolve(csv)))).as(estimand[0] + " " + csv)
                        .isEqualTo(withoutWallTime(Files.readAllLines(local.resolve(csv))));
            }
            assertThat(Files.readString(local.resolve("summary.md"))).contains(estimand[0]);
            List<String> plots = pngs(local);
            assertThat(plots).as(estimand[0]).isEqualTo(pngs(spark)).contains("geodesic-distance.png");
            for (String plot : plots) {
                if (WALL_TIME.stream().noneMatch(plot::contains)) {
                    assertThat(Files.readAllBytes(spark.resolve(plot))).as(estimand[0] + " " + plot)
                            .isEqualTo(Files.readAllBytes(local.resolve(plot)));
                }
            }
        }
    }

    @Test
    void jacksonIsTheVersionSparksScalaModuleAccepts() {
        String databind = com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString();
        String scala = DefaultScalaModule$.MODULE$.version().toString();
        assertThat(databind).isEqualTo(scala);
        assertThat(com.fasterxml.jackson.dataformat.yaml.PackageVersion.VERSION.toString()).isEqualTo(databind);
        new ObjectMapper().registerModule(DefaultScalaModule$.MODULE$);
    }

    private Path faulty(String fail) throws IOException {
        Path config = temp.resolve("faulty-" + fail + ".yaml");
        Files.writeString(config, Files.readString(resource("faulty.yaml")).replace("FAIL", fail));
        return config;
    }

    private static Path resource(String name) {
        try {
            return Path.of(SparkEngineTest.class.getResource("/" + name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Masks the wall-time columns (header names starting with a wall-time utility's name). */
    private static List<String> withoutWallTime(List<String> lines) {
        String[] header = lines.get(0).split(",", -1);
        boolean[] wall = new boolean[header.length];
        for (int i = 0; i < header.length; i++) {
            String column = header[i];
            wall[i] = WALL_TIME.stream().anyMatch(column::startsWith);
        }
        assertThat(wall).contains(true);
        List<String> masked = new ArrayList<>();
        for (String line : lines) {
            String[] cells = line.split(",", -1);
            assertThat(cells).hasSameSizeAs(header);
            for (int i = 0; i < cells.length; i++) {
                if (wall[i]) {
                    cells[i] = "<wall time>";
                }
            }
            masked.add(String.join(",", cells));
        }
        return masked;
    }

    private static List<String> pngs(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(path -> path.toString().endsWith(".png")).map(path -> folder.relativize(path)
                    .toString()).sorted().collect(Collectors.toList());
        }
    }

    private record Run(int status, String out, String err) {
    }

    private static Run mdp(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Mdp.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** This JVM's java with Spark's add-opens and the test class path, running mdp. */
    private static List<String> command(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(System.getProperty("mdp.spark.add-opens").split(" ")));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Mdp.class.getName());
        command.addAll(Arrays.asList(args));
        return command;
    }
}
