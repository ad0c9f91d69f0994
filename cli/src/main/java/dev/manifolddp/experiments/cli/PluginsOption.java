package dev.manifolddp.experiments.cli;

import com.google.inject.Injector;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/**
 * {@code --plugins DIR}, shared by the commands that create components from plugins (run, validate, list, release,
 * audit; plan reads no path but its output folder):
 * loads the jars, builds the command's root Guice graph over them, and runs the command with the plugin loader as the
 * thread's context loader (so code that looks providers up through it sees the plugins too).
 */
final class PluginsOption {

    @Option(names = "--plugins", paramLabel = "DIR", description = "Load every jar in DIR as a plugin: its "
            + "geometries, estimators, mechanisms, data generators, utility measures and Guice modules.")
    Path directory;

    /** The jar files of {@code --plugins} (none without it): inputs that no output may replace. */
    List<Path> jars() {
        if (directory == null || !Files.isDirectory(directory)) {
            return List.of(); // PluginJars.load says what is wrong with the folder
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(path -> path.getFileName().toString().endsWith(".jar")).toList();
        } catch (IOException e) {
            return List.of(); // PluginJars.load reports the unreadable folder
        }
    }

    /** Runs {@code command} with the root graph over the plugins; {@code log} (may be null) names what they bring. */
    <T> T run(PrintStream log, Function<Injector, T> command) {
        PluginJars jars = PluginJars.load(directory);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(jars.loader());
        try {
            return command.apply(Graphs.root(jars, log));
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /**
     * Runs {@code command} with the components over the plugins: the registries alone, without the Guice graph that
     * {@code run} builds for experiment graphs (release and audit need nothing else, and building an injector costs
     * a start-up of Guice's few hundred classes).
     */
    <T> T withComponents(Function<Components, T> command) {
        PluginJars jars = PluginJars.load(directory);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(jars.loader());
        try {
            return command.apply(new Components(jars));
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }
}
