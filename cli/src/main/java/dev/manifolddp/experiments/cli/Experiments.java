package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.audit.AuditTasks;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.study.ComparisonStudy;
import dev.manifolddp.experiments.study.Study;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;

/**
 * The public way to build what {@code mdp run} and {@code mdp audit} run, exactly as they do: a distributed engine's
 * workers call it to rebuild, from the same file, plugins and options (or the same audit arguments), what the driver
 * built.
 */
public final class Experiments {

    private Experiments() {
    }

    /** Builds the comparison in {@code config}; fails with the file's message for any other kind. */
    public static Experiment load(Path config, PluginJars plugins, RunOptions options) {
        Study study = ExperimentLoader.load(config, Graphs.root(plugins, null), options);
        if (study instanceof ComparisonStudy comparison) {
            return comparison.experiment();
        }
        throw new IllegalArgumentException(config + ": --engine runs mechanism comparisons (kind: mechanisms) "
                + "only; run this configuration without --engine");
    }

    /** The chunk tasks of {@code mdp audit ARGUMENTS}, as the command builds them. */
    public static AuditTasks audit(List<String> arguments) {
        AuditCommand command = new AuditCommand();
        new CommandLine(command).parseArgs(arguments.toArray(String[]::new));
        return command.tasks();
    }
}
