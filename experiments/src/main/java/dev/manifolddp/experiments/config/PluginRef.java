package dev.manifolddp.experiments.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A named plugin with its parameters as strings (list values comma-joined), as written in the configuration.
 *
 * @param name   the provider name
 * @param params the parameters, in the order written
 * @param path   where the reference sits in the document, for messages (e.g. {@code estimator})
 */
public record PluginRef(String name, Map<String, String> params, String path) {

    public PluginRef {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }
}
