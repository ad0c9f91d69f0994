package dev.manifolddp.experiments.plugins;

import dev.manifolddp.geometry.GeometryRegistry;
import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;

/**
 * One discovered component as listed by {@code mdp list}: what it is, its names, parameters and the jar it came
 * from.
 *
 * @param kind        the kind of component
 * @param name        its configuration name
 * @param aliases     other names that reach it
 * @param description a one-sentence description
 * @param parameters  the parameters it accepts
 * @param source      the jar or folder its class was loaded from
 * @param instance    the provider object itself
 */
public record ProviderEntry(ProviderKind kind, String name, List<String> aliases, String description,
        List<ParameterSpec> parameters, String source, Object instance) {

    public ProviderEntry {
        aliases = List.copyOf(aliases);
        parameters = List.copyOf(parameters);
    }

    /** An entry whose source is the class's code source. */
    static ProviderEntry of(ProviderKind kind, String name, List<String> aliases, String description,
            List<ParameterSpec> parameters, Object instance) {
        return new ProviderEntry(kind, name, aliases, description, parameters,
                GeometryRegistry.source(instance.getClass()), instance);
    }

    /** Every name that reaches this entry. */
    public List<String> allNames() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(name), aliases.stream()).toList();
    }
}
