package dev.example.median;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/** Registers {@link FrechetMedian} as {@code frechet-median} (test plugin: one provider and one services line). */
public final class FrechetMedianProvider implements EstimatorProvider {

    @Override
    public String name() {
        return "plugin-median";
    }

    @Override
    public String description() {
        return "Frechet median argmin sum_i rho(x, x_i) (test plugin)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of();
    }

    @Override
    public Estimator create(Map<String, String> parameters) {
        if (!parameters.isEmpty()) {
            throw new IllegalArgumentException("plugin-median takes no parameters. Provided value: " + parameters);
        }
        return new FrechetMedian();
    }
}
