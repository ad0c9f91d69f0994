package dev.manifolddp.experiments.config;

import java.nio.file.Path;

/**
 * A parsed configuration file of any kind (the top-level key {@code kind}): a mechanism comparison
 * ({@link ExperimentConfig}, the default kind {@value ConfigReader#KIND_MECHANISMS}) or a sensitivity check
 * ({@link SensitivityCheckConfig}, kind {@value ConfigReader#KIND_SENSITIVITY_CHECK}) or an empirical check of the
 * regression sensitivities ({@link RegressionSensitivityConfig}, kind {@value ConfigReader#KIND_REGRESSION_SENSITIVITY}).
 * A private geodesic regression is a mechanism comparison like any other: estimator {@code geodesic-regression}.
 */
public sealed interface Configuration permits ExperimentConfig, SensitivityCheckConfig,
        RegressionSensitivityConfig {

    /** The experiment's name, also its output folder {@code results/<name>}. */
    String name();

    /** The configuration file, or null when parsed from text. */
    Path file();

    /** The kind ({@code kind:}), the name its study is built by ({@code StudyKinds}). */
    String kind();
}
