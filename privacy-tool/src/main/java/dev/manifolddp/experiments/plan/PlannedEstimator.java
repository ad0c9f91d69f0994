package dev.manifolddp.experiments.plan;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The estimand a plan predicts releases of: an estimator's provider name and the parameters the user gave
 * ({@code --estimator NAME --estimator-param KEY=VALUE}). Its error is measured where its releases live, on the
 * estimator's parameter space, as {@code mdp run} measures it.
 *
 * @param name       the provider name, e.g. {@code frechet-variance}
 * @param parameters the estimator's parameters
 */
public record PlannedEstimator(String name, Map<String, String> parameters) {

    /** The Frechet mean with its defaults: what a plan predicts unless told otherwise. */
    public static final PlannedEstimator MEAN = new PlannedEstimator("frechet-mean", Map.of());

    public PlannedEstimator {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** Whether this is the default Frechet mean (whose reports keep their wording). */
    public boolean isMean() {
        return MEAN.equals(this);
    }

    /** The name, with its parameters when there are any, e.g. {@code frechet-variance{center=0,0,1}}. */
    public String label() {
        return parameters.isEmpty() ? name : parameters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(";", name + "{", "}"));
    }
}
