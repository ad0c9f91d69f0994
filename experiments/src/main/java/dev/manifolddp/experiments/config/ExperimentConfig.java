package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One experiment as written in its YAML file (see {@link ConfigReader} for the schema). Syntax and types are checked;
 * names of plugins and their parameters are checked when the experiment is built against the discovered providers.
 *
 * @param name        the experiment's name, also the output folder {@code results/<name>}
 * @param reproduces  the paper figure it reproduces, or null
 * @param seed        the master seed of the random streams
 * @param replicates  replicates per cell before {@code --scale}
 * @param threads     worker threads, 0 for all cores
 * @param geometry    the geometry specification, possibly with {@code {axis}} placeholders
 * @param data        the data source
 * @param sweep       the sweep axes in the order written (the first varies slowest)
 * @param estimator   the non-private estimator
 * @param mechanisms  the mechanisms compared
 * @param utility     the utility measure names
 * @param deviations  the author's notes on deviations from the paper's settings
 * @param nonPrivate  the run is knowingly non-private (data-derived bounds allowed)
 * @param plot        plot settings
 * @param pictures    the pictures of releases to draw, or null for none
 * @param file        the configuration file (its folder resolves relative data paths)
 * @param document    the parsed document, recorded in run.json
 */
public record ExperimentConfig(String name, String reproduces, long seed, int replicates, int threads, String geometry,
        DataConfig data, List<SweepAxis> sweep, PluginRef estimator, List<MechanismConfig> mechanisms,
        List<String> utility, List<String> deviations, boolean nonPrivate, PlotConfig plot, PicturesConfig pictures, Path file,
        JsonNode document) implements Configuration {

    public ExperimentConfig {
        sweep = List.copyOf(sweep);
        mechanisms = List.copyOf(mechanisms);
        utility = List.copyOf(utility);
        deviations = List.copyOf(deviations);
    }

    /** The axis of that name, if the sweep has one. */
    public Optional<SweepAxis> axis(String axisName) {
        return sweep.stream().filter(axis -> axis.name().equals(axisName)).findFirst();
    }

    /** The folder relative paths are resolved against. */
    public Path baseDirectory() {
        Path parent = file == null ? null : file.toAbsolutePath().getParent();
        return parent == null ? Path.of("").toAbsolutePath() : parent;
    }

    @Override
    public String kind() {
        return ConfigReader.KIND_MECHANISMS;
    }
}
