package dev.manifolddp.geometry;

import java.util.List;
import java.util.Map;

/**
 * Creates geometries of one kind by name. Implementations are listed in
 * {@code META-INF/services/dev.manifolddp.geometry.GeometryProvider} and found by {@link Geometries}; they need a
 * public no-argument constructor.
 */
public interface GeometryProvider {

    /** The name used in specifications, equal to {@link Geometry#name()} of what it creates. */
    String name();

    /** Other names that reach this provider (e.g. {@code "spd"} for {@code "spd/affine-invariant"}). */
    default List<String> aliases() {
        return List.of();
    }

    /** A one-sentence description for listings. */
    String description();

    /** The parameters {@link #create(Map)} accepts. */
    List<ParameterSpec> parameters();

    /**
     * Creates the geometry. Fails with {@link IllegalArgumentException} naming the parameter on an unknown key, a
     * missing required key or a bad value; {@link Parameters#check} does this against {@link #parameters()}.
     */
    Geometry create(Map<String, String> parameters);
}
