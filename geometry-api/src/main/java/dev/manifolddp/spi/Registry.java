package dev.manifolddp.spi;

import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The providers of one kind visible from one class loader, found with {@link ServiceLoader}: the one registry of
 * geometries, estimators, mechanisms, data generators and utility measures. Two providers that claim the same name
 * or alias are an error naming both classes and the jars they came from, so a plugin can never silently shadow
 * another component; an unknown name fails with every known name.
 *
 * @param <P> the provider interface, e.g. {@code GeometryProvider}
 */
public final class Registry<P extends Provider<?>> {

    private final Kind kind;
    private final Map<String, P> byName;
    private final List<P> providers;

    /**
     * The words a registry uses in its messages.
     *
     * @param word   singular, e.g. {@code "data generator"}
     * @param plural plural, e.g. {@code "data generators"}
     */
    public record Kind(String word, String plural) {

        public Kind {
            Objects.requireNonNull(word, "word");
            Objects.requireNonNull(plural, "plural");
        }
    }

    private Registry(Kind kind, List<P> providers) {
        this.kind = kind;
        Map<String, P> names = new TreeMap<>();
        for (P provider : providers) {
            List<String> keys = new ArrayList<>();
            keys.add(provider.name());
            keys.addAll(provider.aliases());
            for (String key : keys) {
                P previous = names.putIfAbsent(key, provider);
                if (previous != null && previous != provider) {
                    throw new IllegalStateException(String.format(
                            "two %s providers claim the name '%s': %s from %s and %s from %s; remove one of the jars",
                            kind.word(), key, previous.getClass().getName(), source(previous.getClass()),
                            provider.getClass().getName(), source(provider.getClass())));
                }
            }
        }
        this.byName = Collections.unmodifiableMap(names);
        List<P> sorted = new ArrayList<>(providers);
        sorted.sort(Comparator.comparing(Provider::name));
        this.providers = List.copyOf(sorted);
    }

    /** Every {@code type} registered in {@code META-INF/services} of the jars visible to {@code loader}. */
    public static <P extends Provider<?>> Registry<P> load(Class<P> type, Kind kind, ClassLoader loader) {
        List<P> found = new ArrayList<>();
        try {
            for (P provider : ServiceLoader.load(type, loader)) {
                found.add(provider);
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException(String.format("a %s provider could not be loaded: %s", kind.word(),
                    e.getMessage()), e);
        }
        return new Registry<>(kind, found);
    }

    /** A registry over an explicit list of providers (tests, embedding applications). */
    public static <P extends Provider<?>> Registry<P> of(Kind kind, List<? extends P> providers) {
        // Not contains(null): List.of lists throw NullPointerException on it.
        if (providers == null || providers.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException(String.format("the %s providers must be a list without null entries. "
                    + "Provided value: %s", kind.word(), providers));
        }
        return new Registry<>(kind, List.copyOf(providers));
    }

    /** The class loader of the thread (falling back to {@code fallback}'s), for the static facades. */
    public static ClassLoader contextLoader(Class<?> fallback) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return loader != null ? loader : fallback.getClassLoader();
    }

    public Kind kind() {
        return kind;
    }

    /** All providers, sorted by name. */
    public List<P> providers() {
        return providers;
    }

    /** Every name and alias, sorted. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** The provider of a name or alias, if any. */
    public Optional<P> find(String name) {
        return Optional.ofNullable(name == null ? null : byName.get(name.trim()));
    }

    /** The provider of a name or alias; fails with the list of known names. */
    public P provider(String name) {
        if (name == null) {
            throw new IllegalArgumentException(String.format("the %s name is null; known %s: %s. Provided value: null",
                    kind.word(), kind.plural(), String.join(", ", byName.keySet())));
        }
        return find(name).orElseThrow(() -> new IllegalArgumentException(String.format(
                "unknown %s '%s'; known %s: %s", kind.word(), name, kind.plural(), byName.isEmpty()
                        ? "none (no " + kind.word() + " jar on the class path)" : String.join(", ", byName.keySet()))));
    }

    /** The provider a specification names, e.g. {@code sphere} for {@code sphere:d=2}. */
    public P provider(Spec spec) {
        return provider(spec.name());
    }

    /** Where a class was loaded from (its jar or folder), for listings and duplicate reports. */
    public static String source(Class<?> type) {
        CodeSource codeSource = type.getProtectionDomain().getCodeSource();
        URL location = codeSource == null ? null : codeSource.getLocation();
        return location == null ? "(unknown source)" : location.toString();
    }
}
