package dev.manifolddp.experiments.cli;

import com.google.inject.Key;
import dev.manifolddp.experiments.check.SensitivityCheck;
import dev.manifolddp.experiments.config.ConfigFiles;
import dev.manifolddp.experiments.config.Limits;
import dev.manifolddp.experiments.engine.EngineJob;
import dev.manifolddp.experiments.engine.RunEngine;
import dev.manifolddp.experiments.output.OutputFolder;
import dev.manifolddp.experiments.output.OutputWriter;
import dev.manifolddp.experiments.output.SensitivityCheckOutputs;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.regression.RegressionExperiment;
import dev.manifolddp.experiments.regression.RegressionOutputs;
import dev.manifolddp.experiments.regression.RegressionRunner;
import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityCheck;
import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityOutputs;
import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityRunner;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.RunOutput;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.run.Runner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code mdp run CONFIG}: runs an experiment and writes its outputs. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run an experiment configuration and write results/<name>/ (replicates.csv, summary.csv, "
                + "run.json, plots, summary.md; a sensitivity check writes summary.csv, run.json, its plot and "
                + "summary.md).")
final class RunCommand implements Callable<Integer> {

    private static final Key<Set<RunOutput>> OUTPUTS = new Key<>() {
    };

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Parameters(index = "0", paramLabel = "CONFIG", description = "The experiment's YAML file.")
    Path config;

