package dev.manifolddp.experiments.config;

import com.google.inject.AbstractModule;
import dev.manifolddp.experiments.run.RunOptions;

/** Binds one parsed configuration and the run's command-line settings into the Guice graph. */
public final class ConfigModule extends AbstractModule {

    private final ExperimentConfig config;
    private final RunOptions options;

    public ConfigModule(ExperimentConfig config, RunOptions options) {
        this.config = config;
        this.options = options;
    }

    @Override
    protected void configure() {
        bind(ExperimentConfig.class).toInstance(config);
        bind(RunOptions.class).toInstance(options);
    }
}
