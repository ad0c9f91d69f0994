package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.spi.Provider;
import dev.manifolddp.spi.Registry;
import java.util.Map;
import java.util.function.Function;

/**
 * Creates a {@link DataGenerator} by name from configuration parameters, for a given geometry. Implementations are
 * listed in {@code META-INF/services/dev.manifolddp.sampling.data.DataGeneratorProvider} and need a public no-argument
 * constructor, so a plugin jar can add a data generator without changing any module.
 *
 * <p>Parameter values are strings; a list value (e.g. a ball centre {@code [0, 0, 1]} in a YAML configuration) is
 * passed with its entries joined by commas ({@code "0,0,1"}).
 *
 * <p>A generator needs the geometry it draws on, so the generic {@link Provider#create(Map)} yields a function of the
 * geometry; implementations write {@link #create(Geometry, Map)} only.
 */
public interface DataGeneratorProvider extends Provider<Function<Geometry, DataGenerator>> {

    /** The words of this kind in listings and messages. */
    Registry.Kind KIND = new Registry.Kind("data generator", "data generators");

    /** The data generator providers visible to {@code loader}. */
    static Registry<DataGeneratorProvider> registry(ClassLoader loader) {
        return Registry.load(DataGeneratorProvider.class, KIND, loader);
    }

    /** The generator of these parameters on any geometry (checked when the geometry is given). */
    @Override
    default Function<Geometry, DataGenerator> create(Map<String, String> parameters) {
        return geometry -> create(geometry, parameters);
    }

    /**
     * Creates the generator for {@code geometry}. Fails with {@link IllegalArgumentException} naming the parameter on
     * an unknown key, a missing required key, a bad value, or a geometry the generator cannot serve.
     */
    DataGenerator create(Geometry geometry, Map<String, String> parameters);
}
