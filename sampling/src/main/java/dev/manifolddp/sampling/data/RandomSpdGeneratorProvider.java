package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * {@code random-spd}: {@link RandomSpdGenerator} data, {@code U diag(lambda) U^T} with Haar U and
 * {@code lambda_i ~ U[e^-r, e^r]}, in the ball of radius {@code sqrt(k) r} around I (Utpala et al. 2023, §6.1,
 * Fig. 1: r = 1/4). The matrix size k comes from the geometry.
 */
public final class RandomSpdGeneratorProvider implements DataGeneratorProvider {

    /** The configuration name. */
    public static final String NAME = "random-spd";

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.optional("r", "log-eigenvalue bound r > 0: eigenvalues ~ U[e^-r, e^r]; the data lie in the "
                    + "ball of radius sqrt(k) r around I (Utpala et al. 2023, Fig. 1: 0.25)", "0.25"));

    /**
     * The largest r whose records stay finite through the geometry's arithmetic: eigenvalues up to e^r, and squared
     * Frobenius norms (eigensolvers and distances square the entries) up to {@code k e^(2r)}, so
     * {@code r <= ln(Double.MAX_VALUE / k) / 2} (about 354 for k = 2). Beyond it the records overflow to infinity and
     * every replicate fails; refusing the parameter names it before anything runs (issue 22, item 2).
     */
    static double maxR(int k) {
        return Math.log(Double.MAX_VALUE / k) / 2;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "random SPD(k) matrices with Haar eigenvectors and eigenvalues U[e^-r, e^r], in the ball of radius "
                + "sqrt(k) r around I (Utpala et al. 2023, §5)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public DataGenerator create(Geometry geometry, Map<String, String> parameters) {
        String owner = "data generator '" + NAME + "'";
        Parameters checked = Parameters.check(owner, PARAMETERS, parameters);
        int k = ParameterValues.matrixSize(owner, geometry);
        double[] identity = SmallMatrices.identity(k);
        geometry.pointViolation(identity, Geometry.DEFAULT_TOLERANCE).ifPresent(why -> {
            throw new IllegalArgumentException(String.format(
                    "%s needs the identity matrix to be a point of %s, but %s. Provided value: %s", owner,
                    geometry.spec(), why, geometry.spec()));
        });
        return new RandomSpdGenerator(k, checked.real("r", Double.MIN_VALUE, maxR(k)));
    }
}
