package dev.manifolddp.experiments.plugins;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;
import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.experiments.utility.UtilityMeasure;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.sampling.data.DataGeneratorProvider;

/**
 * The core of the Guice graph: one {@link MapBinder} per kind of component, keyed by name and filled from
 * the {@link ProviderCatalog} found by ServiceLoader. A plugin's own Guice module may add entries to the same maps
 * with {@code MapBinder.newMapBinder(binder(), String.class, UtilityMeasure.class).addBinding("name")}; a name bound
 * twice fails when the injector is created.
 */
public final class CoreModule extends AbstractModule {

    private final PluginJars plugins;
    private final ProviderCatalog catalog;

    public CoreModule(PluginJars plugins, ProviderCatalog catalog) {
        this.plugins = plugins;
        this.catalog = catalog;
    }

    @Override
    protected void configure() {
        bind(PluginJars.class).toInstance(plugins);
        bind(ProviderCatalog.class).toInstance(catalog);
        MapBinder<String, GeometryProvider> geometries =
                MapBinder.newMapBinder(binder(), String.class, GeometryProvider.class);
        catalog.geometries().forEach(provider -> geometries.addBinding(provider.name()).toInstance(provider));
        MapBinder<String, EstimatorProvider> estimators =
                MapBinder.newMapBinder(binder(), String.class, EstimatorProvider.class);
        catalog.estimators().forEach(provider -> estimators.addBinding(provider.name()).toInstance(provider));
        MapBinder<String, MechanismProvider> mechanisms =
                MapBinder.newMapBinder(binder(), String.class, MechanismProvider.class);
        catalog.mechanisms().forEach(provider -> mechanisms.addBinding(provider.name()).toInstance(provider));
        MapBinder<String, DataGeneratorProvider> generators =
                MapBinder.newMapBinder(binder(), String.class, DataGeneratorProvider.class);
        catalog.generators().forEach(provider -> generators.addBinding(provider.name()).toInstance(provider));
        MapBinder<String, UtilityMeasure> utilities =
                MapBinder.newMapBinder(binder(), String.class, UtilityMeasure.class);
        catalog.utilities().forEach(measure -> utilities.addBinding(measure.name()).toInstance(measure));
    }
}
