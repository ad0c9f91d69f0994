package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.multibindings.MapBinder;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.spi.RunOutput;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.ComparisonModule;
import dev.manifolddp.experiments.spi.DataSourceFactory;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Guice graph of a command: one root over the plugins (the registries, shared), one child injector per run with
 * the run's configuration, experiment, outputs and every plugin module's bindings (not shared).
 */
class GuiceGraphTest {

    private static final Key<Set<RunOutput>> OUTPUTS = new Key<>() {
    };

    private static final Key<Map<String, DataSourceFactory>> SOURCES = new Key<>() {
    };

    /** Two cells on the plugin's lattice source that differ only in the radius, so they can share one lattice. */
    private static final String LATTICE = """
            name: lattice
            seed: 3
            replicates: 2
            geometry: euclidean:d=3
            data: { source: lattice, step: 0.5, radius: "{r}" }
            sweep: { r: [0.5, 1], n: [8], epsilon: [1] }
            mechanisms: [euclidean-laplace]
            utility: [geodesic-distance]
            """;

    @TempDir
    static Path work;

    static PluginJars plugins;

    @BeforeAll
    static void buildPlugin() {
        Path folder = work.resolve("plugins");
        PluginJarBuilder.build("plugin-src", work, folder.resolve("euclid-plugin.jar"));
        plugins = PluginJars.load(folder);
    }

    private static Injector run(Injector root, String name) {
        String yaml = Configs.tinySphere(2, 1).replace("name: tiny-sphere", "name: " + name);
        ExperimentConfig config = ConfigReader.parse(yaml, null);
        return Graphs.run(root, new ComparisonModule(config, RunOptions.defaults()));
    }

    /** The output that the plugin's module bound in {@code graph} (loaded by the plugin loader, so found by name). */
    private static RunOutput pluginOutput(Injector graph) {
        return Graphs.instance(graph, OUTPUTS).stream()
                .filter(output -> output.getClass().getName().equals("dev.example.euclid.EuclidNote"))
                .findFirst().orElseThrow(() -> new AssertionError("the plugin's output is not bound"));
    }

    @Test
    void aPluginModulesBindingReachesTheRunsOutputs() {
        Injector root = Graphs.root(plugins, null);
        Set<RunOutput> outputs = Graphs.instance(run(root, "first"), OUTPUTS);
        // the plugin's output only: the standard files are the run command's own, written first
        assertThat(outputs).hasSize(1);
        assertThat(pluginOutput(run(root, "second")).getClass().getClassLoader()).isSameAs(plugins.loader());
        Injector without = Graphs.root(PluginJars.none(), null);
        assertThat(Graphs.instance(run(without, "plain"), OUTPUTS)).isEmpty();
    }

    @Test
    void everyRunHasItsOwnStateOverOneSharedRoot() throws IOException {
        Injector root = Graphs.root(plugins, null);
        Injector first = run(root, "first");
        Injector second = run(root, "second");
        Components shared = Graphs.instance(root, Components.class);
        assertThat(Graphs.instance(first, Components.class)).isSameAs(shared);
        assertThat(Graphs.instance(second, Components.class)).isSameAs(shared);
        Experiment experiment = Graphs.instance(first, Experiment.class);
        assertThat(Graphs.instance(first, Experiment.class)).as("one experiment per run").isSameAs(experiment);
        assertThat(Graphs.instance(second, Experiment.class).config().name()).isEqualTo("second");
        // the plugin's per-run state: two notes in the first run, and the second run starts again at one
        RunResult result = new RunResult(experiment, List.of(), List.of(), 0, null);
        Path a = Files.createDirectories(work.resolve("a"));
        Path b = Files.createDirectories(work.resolve("b"));
        pluginOutput(first).write(result, a);
        pluginOutput(first).write(result, a);
        pluginOutput(second).write(result, b);
        assertThat(Files.readAllLines(a.resolve("euclid-note.txt"))).contains("note of this run: 2");
        assertThat(Files.readAllLines(b.resolve("euclid-note.txt"))).contains("note of this run: 1");
    }

