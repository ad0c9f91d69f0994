package dev.manifolddp.experiments.plugins;

import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.experiments.utility.UtilityMeasure;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.sampling.data.DataGeneratorProvider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * Every provider registered in {@code META-INF/services} of the jars visible to one class loader, for the five kinds
 * of component. Two providers of one kind that claim the same name (or alias) are an error naming both jars, so a
 * plugin can never silently shadow another component.
 */
public final class ProviderCatalog {

    private final List<GeometryProvider> geometries;
    private final List<EstimatorProvider> estimators;
    private final List<MechanismProvider> mechanisms;
    private final List<DataGeneratorProvider> generators;
    private final List<UtilityMeasure> utilities;

    private ProviderCatalog(ClassLoader loader) {
        this.geometries = load(GeometryProvider.class, loader, ProviderKind.GEOMETRY, GeometryProvider::name,
                GeometryProvider::aliases);
        this.estimators = load(EstimatorProvider.class, loader, ProviderKind.ESTIMATOR, EstimatorProvider::name,
                p -> List.of());
        this.mechanisms = load(MechanismProvider.class, loader, ProviderKind.MECHANISM, MechanismProvider::name,
                p -> List.of());
        this.generators = load(DataGeneratorProvider.class, loader, ProviderKind.DATA_GENERATOR,
                DataGeneratorProvider::name, DataGeneratorProvider::aliases);
        this.utilities = load(UtilityMeasure.class, loader, ProviderKind.UTILITY, UtilityMeasure::name,
                p -> List.of());
    }

    /** The providers visible from {@code loader}. */
    public static ProviderCatalog load(ClassLoader loader) {
        return new ProviderCatalog(loader);
    }

    public List<GeometryProvider> geometries() {
        return geometries;
    }

    public List<EstimatorProvider> estimators() {
        return estimators;
    }

    public List<MechanismProvider> mechanisms() {
        return mechanisms;
    }

    public List<DataGeneratorProvider> generators() {
        return generators;
    }

    public List<UtilityMeasure> utilities() {
        return utilities;
    }

    private static <P> List<P> load(Class<P> type, ClassLoader loader, ProviderKind kind, Function<P, String> name,
            Function<P, List<String>> aliases) {
        List<P> found = new ArrayList<>();
        try {
            for (P provider : ServiceLoader.load(type, loader)) {
                found.add(provider);
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException(String.format("a %s provider could not be loaded: %s", kind.word(),
                    e.getMessage()), e);
        }
        Map<String, P> claimed = new HashMap<>();
        for (P provider : found) {
            List<String> names = new ArrayList<>();
            names.add(name.apply(provider));
            names.addAll(aliases.apply(provider));
            for (String key : names) {
                P previous = claimed.putIfAbsent(key, provider);
                if (previous != null && previous != provider) {
                    throw new IllegalStateException(String.format(
                            "two %s providers claim the name '%s': %s from %s and %s from %s; remove one of the jars",
                            kind.word(), key, previous.getClass().getName(),
                            dev.manifolddp.geometry.GeometryRegistry.source(previous.getClass()),
                            provider.getClass().getName(),
                            dev.manifolddp.geometry.GeometryRegistry.source(provider.getClass())));
                }
            }
        }
        found.sort(Comparator.comparing(name));
        return List.copyOf(found);
    }
}
