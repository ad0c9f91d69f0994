package dev.example.euclid;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;
import dev.manifolddp.experiments.utility.UtilityMeasure;

/** The plugin's Guice module: adds a utility measure to the experiments' map of measures. */
public final class EuclidModule extends AbstractModule {

    @Override
    protected void configure() {
        MapBinder.newMapBinder(binder(), String.class, UtilityMeasure.class)
                .addBinding("max-coordinate-error").to(MaxCoordinateError.class);
    }
}
