package dev.manifolddp.experiments.cli;

import com.google.inject.Injector;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ConfigFiles;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.Configuration;
import dev.manifolddp.experiments.data.InputFile;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.study.Study;
import dev.manifolddp.experiments.study.StudyKinds;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Reads a configuration and builds the {@link Study} its kind names ({@link StudyKinds}: a mechanism comparison, a
 * sensitivity check, a regression experiment or a regression-sensitivity check) for run and validate. Configuration
 * errors are prefixed with the file.
 */
final class ExperimentLoader {

    private ExperimentLoader() {
    }

    /** Reads {@code file} and builds the study of its kind, in a child injector of {@code root}. */
    static Study load(Path file, Injector root, RunOptions options) {
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

    private static <T> T prefixed(Path file, Supplier<T> action) {
        try {
            return action.get();
        } catch (ConfigException e) {
            String message = e.getMessage();
            throw new IllegalArgumentException(message.startsWith(file + " ") ? message : file + ": " + message, e);
        }
    }
}
