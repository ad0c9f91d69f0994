package dev.manifolddp.experiments.plugins;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.spi.Provider;
import dev.manifolddp.spi.Registry;
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

    /** The entry of a provider, its source being the provider class's code source. */
    static ProviderEntry of(ProviderKind kind, Provider<?> provider) {
        return new ProviderEntry(kind, provider.name(), provider.aliases(), provider.description(),
                provider.parameters(), Registry.source(provider.getClass()), provider);
    }
}