    /** The SPI's view of a run is the runner's records, index for index. */
    @Test
    void runRecordsReadTheRunnersRecords() {
        Injector graph = run(Graphs.root(PluginJars.none(), null), "records");
        Experiment experiment = Graphs.instance(graph, Experiment.class);
        RunResult result = Graphs.instance(graph, dev.manifolddp.experiments.run.Runner.class)
                .run(dev.manifolddp.experiments.spi.Progress.none());
        dev.manifolddp.experiments.spi.RunRecords records = result;
        assertThat(records.name()).isEqualTo("records");
        assertThat(records.cells()).isEqualTo(experiment.cells().size());
        assertThat(records.replicates()).isEqualTo(experiment.replicates());
        assertThat(records.releases()).isEqualTo(experiment.releases()).isPositive();
        assertThat(records.mechanisms()).hasSize(experiment.mechanisms().size());
        assertThat(records.utilities()).containsExactly("geodesic-distance", "ambient-distance");
        assertThat(records.cell(0)).isEqualTo(experiment.cells().get(0).values());
        for (int c = 0; c < records.cells(); c++) {
            for (int r = 0; r < records.replicates(); r++) {
                for (int m = 0; m < records.mechanisms().size(); m++) {
                    for (int u = 0; u < 2; u++) {
                        assertThat(records.utility(c, r, m, u)).isEqualTo(result.record(c, r, m).utilities()[u]);
                    }
                    assertThat(records.sigma(c, r, m)).isEqualTo(result.record(c, r, m).sigma());
                    assertThat(records.guarantee(c, r, m)).isEqualTo(result.record(c, r, m).guarantee());
                }
            }
        }
    }

    @Test
    void aPluginsDataSourceGetsItsRunsCacheAndNoOtherRunsOne() throws Exception {
        Injector root = Graphs.root(plugins, null);
        ExperimentConfig config = ConfigReader.parse(LATTICE, null);
        Injector first = Graphs.run(root, new ComparisonModule(config, RunOptions.defaults()));
        Injector second = Graphs.run(root, new ComparisonModule(config, RunOptions.defaults()));
        assertThat(Graphs.instance(first, SOURCES)).containsOnlyKeys("generator", "images", "lattice");
        assertThat(Graphs.instance(run(Graphs.root(PluginJars.none(), null), "plain"), SOURCES))
                .containsOnlyKeys("generator", "images");
        Class<?> cacheType = plugins.loader().loadClass("dev.example.euclid.LatticeCache");
        Object cache = first.getInstance(cacheType);
        assertThat(first.getInstance(cacheType)).as("one cache per run").isSameAs(cache);
        assertThat(second.getInstance(cacheType)).as("the next run has its own").isNotSameAs(cache);
        Experiment one = Graphs.instance(first, Experiment.class);
        Experiment two = Graphs.instance(second, Experiment.class);
        assertThat(one.cells()).hasSize(2);
        assertThat(one.cells().get(0).data()).isNotSameAs(one.cells().get(1).data());
        // both runs built their lattice once, in their own cache: the factory received the cache the output reads
        RunResult result = new RunResult(one, List.of(), List.of(), 0, null);
        Path a = Files.createDirectories(work.resolve("lattice-a"));
        Path b = Files.createDirectories(work.resolve("lattice-b"));
        pluginOutput(first).write(result, a);
        pluginOutput(second).write(new RunResult(two, List.of(), List.of(), 0, null), b);
        assertThat(Files.readAllLines(a.resolve("euclid-note.txt"))).contains("lattices built: 1");
        assertThat(Files.readAllLines(b.resolve("euclid-note.txt"))).contains("lattices built: 1");
    }

    @Test
    void aSecondBindingOfOneDataSourceNameFailsTheRunsGraph() {
        Injector root = Graphs.root(PluginJars.none(), null);
        ExperimentConfig config = ConfigReader.parse(Configs.tinySphere(2, 1), null);
        assertThatThrownBy(() -> Graphs.run(root, new ComparisonModule(config, RunOptions.defaults()),
                binder -> MapBinder.newMapBinder(binder, String.class, DataSourceFactory.class)
                        .addBinding("generator").toInstance((geometry, parameters) -> null)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the component graph could not be built: Duplicate key \"generator\" found");
    }
}
