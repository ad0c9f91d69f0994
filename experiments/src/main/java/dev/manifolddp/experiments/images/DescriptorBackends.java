package dev.manifolddp.experiments.images;

import dev.manifolddp.experiments.spi.DescriptorBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Finds a {@link DescriptorBackend} by name among those {@link ServiceLoader} sees through the thread's context class
 * loader (so a plugin jar can add one). {@value JavaDescriptors#NAME} is the default and always present.
 */
public final class DescriptorBackends {

    /** The backend used when a configuration names none. */
    public static final String DEFAULT = JavaDescriptors.NAME;

    private DescriptorBackends() {
    }

    /** Every backend found, by name. */
    public static Map<String, DescriptorBackend> all() {
        Map<String, DescriptorBackend> found = new TreeMap<>();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (DescriptorBackend backend : ServiceLoader.load(DescriptorBackend.class,
                loader == null ? DescriptorBackends.class.getClassLoader() : loader)) {
            found.putIfAbsent(backend.name(), backend);
        }
        found.putIfAbsent(JavaDescriptors.NAME, new JavaDescriptors());
        return found;
    }

    /**
     * The backend called {@code name}.
     *
     * @throws IllegalArgumentException listing the known backends when none has that name
     */
    public static DescriptorBackend named(String name) {
        Map<String, DescriptorBackend> all = all();
        DescriptorBackend backend = all.get(name);
        if (backend == null) {
            throw new IllegalArgumentException("unknown descriptor backend '" + name + "'; known backends: "
                    + String.join(", ", new ArrayList<>(all.keySet())) + ". Provided value: " + name);
        }
        return backend;
    }

    /** The names of the backends found, sorted. */
    public static List<String> names() {
        return List.copyOf(all().keySet());
    }
}
