package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * {@code frechet-variance}: the mean squared distance of the records from a public centre
 * ({@link FrechetVarianceEstimator}), with sensitivity {@code r^2/n} about the public ball's centre
 * (docs/frechet-variance.md).
 */
public final class FrechetVarianceEstimatorProvider implements EstimatorProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(ParameterSpec.optional("center",
            "the public centre c, comma-separated ambient coordinates (e.g. a privately released mean); empty: the "
                    + "public ball's centre", ""));

    @Override
    public String name() {
        return FrechetVarianceEstimator.NAME;
    }

    @Override
    public String description() {
        return "Frechet variance (1/n) sum_i rho(c, x_i)^2 about a public centre c (default the public ball's): a real "
                + "number released on the line with sensitivity r^2/n (docs/frechet-variance.md)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Estimator create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("estimator '" + FrechetVarianceEstimator.NAME + "'", PARAMETERS,
                parameters);
        return new FrechetVarianceEstimator(PointParameter.parse(FrechetVarianceEstimator.NAME, "center",
                checked.string("center")));
    }
}
