package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.study.ExperimentLoader;
import dev.manifolddp.experiments.study.Study;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mdp validate CONFIG}: checks a configuration completely (keys, values, sizes, plugin names and parameters;
 * creates the geometry, data source, estimator, mechanisms and utility measures of every cell, and checks every
 * cell's calibration, then draws each cell's first replicate from the run's own stream and checks its records and
 * non-private estimate, {@link dev.manifolddp.experiments.run.CalibrationCheck}) without releasing anything.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a configuration without running it.")
final class ValidateCommand implements Callable<Integer> {

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Parameters(index = "0", paramLabel = "CONFIG", description = "The experiment's YAML file.")
    Path config;

    @Mixin
    PluginsOption plugins;

    @Override
    public Integer call() {
        return plugins.run(null, root -> {
            Study study = ExperimentLoader.load(config, root, RunOptions.defaults());
            parent.out.printf(Locale.ROOT, "%s is valid: %s%n", config, study.validity());
            return 0;
        });
    }
}
