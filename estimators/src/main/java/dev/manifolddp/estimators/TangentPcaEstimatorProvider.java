package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * {@code tangent-pca}: the second-moment matrix of the records' tangent vectors at a public base point
 * ({@link TangentPcaEstimator}), released on R^{d(d+1)/2} with Frobenius sensitivity {@code sqrt(2) R^2/n}
 * (docs/tangent-pca.md); its eigenvectors are the principal modes.
 */
public final class TangentPcaEstimatorProvider implements EstimatorProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(ParameterSpec.optional("base",
            "the public base point p, comma-separated ambient coordinates (e.g. a privately released mean); empty: the "
                    + "public ball's centre", ""));

    @Override
    public String name() {
        return TangentPcaEstimator.NAME;
    }

    @Override
    public String description() {
        return "tangent PCA: (1/n) sum_i v_i v_i^T, v_i = log_p x_i at a public base point p (default the public "
                + "ball's centre), released as a symmetric matrix (the Analyze Gauss of Dwork et al. 2014, or a Laplace) and "
                + "turned into principal modes (docs/tangent-pca.md)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Estimator create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("estimator '" + TangentPcaEstimator.NAME + "'", PARAMETERS, parameters);
        return new TangentPcaEstimator(PointParameter.parse(TangentPcaEstimator.NAME, "base", checked.string("base")));
    }
}
