package dev.manifolddp.geometry;

import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The geometry providers visible from one class loader, found with {@link ServiceLoader}. Two providers that claim
 * the same name (or alias) are an error that names both jars, so that a plugin cannot silently shadow another.
 */
public final class GeometryRegistry {

    private final Map<String, GeometryProvider> byName;
    private final List<GeometryProvider> providers;

    private GeometryRegistry(List<GeometryProvider> providers) {
        Map<String, GeometryProvider> names = new TreeMap<>();
        for (GeometryProvider provider : providers) {
            List<String> keys = new ArrayList<>();
            keys.add(provider.name());
            keys.addAll(provider.aliases());
            for (String key : keys) {
                GeometryProvider previous = names.putIfAbsent(key, provider);
                if (previous != null && previous != provider) {
                    throw new IllegalStateException(String.format(
                            "two geometry providers claim the name '%s': %s from %s and %s from %s; remove one jar",
                            key, previous.getClass().getName(), source(previous.getClass()),
                            provider.getClass().getName(), source(provider.getClass())));
                }
            }
        }
        this.byName = Collections.unmodifiableMap(names);
        List<GeometryProvider> sorted = new ArrayList<>(providers);
        sorted.sort((a, b) -> a.name().compareTo(b.name()));
        this.providers = List.copyOf(sorted);
    }

    /** The providers registered in {@code META-INF/services} of every jar visible to {@code loader}. */
    public static GeometryRegistry load(ClassLoader loader) {
        List<GeometryProvider> found = new ArrayList<>();
        try {
            for (GeometryProvider provider : ServiceLoader.load(GeometryProvider.class, loader)) {
                found.add(provider);
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("a geometry provider could not be loaded: " + e.getMessage(), e);
        }
        return new GeometryRegistry(found);
    }

    /** A registry over an explicit list of providers (tests, embedding applications). */
    public static GeometryRegistry of(List<GeometryProvider> providers) {
        // Not contains(null): List.of lists throw NullPointerException on it.
        boolean hasNull = providers == null || providers.stream().anyMatch(java.util.Objects::isNull);
        if (hasNull) {
            throw new IllegalArgumentException("providers must be a list without null entries. Provided value: "
                    + providers);
        }
        return new GeometryRegistry(providers);
    }

    /** All providers, sorted by name. */
    public List<GeometryProvider> providers() {
        return providers;
    }

    /** The provider of a name or alias; fails with the list of known names. */
    public GeometryProvider provider(String name) {
        if (name == null) {
            throw new IllegalArgumentException(String.format(
                    "the geometry name is null; known geometries: %s. Provided value: null",
                    String.join(", ", byName.keySet())));
        }
        GeometryProvider provider = byName.get(name);
        if (provider == null) {
            throw new IllegalArgumentException(String.format("unknown geometry '%s'; known geometries: %s",
                    name, byName.isEmpty() ? "none (no geometry jar on the class path)" : String.join(", ",
                            byName.keySet())));
        }
        return provider;
    }

    /** Creates a geometry from its name and parameters. */
    public Geometry create(String name, Map<String, String> parameters) {
        GeometryProvider provider = provider(name);
        if (parameters == null) {
            throw new IllegalArgumentException(String.format(
                    "the parameters of geometry '%s' are null; pass an empty map for the defaults. It accepts: %s. "
                            + "Provided value: null", name, Parameters.describe(provider.parameters())));
        }
        return provider.create(parameters);
    }

    /** Creates a geometry from a specification {@code name[:key=value[,key=value...]]}. */
    public Geometry parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException(
                    "a geometry specification is needed, e.g. 'sphere:d=2' or 'spd/log-euclidean:k=3'");
        }
        String trimmed = spec.trim();
        int colon = trimmed.indexOf(':');
        String name = colon < 0 ? trimmed : trimmed.substring(0, colon).trim();
        Map<String, String> parameters = new LinkedHashMap<>();
        if (colon >= 0) {
            String rest = trimmed.substring(colon + 1).trim();
            if (!rest.isEmpty()) {
                for (String pair : rest.split(",")) {
                    int eq = pair.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException(String.format(
                                "geometry parameters are written key=value, separated by commas; '%s' is not. "
                                        + "Provided value: %s", pair.trim(), spec));
                    }
                    String key = pair.substring(0, eq).trim();
                    if (parameters.put(key, pair.substring(eq + 1).trim()) != null) {
                        throw new IllegalArgumentException(String.format(
                                "geometry parameter '%s' is given twice. Provided value: %s", key, spec));
                    }
                }
            }
        }
        return create(name, parameters);
    }

    /** Where a class was loaded from (its jar or folder), for listings and duplicate reports. */
    public static String source(Class<?> type) {
        CodeSource codeSource = type.getProtectionDomain().getCodeSource();
        URL location = codeSource == null ? null : codeSource.getLocation();
        return location == null ? "(unknown source)" : location.toString();
    }
}
