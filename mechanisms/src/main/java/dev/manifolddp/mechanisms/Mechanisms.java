package dev.manifolddp.mechanisms;

import java.util.List;
import java.util.Map;

/**
 * Static entry points over the mechanism providers on the class path, like {@code Geometries}:
 * {@code Mechanisms.create("kng", Map.of("burn-in", "5000"))} or {@code Mechanisms.parse("kng:burn-in=5000")}.
 * Providers are found with {@link java.util.ServiceLoader} through the thread's context class loader (falling back to
 * this class's loader); applications with a plugin class loader use {@link MechanismRegistry#load(ClassLoader)}.
 */
public final class Mechanisms {

    private Mechanisms() {
    }

    /** Creates a mechanism from its name and parameters. */
    public static Mechanism create(String name, Map<String, String> parameters) {
        return registry().create(name, parameters);
    }

    /** Creates a mechanism from {@code name[:key=value,...]}. */
    public static Mechanism parse(String spec) {
        return registry().parse(spec);
    }

    /** The provider of a name; fails with the list of known names. */
    public static MechanismProvider provider(String name) {
        return registry().provider(name);
    }

    /** Every provider found, sorted by name. */
    public static List<MechanismProvider> providers() {
        return registry().providers();
    }

    /** The registry over the current class loader. */
    public static MechanismRegistry registry() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return MechanismRegistry.load(loader != null ? loader : Mechanisms.class.getClassLoader());
    }
}
