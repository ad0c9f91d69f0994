package dev.manifolddp.experiments.run;

import com.google.inject.AbstractModule;

/**
 * Binds one parsed configuration (of any kind: a sensitivity check, a regression, a regression-sensitivity check;
 * a mechanism comparison installs it inside {@link ComparisonModule}) and the run's command-line settings into the
 * run's child injector, where the kind's factory picks them up.
 *
 * @param <C> the configuration type
 */
public final class RunModule<C> extends AbstractModule {

    private final Class<C> type;
    private final C config;
    private final RunOptions options;

    public RunModule(Class<C> type, C config, RunOptions options) {
        this.type = type;
        this.config = config;
        this.options = options;
    }

    @Override
    protected void configure() {
        bind(type).toInstance(config);
        bind(RunOptions.class).toInstance(options);
    }
}
