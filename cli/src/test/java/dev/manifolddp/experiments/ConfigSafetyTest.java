package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.Limits;
import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.output.OutputFolder;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.ComparisonModule;
import dev.manifolddp.experiments.run.ExperimentFactory;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.spi.Registry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The public entry points of the configuration layer under hostile arguments (nulls, overflowing sizes, unsafe
 * output folders), consent to data-derived bounds by a plugin mechanism, {@code --force}, and the calibration check
 * that makes {@code run} fail in seconds.
 */
class ConfigSafetyTest {

    @TempDir
    Path folder;

    @Test
    void nullArgumentsAreNamedNotNullPointerExceptions() {
        assertThatThrownBy(() -> ConfigReader.read(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the configuration file must be given (CONFIG). Provided value: null");
        assertThatThrownBy(() -> ConfigReader.readAny(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CONFIG");
        assertThatThrownBy(() -> ConfigReader.parse(null, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the configuration text must not be null");
        assertThatThrownBy(() -> new RunOptions(Double.NaN, null, null, false))
                .hasMessageContaining("--scale must be a finite number > 0");
        assertThat(PluginJars.load(null).jars()).isEmpty();
    }

    @Test
    void latin1FileNamesTheByteAndTheFix() throws IOException {
        Path file = folder.resolve("latin1.yaml");
        Files.write(file, "name: caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> ConfigReader.read(file)).isInstanceOf(ConfigException.class)
                .hasMessage(file + " is not UTF-8 text (byte 0xe9 at offset 9); save it as UTF-8");
        Path bom = folder.resolve("bom.yaml");
        Files.write(bom, ("\uFEFF" + Configs.tinySphere(2, 1)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(ConfigReader.read(bom).name()).isEqualTo("tiny-sphere");
    }

    @Test
    void sizesAreMultipliedWithoutOverflow() {
        List<SweepAxis> axes = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            axes.add(new SweepAxis("a" + i, Collections.nCopies(16, "1")));
        }
        // 16^16 = 2^64 wraps to 0 in a long; the running product stops at the limit
        assertThatThrownBy(() -> Limits.cells(axes)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("sweep: the sweep has more than 100,000 cells (16 x 16 x 16 x 16 x 16 and "
                        + "more axes)");
        assertThat(Limits.cells(axes.subList(0, 4))).isEqualTo(65_536);
        assertThatThrownBy(() -> Limits.releases(Long.MAX_VALUE / 2, 3, 2, "replicates"))
                .hasMessageContaining("make more than 2^63 releases");
        assertThat(Limits.releases(7, 10_000, 6, "replicates")).isEqualTo(420_000);
        assertThatThrownBy(() -> Limits.requireHeap(50_000_000, 2, 1L << 30, "--scale"))
                .hasMessageStartingWith("--scale: 50,000,000 releases need about 11.2 GiB of memory")
                .hasMessageContaining("MDP_JAVA_OPTS=-Xmx");
        Limits.requireHeap(420_000, 6, 1L << 30, "replicates");
    }

    @Test
    void outputFoldersStayBelowTheRootAndAreNeverOverwrittenSilently() throws IOException {
        assertThat(OutputFolder.resolve(null, "sphere", false)).isEqualTo(Path.of("results", "sphere"));
        for (String name : new String[] {"..", ".", "", "../x", "/abs"}) {
            assertThatThrownBy(() -> OutputFolder.resolve(null, name, false)).as(name)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("name: ");
        }
        Path full = Files.createDirectories(folder.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");
        assertThatThrownBy(() -> OutputFolder.resolve(full, "x", false)).hasMessageContaining("--force");
        assertThat(OutputFolder.resolve(full, "x", true)).isEqualTo(full);
    }

    @Test
    void forceWritesIntoAFullFolderAndKeepsOtherFiles() throws IOException {
        Path config = Configs.write(folder, "config.yaml", Configs.tinySphere(2, 1));
        Path out = Files.createDirectories(folder.resolve("out"));
        Files.writeString(out.resolve("notes.txt"), "my notes");
        Files.writeString(out.resolve("replicates.csv"), "old");
        Cli refused = Cli.run("run", config.toString(), "--out", out.toString());
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("already holds 2 file(s)").contains("--force");
        assertThat(Files.readString(out.resolve("replicates.csv"))).isEqualTo("old");

        Cli forced = Cli.run("run", config.toString(), "--out", out.toString(), "--force", "--quiet");
        assertThat(forced.exit()).as(forced.toString()).isZero();
        assertThat(Files.readString(out.resolve("notes.txt"))).isEqualTo("my notes");
        assertThat(Files.readString(out.resolve("replicates.csv"))).startsWith("n,epsilon,mechanism");
    }

    @Test
    void aPluginMechanismWithoutANonPrivateParameterCannotConsent() {
        String yaml = Configs.tinySphere(2, 1).replace("""
                mechanisms:
                  - { name: kng, params: { sampler: mcmc, burn-in: 200, thin: 10 } }
                  - { name: riemannian-laplace }
                  - { name: euclidean-laplace, label: euclidean-laplace }
                  - { name: euclidean-laplace, label: projected-euclidean-laplace, params: { project: true } }
                """, """
                mechanisms:
                  - { name: riemannian-laplace, params: { non-private: true } }
                  - { name: plain }
                """) + "non-private: true\n";
        ExperimentConfig config = ConfigReader.parse(yaml, null);
        Components builtIn = Components.builtIn();
        List<MechanismProvider> mechanisms = new ArrayList<>(builtIn.mechanisms().providers());
        mechanisms.add(new PlainProvider());
        Components components = new Components(builtIn.geometries(), builtIn.estimators(),
                Registry.of(MechanismProvider.KIND, mechanisms), builtIn.generators(), builtIn.utilities());
        Injector root = Guice.createInjector(binder -> {
            binder.bind(PluginJars.class).toInstance(PluginJars.none());
            binder.bind(Components.class).toInstance(components);
        });
        ExperimentFactory factory = Graphs.instance(Graphs.run(root, new ComparisonModule(config,
                RunOptions.defaults())), ExperimentFactory.class);
        assertThatThrownBy(factory::build).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("mechanisms[1]: the configuration is marked non-private")
                .hasMessageContaining("mechanism 'plain' has no 'non-private' parameter, so it cannot consent");
    }

    @Test
    void runChecksEveryCellBeforeTheLongWork() {
        // a million replicates per cell; the last cell's Gaussian has no delta: the run fails before the first task
        String yaml = """
                name: late-failure
                seed: 1
                replicates: 1000000
                geometry: spd/log-euclidean:k=2
                data: { generator: random-spd, r: 0.25 }
                sweep: { n: [20, 50], epsilon: [0.5], delta: [1e-6, 0] }
                mechanisms: [tangent-gaussian]
                utility: [geodesic-distance]
                """;
        Path config = Configs.write(folder, "late.yaml", yaml);
        long start = System.nanoTime();
        Cli cli = Cli.run("run", config.toString(), "--out", folder.resolve("out").toString(), "--quiet");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(cli.exit()).isEqualTo(1);
        assertThat(cli.err()).contains("mechanisms[0]: mechanism 'tangent-gaussian' cannot release in cell {n=20, "
                + "epsilon=0.5, delta=0}").contains("change sweep.delta");
        assertThat(seconds).isLessThan(10);
        assertThat(folder.resolve("out")).doesNotExist();
    }

    @Test
    void theCalibrationCheckOfKngCellsIsCheap() {
        // KNG computes its sensitivity and the (trivial) mean of the stand-in records, then stops at its first draw
        String yaml = Configs.tinySphere(2, 1).replace("n: [10, 30]", "n: [10, 100, 1000, 10000, 100000, 1000000]")
                .replace("sampler: mcmc, burn-in: 200, thin: 10", "sampler: mcmc, burn-in: 20000, thin: 600");
        Path config = Configs.write(folder, "kng.yaml", yaml);
        long start = System.nanoTime();
        Cli cli = Cli.run("validate", config.toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("every cell's calibration checked, and its first replicate's data and estimate");
        assertThat(seconds).as("validate of 6 cells x 4 mechanisms up to n = 10^6").isLessThan(10);
    }

    /** A plugin mechanism that takes no parameters (so no non-private). */
    static final class PlainProvider implements MechanismProvider {
        @Override
        public String name() {
            return "plain";
        }

        @Override
        public String description() {
            return "test mechanism without parameters";
        }

        @Override
        public List<ParameterSpec> parameters() {
            return List.of();
        }

        @Override
        public Mechanism create(Map<String, String> parameters) {
            return new Mechanism() {
                @Override
                public String name() {
                    return "plain";
                }

                @Override
                public dev.manifolddp.mechanisms.Calibration calibrate(dev.manifolddp.estimators.Estimator estimator,
                        dev.manifolddp.geometry.Geometry geometry, dev.manifolddp.mechanisms.DataBall ball, int n,
                        dev.manifolddp.mechanisms.PrivacyBudget budget) {
                    throw new UnsupportedOperationException("never calibrated in this test");
                }

                @Override
                public Release<double[]> release(dev.manifolddp.mechanisms.Calibration calibration, double[][] data,
                        org.apache.commons.rng.UniformRandomProvider random) {
                    throw new UnsupportedOperationException("never released in this test");
                }
            };
        }
    }
}
