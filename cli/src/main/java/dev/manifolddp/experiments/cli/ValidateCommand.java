package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunOptions;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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
            ExperimentLoader.Loaded loaded = ExperimentLoader.load(config, root, RunOptions.defaults());
            if (loaded instanceof ExperimentLoader.Check check) {
                parent.out.printf(Locale.ROOT, "%s is valid: a sensitivity check on %s over %d radii with %d grid "
                        + "points per circle%n", config, check.check().geometry().spec(),
                        check.check().config().radii().size(), check.check().perCircle());
                return 0;
            }
            if (loaded instanceof ExperimentLoader.Regression regression) {
                parent.out.printf(Locale.ROOT, "%s is valid: a regression experiment on %s, %d cells x %d replicates "
                        + "= %d releases; every cell's mechanism built without drawing%n", config,
                        regression.experiment().geometry().spec(), regression.experiment().cells().size(),
                        regression.experiment().replicates(), regression.experiment().releases());
                return 0;
            }
            if (loaded instanceof ExperimentLoader.RegressionCheck regressionCheck) {
                parent.out.printf(Locale.ROOT, "%s is valid: a regression-sensitivity check, %d cells (geometry, n) "
                        + "x %d adjacent pairs; every domain accepted and every Delta computed without drawing%n",
                        config, regressionCheck.check().cells().size(), regressionCheck.check().replicates());
                return 0;
            }
            Experiment experiment = ((ExperimentLoader.Comparison) loaded).experiment();
            parent.out.printf(Locale.ROOT, "%s is valid: %d cells (%s) x %d mechanisms (%s) x %d replicates = %d "
                    + "releases; every cell's calibration checked, and its first replicate's data and estimate%n", config, experiment.cells().size(),
                    experiment.axes().stream().map(SweepAxis::name).collect(Collectors.joining(" x ")),
                    experiment.mechanisms().size(), experiment.mechanisms().stream().map(m -> m.label())
                            .collect(Collectors.joining(", ")), experiment.replicates(), experiment.releases());
            return 0;
        });
    }
}
