package dev.manifolddp.spi;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/**
 * The one shape of every pluggable component: a name (and aliases) used in configurations and specifications, a
 * description and parameters for listings, and a factory. Geometries, estimators, mechanisms, data generators and
 * utility measures each have a sub-interface fixing {@code T}; implementations are listed in
 * {@code META-INF/services/<sub-interface>}, need a public no-argument constructor, and are found by a
 * {@link Registry}. A plugin jar implements one of the sub-interfaces and compiles against the API artifacts only.
 *
 * @param <T> what the provider creates
 */
public interface Provider<T> {

    /** The name used in configurations and specifications, e.g. {@code sphere} or {@code kng}. */
    String name();

    /** Other names that reach this provider (e.g. {@code "spd"} for {@code "spd/affine-invariant"}). */
    default List<String> aliases() {
        return List.of();
    }

    /** A one-sentence description for listings. */
    String description();

    /** The parameters {@link #create(Map)} accepts; none by default. */
    default List<ParameterSpec> parameters() {
        return List.of();
    }

    /**
     * Creates the component. Fails with {@link IllegalArgumentException} naming the parameter on an unknown key, a
     * missing required key or a bad value; {@link dev.manifolddp.geometry.Parameters#check} does this against
     * {@link #parameters()}.
     */
    T create(Map<String, String> parameters);
}
