package dev.manifolddp.experiments.study;

import com.google.inject.Injector;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ConfigFiles;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.Configuration;
import dev.manifolddp.experiments.data.InputFile;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunOptions;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Reads a configuration and builds the {@link Study} its kind names ({@link StudyKinds}: a mechanism comparison, a
 * sensitivity check, a regression experiment or a regression-sensitivity check) for run and validate, and for a
 * distributed engine's workers. Configuration errors are prefixed with the file.
 */
public final class ExperimentLoader {

    private ExperimentLoader() {
    }

    /** Reads {@code file} and builds the study of its kind, in a child injector of {@code root}. */
    public static Study load(Path file, Injector root, RunOptions options) {
        return prefixed(file, () -> {
            Configuration configuration = ConfigReader.readAny(file);
            // before any reader opens them: a FIFO among the named files would block the build forever
            for (ConfigFiles.Named named : ConfigFiles.named(file)) {
                ConfigException.at(named.key(), () -> {
                    InputFile.requireRegular(named.path(), "the file");
                    return null;
                });
            }
            return StudyKinds.build(configuration, root, options);
        });
    }

    /**
     * Builds the mechanism comparison in {@code config} over {@code plugins}, as a distributed engine's worker does
     * ({@link dev.manifolddp.experiments.engine.ExperimentBlocks}); fails with the file's message for any other kind.
     */
    public static Experiment comparison(Path config, PluginJars plugins, RunOptions options) {
        Study study = load(config, Graphs.root(plugins, null), options);
        if (study instanceof ComparisonStudy comparison) {
            return comparison.experiment();
        }
        throw new IllegalArgumentException(config + ": --engine runs mechanism comparisons (kind: mechanisms) "
                + "only; run this configuration without --engine");
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
