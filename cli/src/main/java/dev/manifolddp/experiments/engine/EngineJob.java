package dev.manifolddp.experiments.engine;

import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunOptions;
import java.nio.file.Path;

/**
 * What an engine needs to run an experiment elsewhere: the experiment as the driver built it, and what a worker
 * rebuilds it from (the same configuration file, plugin jars and run options).
 *
 * @param experiment the experiment built on the driver
 * @param config     the configuration file (data paths in it are relative to its folder)
 * @param plugins    the plugin jars the experiment was built with (none without {@code --plugins})
 * @param options    the run options ({@code --scale} changes the replicate count, so workers need it)
 * @param master     the engine's cluster ({@code --master}), or null for the engine's default
 */
public record EngineJob(Experiment experiment, Path config, PluginJars plugins, RunOptions options, String master) {
}
