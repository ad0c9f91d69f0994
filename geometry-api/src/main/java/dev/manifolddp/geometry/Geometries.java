package dev.manifolddp.geometry;

import dev.manifolddp.spi.Registry;
import dev.manifolddp.spi.Spec;
import java.util.List;
import java.util.Map;

/**
 * Static entry points over the geometry providers on the class path: {@code Geometries.parse("sphere:d=2")}.
 *
 * <p>Providers are found with {@link java.util.ServiceLoader} through the thread's context class loader (falling
 * back to this class's loader), so a jar with a {@code META-INF/services} entry is all a new geometry needs.
 * Applications with a plugin class loader use {@link GeometryProvider#registry(ClassLoader)} directly.
 */
public final class Geometries {

    private Geometries() {
    }

    /** Creates a geometry from {@code name[:key=value,...]}, e.g. {@code spd/log-euclidean:k=3}. */
    public static Geometry parse(String spec) {
        return parse(registry(), spec);
    }

    /** Creates a geometry of {@code registry} from {@code name[:key=value,...]}. */
    public static Geometry parse(Registry<GeometryProvider> registry, String spec) {
        Spec parsed = Spec.parse(GeometryProvider.KIND.word(), GeometryProvider.EXAMPLE, spec);
        return registry.provider(parsed).create(parsed.parameters());
    }

    /** Creates a geometry from its name and parameters, e.g. {@code create("sphere", Map.of("d", "2"))}. */
    public static Geometry create(String name, Map<String, String> parameters) {
        return registry().provider(name).create(parameters);
    }

    /** Every provider found, sorted by name. */
    public static List<GeometryProvider> providers() {
        return registry().providers();
    }

    /** The registry over the current class loader. */
    public static Registry<GeometryProvider> registry() {
        return GeometryProvider.registry(Registry.contextLoader(Geometries.class));
    }
}
