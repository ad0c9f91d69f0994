package dev.manifolddp.experiments.run;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.MapBinder;
import com.google.inject.multibindings.Multibinder;
import dev.manifolddp.experiments.config.DataConfig;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.spi.DataSourceFactory;
import dev.manifolddp.experiments.spi.RunOutput;

/**
 * The graph of one mechanism comparison, installed in the run's child injector: the configuration and command-line
 * settings, the data sources by name (the built-in {@code generator} and {@code images}; plugin modules add theirs
 * to the same {@code MapBinder<String, DataSourceFactory>}), the run's {@link DataNotes}, the experiment built from
 * them (every cell's geometry, data source, estimator, mechanisms and the utility measures, created by
 * {@link ExperimentFactory}), the runner, and the set of plugin outputs ({@link RunOutput}, the experiment SPI), empty
 * unless plugin modules add to it; the standard files are written before them. Singletons here, and those of plugin modules, live as long as the run.
 */
public final class ComparisonModule extends AbstractModule {

    private final ExperimentConfig config;
    private final RunOptions options;

    public ComparisonModule(ExperimentConfig config, RunOptions options) {
        this.config = config;
        this.options = options;
    }

    @Override
    protected void configure() {
        install(new RunModule<>(ExperimentConfig.class, config, options));
        bind(DataNotes.class).in(Singleton.class);
        MapBinder<String, DataSourceFactory> sources = MapBinder.newMapBinder(binder(), String.class,
                DataSourceFactory.class);
        sources.addBinding(DataConfig.GENERATOR).to(GeneratorSources.class);
        sources.addBinding(DataConfig.IMAGES).to(ImageSources.class);
        Multibinder.newSetBinder(binder(), RunOutput.class); // plugin outputs; empty without plugins
    }

    /** The experiment, checked up to the first draw (every cell's calibration). */
    @Provides
    @Singleton
    Experiment experiment(ExperimentFactory factory) {
        Experiment experiment = factory.build();
        CalibrationCheck.check(experiment);
        return experiment;
    }

    /** Worker threads see the plugin loader as their context loader. */
    @Provides
    Runner runner(Experiment experiment, PluginJars plugins) {
        return new Runner(experiment, plugins.loader());
    }
}
