package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/**
 * Creates a {@link DataGenerator} by name from configuration parameters, for a given geometry. Implementations are
 * listed in {@code META-INF/services/dev.manifolddp.sampling.data.DataGeneratorProvider} and need a public no-argument
 * constructor, so a plugin jar can add a data generator without changing any module.
 *
 * <p>Parameter values are strings; a list value (e.g. a ball centre {@code [0, 0, 1]} in a YAML configuration) is
 * passed with its entries joined by commas ({@code "0,0,1"}).
 */
public interface DataGeneratorProvider {

    /** The name used in configurations, e.g. {@code sphere-cap}. */
    String name();

    /** Other names that reach this provider. */
    default List<String> aliases() {
        return List.of();
    }

    /** A one-sentence description for listings. */
    String description();

    /** The parameters {@link #create} accepts. */
    List<ParameterSpec> parameters();

    /**
     * Creates the generator for {@code geometry}. Fails with {@link IllegalArgumentException} naming the parameter on
     * an unknown key, a missing required key, a bad value, or a geometry the generator cannot serve.
     */
    DataGenerator create(Geometry geometry, Map<String, String> parameters);
}
