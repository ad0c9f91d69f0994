package dev.manifolddp.experiments.check;

import com.google.inject.AbstractModule;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import dev.manifolddp.experiments.run.RunOptions;

/** Binds a sensitivity-check configuration and the command-line settings into the Guice graph. */
public final class SensitivityCheckModule extends AbstractModule {

    private final SensitivityCheckConfig config;
    private final RunOptions options;

    public SensitivityCheckModule(SensitivityCheckConfig config, RunOptions options) {
        this.config = config;
        this.options = options;
    }

    @Override
    protected void configure() {
        bind(SensitivityCheckConfig.class).toInstance(config);
        bind(RunOptions.class).toInstance(options);
    }
}
