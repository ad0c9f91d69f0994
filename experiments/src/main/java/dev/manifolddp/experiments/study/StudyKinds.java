package dev.manifolddp.experiments.study;

import com.google.inject.Injector;
import dev.manifolddp.experiments.check.SensitivityCheckFactory;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.Configuration;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.Limits;
import dev.manifolddp.experiments.config.RegressionSensitivityConfig;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityFactory;
import dev.manifolddp.experiments.run.ComparisonModule;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunModule;
import dev.manifolddp.experiments.run.RunOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The kinds of study by name ({@code kind:} in a configuration): how each builds its {@link Study} in a child
 * injector of the command's graph. The reader ({@link ConfigReader}) decided the kind by the same name; nothing
 * downstream tests a configuration's class.
 */
public final class StudyKinds {

    /** Builds the study of one kind from its parsed configuration. */
    @FunctionalInterface
    private interface Builder {
        Study build(Configuration configuration, Injector root, RunOptions options);
    }

    private static final Map<String, Builder> BUILDERS = new LinkedHashMap<>();

    static {
        BUILDERS.put(ConfigReader.KIND_MECHANISMS, (configuration, root, options) -> {
            Injector graph = Graphs.run(root, new ComparisonModule((ExperimentConfig) configuration, options));
            return new ComparisonStudy(Graphs.instance(graph, Experiment.class), graph);
        });
        BUILDERS.put(ConfigReader.KIND_SENSITIVITY_CHECK, (configuration, root, options) -> {
            SensitivityCheckConfig check = (SensitivityCheckConfig) configuration;
            Limits.require("--scale", "grid x --scale " + options.scale(),
                    Math.round(Math.min(Long.MAX_VALUE / 2.0, check.grid() * options.scale())), Limits.MAX_GRID,
                    "use a smaller --scale");
            Injector graph = Graphs.run(root, new RunModule<>(SensitivityCheckConfig.class, check, options));
            return new CheckStudy(Graphs.instance(graph, SensitivityCheckFactory.class).build());
        });
        BUILDERS.put(ConfigReader.KIND_REGRESSION_SENSITIVITY, (configuration, root, options) -> {
            Injector graph = Graphs.run(root, new RunModule<>(RegressionSensitivityConfig.class,
                    (RegressionSensitivityConfig) configuration, options));
            return new RegressionCheckStudy(Graphs.instance(graph, RegressionSensitivityFactory.class).build());
        });
    }

    private StudyKinds() {
    }

    /** The study of {@code configuration}'s kind, built in a child injector of {@code root}. */
    public static Study build(Configuration configuration, Injector root, RunOptions options) {
        Builder builder = BUILDERS.get(configuration.kind());
        if (builder == null) {
            // a reader registered without a builder: a bug of this module, not of the configuration
            throw new IllegalStateException("no study kind '" + configuration.kind() + "'; known: "
                    + String.join(", ", BUILDERS.keySet()));
        }
        return builder.build(configuration, root, options);
    }
}
