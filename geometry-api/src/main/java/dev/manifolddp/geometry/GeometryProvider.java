package dev.manifolddp.geometry;

import dev.manifolddp.spi.Provider;
import dev.manifolddp.spi.Registry;

/**
 * Creates geometries of one kind by name. Implementations are listed in
 * {@code META-INF/services/dev.manifolddp.geometry.GeometryProvider} and found by a {@link Registry} (through
 * {@link Geometries} or {@link #registry(ClassLoader)}); they need a public no-argument constructor.
 * {@link #name()} equals {@link Geometry#name()} of what it creates.
 */
public interface GeometryProvider extends Provider<Geometry> {

    /** The words of this kind in listings and messages. */
    Registry.Kind KIND = new Registry.Kind("geometry", "geometries");

    /** An example specification, shown when a specification is missing. */
    String EXAMPLE = "sphere:d=2";

    /** The geometry providers visible to {@code loader}. */
    static Registry<GeometryProvider> registry(ClassLoader loader) {
        return Registry.load(GeometryProvider.class, KIND, loader);
    }
}
