package dev.manifolddp.experiments.cli;

import com.google.inject.Injector;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ConfigModule;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.ExperimentFactory;
import dev.manifolddp.experiments.run.RunOptions;
import java.io.PrintStream;
import java.nio.file.Path;

/** Reads a configuration, builds the Guice graph over the plugins, and builds the experiment: run and validate. */
final class ExperimentLoader {

    private ExperimentLoader() {
    }

    /** The experiment of {@code file}; configuration errors are prefixed with the file name. */
    static Experiment load(Path file, PluginJars plugins, RunOptions options, PrintStream log) {
        try {
            ExperimentConfig config = ConfigReader.read(file);
            Injector injector = Graphs.injector(plugins, log, new ConfigModule(config, options));
            return injector.getInstance(ExperimentFactory.class).build();
        } catch (ConfigException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }
}
