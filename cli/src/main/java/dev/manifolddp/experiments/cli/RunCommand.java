package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.config.ConfigFiles;
import dev.manifolddp.experiments.engine.EngineRuns;
import dev.manifolddp.experiments.output.OutputFolder;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.RunEngine;
import dev.manifolddp.experiments.study.ExperimentLoader;
import dev.manifolddp.experiments.study.Study;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
            Study study = ExperimentLoader.load(config, root, options);
            OutputPaths paths = OutputPaths.of().input("CONFIG", config).inputs("--plugins", plugins.jars());
            List<ConfigFiles.Named> named = ConfigFiles.named(config);
            named.forEach(file -> paths.input(file.key(), file.path()));
            if (!study.distributable() && runEngine != null) {
                throw new IllegalArgumentException("--engine " + engine.name + " runs mechanism comparisons "
                        + "(kind: mechanisms) only; run this configuration without --engine");
            }
            Path folder = folder(paths, study.name());
            parent.out.println(study.plan(engine.local() ? null : "engine " + engine.name
                    + (engine.master == null ? "" : " (" + engine.master + ")")));
            Progress progress = Progress.create(options.progress() && study.tasks() > 0, study.tasks(), parent.err);
            Study.Engine distributed = runEngine == null ? null : (experiment, steps) -> EngineRuns.run(runEngine,
                    experiment, config, jars, options, engine.master, steps);
            Study.Finished finished = study.run(folder, distributed, progress);
            parent.out.printf(Locale.ROOT, "done in %.1f s; wrote %s: %s%n", finished.wallSeconds(), folder,
                    String.join(", ", finished.files()));
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

}
