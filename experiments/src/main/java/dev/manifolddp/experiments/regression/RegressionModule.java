package dev.manifolddp.experiments.regression;

import com.google.inject.AbstractModule;
import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.experiments.run.RunOptions;

/** Binds a regression configuration and the command-line settings into the Guice graph. */
public final class RegressionModule extends AbstractModule {

    private final RegressionConfig config;
    private final RunOptions options;

    public RegressionModule(RegressionConfig config, RunOptions options) {
        this.config = config;
        this.options = options;
    }

    @Override
    protected void configure() {
        bind(RegressionConfig.class).toInstance(config);
        bind(RunOptions.class).toInstance(options);
    }
}
