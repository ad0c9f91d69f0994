package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunOptions;
import java.nio.file.Path;

/**
 * The public way to build a mechanism comparison from its file exactly as {@code mdp run} does: a distributed
 * engine's workers call it to rebuild, from the same file, plugins and options, the experiment the driver built.
 */
public final class Experiments {

    private Experiments() {
    }

    /** Builds the comparison in {@code config}; fails with the file's message for any other kind. */
    public static Experiment load(Path config, PluginJars plugins, RunOptions options) {
        ExperimentLoader.Loaded loaded = ExperimentLoader.load(config, plugins, options, null);
        if (loaded instanceof ExperimentLoader.Comparison comparison) {
            return comparison.experiment();
        }
        throw new IllegalArgumentException(config + ": --engine runs mechanism comparisons (kind: mechanisms) "
                + "only; run this configuration without --engine");
    }
}
