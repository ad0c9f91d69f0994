package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * {@code frechet-median}: the Frechet (geometric) median by Weiszfeld's iteration ({@link FrechetMedianEstimator}),
 * released by KNG with gradient sensitivity 2/n (docs/frechet-median.md).
 */
public final class FrechetMedianEstimatorProvider implements EstimatorProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.optional("tolerance", "stop threshold on the smallest subgradient's norm", "1e-10"),
            ParameterSpec.optional("max-iterations", "the largest number of Weiszfeld updates", "100000"));

    @Override
    public String name() {
        return FrechetMedianEstimator.NAME;
    }

    @Override
    public String description() {
        return "Frechet (geometric) median argmin sum_i rho(x, x_i): robust to outlying records; KNG releases it with "
                + "gradient sensitivity 2/n whatever the ball's radius (Fletcher et al. 2009; docs/frechet-median.md)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Estimator create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("estimator '" + FrechetMedianEstimator.NAME + "'", PARAMETERS,
                parameters);
        return new FrechetMedianEstimator(checked.positiveReal("tolerance"),
                checked.integer("max-iterations", 1, Integer.MAX_VALUE));
    }
}
