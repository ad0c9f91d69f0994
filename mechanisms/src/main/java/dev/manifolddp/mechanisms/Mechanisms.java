package dev.manifolddp.mechanisms;

import dev.manifolddp.spi.Registry;
import dev.manifolddp.spi.Spec;
import java.util.List;
import java.util.Map;

/**
 * Static entry points over the mechanism providers on the class path, like {@code Geometries}:
 * {@code Mechanisms.create("kng", Map.of("burn-in", "5000"))} or {@code Mechanisms.parse("kng:burn-in=5000")}.
 * Providers are found with {@link java.util.ServiceLoader} through the thread's context class loader (falling back to
 * this class's loader); applications with a plugin class loader use {@link MechanismProvider#registry(ClassLoader)}.
 */
public final class Mechanisms {

    private Mechanisms() {
    }

    /** Creates a mechanism from its name and parameters (null parameters mean none). */
    public static Mechanism create(String name, Map<String, String> parameters) {
        return provider(name).create(parameters == null ? Map.of() : parameters);
    }

    /** Creates a mechanism from {@code name[:key=value,...]}. */
    public static Mechanism parse(String spec) {
        Spec parsed = Spec.parse(MechanismProvider.KIND.word(), MechanismProvider.EXAMPLE, spec);
        return registry().provider(parsed).create(parsed.parameters());
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
    public static Registry<MechanismProvider> registry() {
        return MechanismProvider.registry(Registry.contextLoader(Mechanisms.class));
    }
}
