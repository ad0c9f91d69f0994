package dev.manifolddp.experiments.plan;

import dev.manifolddp.mechanisms.Mechanism;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A mechanism the plan predicts, created twice from the same parameters: {@code release} is configured exactly as
 * {@code mdp release} would configure it (its guarantee is the one the plan reports), {@code simulation} draws from the
 * same law with less work (KNG's fixed proposal budget only adds a failure event and a constant amount of work; the
 * simulation draws until acceptance, which is the same law conditioned on success).
 *
 * @param name       the provider name
 * @param parameters the parameters the user gave ({@code --param})
 * @param release    the mechanism as a release would run it
 * @param simulation the mechanism the simulation runs
 */
public record PlannedMechanism(String name, Map<String, String> parameters, Mechanism release, Mechanism simulation) {

    public PlannedMechanism {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** The name, with the user's parameters when there are any, e.g. {@code kng{sampler=exact}}. */
    public String label() {
        return parameters.isEmpty() ? name : parameters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(",", name + "{", "}"));
    }
}
