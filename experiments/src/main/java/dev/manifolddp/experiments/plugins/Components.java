package dev.manifolddp.experiments.plugins;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.sampling.data.DataGeneratorProvider;
import dev.manifolddp.spi.Provider;
import dev.manifolddp.spi.Registry;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.ArrayList;
import java.util.List;

/**
 * The five registries of one command, each found once by ServiceLoader through the plugin class loader: the shared,
 * stateless root of the Guice graph (a singleton of the root injector; every run's child injector sees the same
 * one). Two jars claiming one name fail here, naming both.
 */
@Singleton
public final class Components {

    private final Registry<GeometryProvider> geometries;
    private final Registry<EstimatorProvider> estimators;
    private final Registry<MechanismProvider> mechanisms;
    private final Registry<DataGeneratorProvider> generators;
    private final Registry<UtilityMeasure> utilities;

    @Inject
    public Components(PluginJars plugins) {
        this(GeometryProvider.registry(plugins.loader()), EstimatorProvider.registry(plugins.loader()),
                MechanismProvider.registry(plugins.loader()), DataGeneratorProvider.registry(plugins.loader()),
                UtilityMeasure.registry(plugins.loader()));
    }

    /** Components over explicit registries (tests, embedding applications with their own providers). */
    public Components(Registry<GeometryProvider> geometries, Registry<EstimatorProvider> estimators,
            Registry<MechanismProvider> mechanisms, Registry<DataGeneratorProvider> generators,
            Registry<UtilityMeasure> utilities) {
        this.geometries = geometries;
        this.estimators = estimators;
        this.mechanisms = mechanisms;
        this.generators = generators;
        this.utilities = utilities;
    }

    /** The components of the application's own class path (no plugin folder). */
    public static Components builtIn() {
        return new Components(PluginJars.none());
    }

    /** Creates a geometry from {@code name[:key=value,...]}; unknown names fail with the known ones. */
    public Geometry geometry(String spec) {
        return Geometries.parse(geometries, spec);
    }

    public Registry<GeometryProvider> geometries() {
        return geometries;
    }

    public Registry<EstimatorProvider> estimators() {
        return estimators;
    }

    public Registry<MechanismProvider> mechanisms() {
        return mechanisms;
    }

    public Registry<DataGeneratorProvider> generators() {
        return generators;
    }

    public Registry<UtilityMeasure> utilities() {
        return utilities;
    }

    /** Every component, sorted by kind then name, for listings. */
    public List<ProviderEntry> entries() {
        List<ProviderEntry> entries = new ArrayList<>();
        add(entries, ProviderKind.GEOMETRY, geometries);
        add(entries, ProviderKind.ESTIMATOR, estimators);
        add(entries, ProviderKind.MECHANISM, mechanisms);
        add(entries, ProviderKind.DATA_GENERATOR, generators);
        add(entries, ProviderKind.UTILITY, utilities);
        return entries;
    }

    private static void add(List<ProviderEntry> entries, ProviderKind kind, Registry<?> registry) {
        for (Provider<?> provider : registry.providers()) {
            entries.add(ProviderEntry.of(kind, provider));
        }
    }
}
