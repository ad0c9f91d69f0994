package dev.manifolddp.experiments.audit;

import dev.manifolddp.mechanisms.Mechanism;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A mechanism under audit: the instance, its registered name and the parameters it was created with.
 *
 * @param name       the mechanism's name, e.g. {@code kng}
 * @param parameters the parameters given to its provider (for the report)
 * @param mechanism  the instance
 */
public record AuditTarget(String name, Map<String, String> parameters, Mechanism mechanism) {

    public AuditTarget {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** The name with its parameters, e.g. {@code riemannian-laplace [sigma-rule=scaled:0.5]}. */
    public String label() {
        return parameters.isEmpty() ? name : name + " [" + parameters.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")) + "]";
    }
}
