package dev.manifolddp.experiments.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of {@code mechanisms}: the provider name, the label that names its series in outputs (the name when not
 * given), and its parameters as strings.
 *
 * @param name   the mechanism provider name
 * @param label  the label in outputs; unique within the configuration
 * @param params the parameters (list values comma-joined)
 * @param path   where the entry sits, e.g. {@code mechanisms[2]}
 */
public record MechanismConfig(String name, String label, Map<String, String> params, String path) {

    public MechanismConfig {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }
}