    @Option(names = "--scale", paramLabel = "F", defaultValue = "1",
            description = "Multiply every replicate count by F (at least one replicate remains); a sensitivity "
                    + "check multiplies its grid instead.")
    double scale;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (0 = all cores); overrides the "
            + "configuration.")
    Integer threads;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default results/<name>).")
    Path out;

    @Mixin
    PluginsOption plugins;

    @Option(names = "--quiet", description = "No progress bar and no plugin log.")
    boolean quiet;

    @Option(names = "--force", description = "Write into an output folder that already holds files (the files "
            + "mdp writes are overwritten).")
    boolean force;

    @Mixin
    EngineOption engine;

    @Override
    public Integer call() {
        engine.check();
        RunOptions options = new RunOptions(scale, threads, out, !quiet && System.console() != null);
        return plugins.run(quiet ? null : parent.err, root -> {
            PluginJars jars = Graphs.instance(root, PluginJars.class);
            // an unknown engine fails before the experiment is built
            RunEngine runEngine = engine.engine(jars.loader());
            ExperimentLoader.Loaded loaded = ExperimentLoader.load(config, root, options);
            OutputPaths paths = OutputPaths.of().input("CONFIG", config).inputs("--plugins", plugins.jars());
            List<ConfigFiles.Named> named = ConfigFiles.named(config);
            named.forEach(file -> paths.input(file.key(), file.path()));
            if (!(loaded instanceof ExperimentLoader.Comparison) && runEngine != null) {
                throw new IllegalArgumentException("--engine " + engine.name + " runs mechanism comparisons "
                        + "(kind: mechanisms) only; run this configuration without --engine");
            }
            if (loaded instanceof ExperimentLoader.Check check) {
                return runCheck(check.check(), folder(paths, check.check().config().name()));
            }
            if (loaded instanceof ExperimentLoader.Regression regression) {
                return runRegression(regression.experiment(),
                        folder(paths, regression.experiment().config().name()), options);
            }
            if (loaded instanceof ExperimentLoader.RegressionCheck regressionCheck) {
                return runRegressionCheck(regressionCheck.check(),
                        folder(paths, regressionCheck.check().config().name()), options);
            }
            ExperimentLoader.Comparison comparison = (ExperimentLoader.Comparison) loaded;
            Experiment experiment = comparison.experiment();
            Path folder = folder(paths, experiment.config().name());
            parent.out.printf(Locale.ROOT, "%s: %d cells x %d mechanisms x %d replicates = %d releases on "
                    + "%s%n", experiment.config().name(), experiment.cells().size(),
                    experiment.mechanisms().size(), experiment.replicates(), experiment.releases(),
                    engine.local() ? experiment.threads() + " threads"
                            : "engine " + engine.name
                                    + (engine.master == null ? "" : " (" + engine.master + ")"));
            Limits.requireHeap(experiment.releases(), experiment.utilities().size(), Runtime.getRuntime().maxMemory(),
                    scale == 1 ? "replicates" : "--scale");
            long tasks = (long) experiment.cells().size() * experiment.replicates();
            Progress progress = Progress.create(options.progress(), tasks, parent.err);
            RunResult result = runEngine == null ? Graphs.instance(comparison.graph(), Runner.class).run(progress)
                    : runEngine.run(new EngineJob(experiment, config, jars, options, engine.master), progress);
            List<String> files = write(result, folder, Graphs.instance(comparison.graph(), OUTPUTS));
            parent.out.printf(Locale.ROOT, "done in %.1f s; wrote %s: %s%n", result.wallSeconds(), folder,
                    String.join(", ", files));
            return 0;
        });
    }

    /**
     * Says, before anything runs, that a run on the user's own files releases simulations: a run draws many releases
     * from the same records (every cell and replicate) and charges no budget ledger, so its total privacy loss is
     * unbounded and none of its outputs may be published (docs/accounting.md). Bundled datasets and generators are
     * public or synthetic and need no notice.
     */
    private void simulationNotice(List<ConfigFiles.Named> named) {
        List<String> own = named.stream().filter(file -> !file.bundled())
                .map(file -> file.key() + " = " + file.path()).toList();
        if (!own.isEmpty()) {
            parent.err.println("warning: this run reads your own file(s) (" + String.join(", ", own) + ") and "
                    + "makes many releases from the same records; they are simulations: no budget ledger is charged, "
                    + "their total privacy loss is unbounded, and neither they nor the summaries may be published. "
                    + "Use mdp release (charged to the ledger) for a release you will publish");
        }
    }

    /**
     * The checked output folder of a run named {@code name}: no input of the run lies in it. Once the run's inputs
     * and outputs passed every check, and before it starts, the simulation notice is given.
     */
    private Path folder(OutputPaths paths, String name) {
        Path folder = OutputFolder.resolve(out, name, force);
        paths.folder(out != null ? "--out" : "the output folder (from name)", folder).check(force);
        simulationNotice(ConfigFiles.named(config));
        return folder;
    }

    /** The standard files (OutputWriter), then every output that plugin modules bound in the run's graph. */
    private static List<String> write(RunResult result, Path folder, Set<RunOutput> outputs) {
        List<String> files = new ArrayList<>();
        try {
            Files.createDirectories(folder);
            files.addAll(OutputWriter.write(result, folder));
            for (RunOutput output : outputs) {
                files.addAll(output.write(result, folder));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results into " + folder + ": " + e.getMessage(), e);
        }
        return files;
    }

    private int runRegression(RegressionExperiment experiment, Path folder, RunOptions options) {
        parent.out.printf(Locale.ROOT, "%s: %d cells x %d replicates = %d regression releases on %d threads%n",
                experiment.config().name(), experiment.cells().size(), experiment.replicates(),
                experiment.releases(), experiment.threads());
        RegressionRunner.Result result = RegressionRunner.run(experiment,
                Progress.create(options.progress(), experiment.releases(), parent.err));
        List<String> files = RegressionOutputs.write(result, folder);
        parent.out.printf(Locale.ROOT, "done in %.1f s; wrote %s: %s%n", result.wallSeconds(), folder,
                String.join(", ", files));
        return 0;
    }

    private int runRegressionCheck(RegressionSensitivityCheck check, Path folder, RunOptions options) {
        parent.out.printf(Locale.ROOT, "%s: %d cells (geometry, n) x %d adjacent pairs x %d candidates on %d "
                + "threads%n", check.config().name(), check.cells().size(), check.replicates(),
                check.config().candidates(), check.threads());
        RegressionSensitivityRunner.Result result = RegressionSensitivityRunner.run(check,
                Progress.create(options.progress(), check.pairs(), parent.err));
        List<String> files = RegressionSensitivityOutputs.write(result, folder);
        parent.out.printf(Locale.ROOT, "done in %.1f s; wrote %s: %s%n", result.wallSeconds(), folder,
                String.join(", ", files));
        return 0;
    }

    private int runCheck(SensitivityCheck check, Path folder) {
        parent.out.printf(Locale.ROOT, "%s: sensitivity check on %s, %d radii, %d grid points per circle%n",
                check.config().name(), check.geometry().spec(), check.config().radii().size(), check.perCircle());
        SensitivityCheck.Result result = check.run();
        List<String> files = SensitivityCheckOutputs.write(result, folder);
        parent.out.printf(Locale.ROOT, "done in %.1f s; wrote %s: %s%n", result.wallSeconds(), folder,
                String.join(", ", files));
        return 0;
    }
}
