package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.GeometryRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The mechanism providers visible from one class loader, found with {@link ServiceLoader}. Two providers with the
 * same name are an error naming both jars, so a plugin cannot silently shadow a built-in mechanism.
 */
public final class MechanismRegistry {

    private final Map<String, MechanismProvider> byName;
    private final List<MechanismProvider> providers;

    private MechanismRegistry(List<MechanismProvider> providers) {
        Map<String, MechanismProvider> names = new TreeMap<>();
        for (MechanismProvider provider : providers) {
            MechanismProvider previous = names.putIfAbsent(provider.name(), provider);
            if (previous != null && previous != provider) {
                throw new IllegalStateException(String.format(
                        "two mechanism providers claim the name '%s': %s from %s and %s from %s; remove one jar",
                        provider.name(), previous.getClass().getName(), GeometryRegistry.source(previous.getClass()),
                        provider.getClass().getName(), GeometryRegistry.source(provider.getClass())));
            }
        }
        this.byName = Collections.unmodifiableMap(names);
        this.providers = List.copyOf(names.values());
    }

    /** The providers registered in {@code META-INF/services} of every jar visible to {@code loader}. */
    public static MechanismRegistry load(ClassLoader loader) {
        List<MechanismProvider> found = new ArrayList<>();
        try {
            for (MechanismProvider provider : ServiceLoader.load(MechanismProvider.class, loader)) {
                found.add(provider);
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("a mechanism provider could not be loaded: " + e.getMessage(), e);
        }
        return new MechanismRegistry(found);
    }

    /** A registry over an explicit list of providers (tests, embedding applications). */
    public static MechanismRegistry of(List<MechanismProvider> providers) {
        return new MechanismRegistry(providers);
    }

    /** All providers, sorted by name. */
    public List<MechanismProvider> providers() {
        return providers;
    }

    /** The provider of a name; fails with the list of known names. */
    public MechanismProvider provider(String name) {
        MechanismProvider provider = byName.get(name == null ? null : name.trim());
        if (provider == null) {
            throw new IllegalArgumentException(String.format("unknown mechanism '%s'; known mechanisms: %s. "
                    + "Provided value: %s", name, byName.isEmpty() ? "none (no mechanism jar on the class path)"
                    : String.join(", ", byName.keySet()), name));
        }
        return provider;
    }

    /** Creates a mechanism from its name and parameters (unknown parameters fail with the accepted ones). */
    public Mechanism create(String name, Map<String, String> parameters) {
        return provider(name).create(parameters == null ? Map.of() : parameters);
    }

    /** Creates a mechanism from {@code name[:key=value[,key=value...]]}, e.g. {@code kng:burn-in=2000,thin=1}. */
    public Mechanism parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("a mechanism specification is needed, e.g. 'kng' or "
                    + "'tangent-gaussian:calibration=classical'. Provided value: " + spec);
        }
        String trimmed = spec.trim();
        int colon = trimmed.indexOf(':');
        String name = colon < 0 ? trimmed : trimmed.substring(0, colon).trim();
        Map<String, String> parameters = new LinkedHashMap<>();
        if (colon >= 0 && !trimmed.substring(colon + 1).isBlank()) {
            for (String pair : trimmed.substring(colon + 1).split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException(String.format("mechanism parameters are written key=value, "
                            + "separated by commas; '%s' is not. Provided value: %s", pair.trim(), spec));
                }
                String key = pair.substring(0, eq).trim();
                if (parameters.put(key, pair.substring(eq + 1).trim()) != null) {
                    throw new IllegalArgumentException(String.format(
                            "mechanism parameter '%s' is given twice. Provided value: %s", key, spec));
                }
            }
        }
        return create(name, parameters);
    }
}
