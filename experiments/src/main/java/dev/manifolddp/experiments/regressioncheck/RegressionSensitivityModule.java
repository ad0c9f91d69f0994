package dev.manifolddp.experiments.regressioncheck;

import com.google.inject.AbstractModule;
import dev.manifolddp.experiments.config.RegressionSensitivityConfig;
import dev.manifolddp.experiments.run.RunOptions;

/** Binds a regression-sensitivity configuration and the command-line settings into the Guice graph. */
public final class RegressionSensitivityModule extends AbstractModule {

    private final RegressionSensitivityConfig config;
    private final RunOptions options;

    public RegressionSensitivityModule(RegressionSensitivityConfig config, RunOptions options) {
        this.config = config;
        this.options = options;
    }

    @Override
    protected void configure() {
        bind(RegressionSensitivityConfig.class).toInstance(config);
        bind(RunOptions.class).toInstance(options);
    }
}
