package dev.manifolddp.experiments.cli;

import com.google.inject.Injector;
import dev.manifolddp.experiments.check.SensitivityCheck;
import dev.manifolddp.experiments.check.SensitivityCheckFactory;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ConfigFiles;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.Configuration;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.Limits;
import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.experiments.config.RegressionSensitivityConfig;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import dev.manifolddp.experiments.data.InputFile;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.regression.RegressionExperiment;
import dev.manifolddp.experiments.regression.RegressionExperimentFactory;
import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityCheck;
import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityFactory;
import dev.manifolddp.experiments.run.ComparisonModule;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunModule;
import dev.manifolddp.experiments.run.RunOptions;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Reads a configuration, builds the Guice graph over the plugins, and builds what the configuration's kind runs (a
 * mechanism comparison, a sensitivity check, a regression experiment or a regression-sensitivity check): run and validate. Configuration errors are prefixed with the file.
 */
final class ExperimentLoader {

    private ExperimentLoader() {
    }

    /** What a configuration file builds into. */
    sealed interface Loaded permits Comparison, Check, Regression, RegressionCheck {
    }

    /** A mechanism comparison ({@code kind: mechanisms}) and the run's graph (its runner and outputs). */
    record Comparison(Experiment experiment, Injector graph) implements Loaded {
    }

    /** A sensitivity check ({@code kind: sensitivity-check}). */
    record Check(SensitivityCheck check) implements Loaded {
    }

    /** A private geodesic regression experiment ({@code kind: regression}). */
    record Regression(RegressionExperiment experiment) implements Loaded {
    }

    /** An empirical check of the regression sensitivities ({@code kind: regression-sensitivity}). */
    record RegressionCheck(RegressionSensitivityCheck check) implements Loaded {
    }

    /** Reads {@code file} and builds it according to its kind, in a child injector of {@code root}. */
    static Loaded load(Path file, Injector root, RunOptions options) {
        return prefixed(file, () -> {
            Configuration configuration = ConfigReader.readAny(file);
            // before any reader opens them: a FIFO among the named files would block the build forever
            for (ConfigFiles.Named named : ConfigFiles.named(file)) {
                ConfigException.at(named.key(), () -> {
                    InputFile.requireRegular(named.path(), "the file");
                    return null;
                });
            }
            if (configuration instanceof SensitivityCheckConfig check) {
                Limits.require("--scale", "grid x --scale " + options.scale(),
                        Math.round(Math.min(Long.MAX_VALUE / 2.0, check.grid() * options.scale())), Limits.MAX_GRID,
                        "use a smaller --scale");
                Injector injector = Graphs.run(root, new RunModule<>(SensitivityCheckConfig.class, check, options));
                return new Check(Graphs.instance(injector, SensitivityCheckFactory.class).build());
            }
            if (configuration instanceof RegressionConfig regression) {
                Injector injector = Graphs.run(root, new RunModule<>(RegressionConfig.class, regression, options));
                return new Regression(Graphs.instance(injector, RegressionExperimentFactory.class).build());
            }
            if (configuration instanceof RegressionSensitivityConfig sensitivity) {
                Injector injector = Graphs.run(root, new RunModule<>(RegressionSensitivityConfig.class, sensitivity,
                        options));
                return new RegressionCheck(Graphs.instance(injector, RegressionSensitivityFactory.class).build());
            }
            ExperimentConfig config = (ExperimentConfig) configuration;
            Injector injector = Graphs.run(root, new ComparisonModule(config, options));
            return new Comparison(Graphs.instance(injector, Experiment.class), injector);
        });
    }

    private static <T> T prefixed(Path file, Supplier<T> action) {
        try {
            return action.get();
        } catch (ConfigException e) {
            String message = e.getMessage();
            throw new IllegalArgumentException(message.startsWith(file + " ") ? message : file + ": " + message, e);
        }
    }
}
