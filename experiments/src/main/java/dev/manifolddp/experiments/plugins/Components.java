package dev.manifolddp.experiments.plugins;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.experiments.utility.UtilityMeasure;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.GeometryRegistry;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.sampling.data.DataGeneratorProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The components of the Guice graph, by kind and name: what {@link CoreModule} found by ServiceLoader plus whatever
 * plugin modules bound. Lookups fail with the list of known names.
 */
@Singleton
public final class Components {

    private final Map<String, GeometryProvider> geometries;
    private final Map<String, EstimatorProvider> estimators;
    private final Map<String, MechanismProvider> mechanisms;
    private final Map<String, DataGeneratorProvider> generators;
    private final Map<String, UtilityMeasure> utilities;
    private final GeometryRegistry geometryRegistry;

    @Inject
    public Components(Map<String, GeometryProvider> geometries, Map<String, EstimatorProvider> estimators,
            Map<String, MechanismProvider> mechanisms, Map<String, DataGeneratorProvider> generators,
            Map<String, UtilityMeasure> utilities) {
        this.geometries = new TreeMap<>(geometries);
        this.estimators = new TreeMap<>(estimators);
        this.mechanisms = new TreeMap<>(mechanisms);
        this.generators = new TreeMap<>(generators);
        this.utilities = new TreeMap<>(utilities);
        this.geometryRegistry = GeometryRegistry.of(new ArrayList<>(this.geometries.values()));
    }

    /** Geometry lookup and specification parsing over the bound providers (aliases included). */
    public GeometryRegistry geometries() {
        return geometryRegistry;
    }

    public Map<String, EstimatorProvider> estimators() {
        return estimators;
    }

    public Map<String, MechanismProvider> mechanisms() {
        return mechanisms;
    }

    public Map<String, DataGeneratorProvider> generators() {
        return generators;
    }

    public Map<String, UtilityMeasure> utilities() {
        return utilities;
    }

    /** The data generator of a name or alias. */
    public Optional<DataGeneratorProvider> generator(String name) {
        DataGeneratorProvider direct = generators.get(name);
        if (direct != null) {
            return Optional.of(direct);
        }
        return generators.values().stream().filter(provider -> provider.aliases().contains(name)).findFirst();
    }

    /** Every data generator name and alias, sorted. */
    public List<String> generatorNames() {
        List<String> names = new ArrayList<>();
        generators.values().forEach(provider -> {
            names.add(provider.name());
            names.addAll(provider.aliases());
        });
        names.sort(null);
        return names;
    }

    /** Every component, sorted by kind then name, for listings. */
    public List<ProviderEntry> entries() {
        List<ProviderEntry> entries = new ArrayList<>();
        geometries.forEach((name, p) -> entries.add(ProviderEntry.of(ProviderKind.GEOMETRY, name, p.aliases(),
                p.description(), p.parameters(), p)));
        estimators.forEach((name, p) -> entries.add(ProviderEntry.of(ProviderKind.ESTIMATOR, name, List.of(),
                p.description(), p.parameters(), p)));
        mechanisms.forEach((name, p) -> entries.add(ProviderEntry.of(ProviderKind.MECHANISM, name, List.of(),
                p.description(), p.parameters(), p)));
        generators.forEach((name, p) -> entries.add(ProviderEntry.of(ProviderKind.DATA_GENERATOR, name,
                p.aliases(), p.description(), p.parameters(), p)));
        utilities.forEach((name, p) -> entries.add(ProviderEntry.of(ProviderKind.UTILITY, name, List.of(),
                p.description(), List.of(), p)));
        return entries;
    }
}
