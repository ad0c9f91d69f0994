package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * {@code wishart}: {@link WishartGenerator} data, Wishart(V, df) matrices kept inside {@code rho(X, I) < radius}.
 * The defaults are the settings of Soto et al. 2022, Fig. 1 right as described in Soto et al. 2022, suppl. §2.3.1: V = I/k, df = k, radius 1.5
 * (Reimherr et al. 2021, suppl. §1.2.1 uses df = 2, which coincides for SPD(2)).
 */
public final class WishartGeneratorProvider implements DataGeneratorProvider {

    /** The configuration name. */
    public static final String NAME = "wishart";

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.optional("df", "degrees of freedom, > k - 1; 'k' means the matrix size (Soto et al. 2022, suppl. §2.3.1)", "k"),
            ParameterSpec.optional("radius", "geodesic radius r of the ball around I the draws are kept in", "1.5"),
            ParameterSpec.optional("scale", "the scale matrix V: 'I/k', or k*k comma-separated numbers (row-major, "
                    + "symmetric positive definite)", "I/k"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Wishart(V, df) SPD matrices with rejection to the ball rho(X, I) < r (Soto et al. 2022, Fig. 1 right)";
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
        String dfText = checked.string("df");
        double df = dfText.equals("k") ? k : ParameterValues.real(owner, "df", dfText);
        String scaleText = checked.string("scale");
        double[] scale;
        if (scaleText.replace(" ", "").equals("I/k")) {
            scale = SmallMatrices.identity(k);
            for (int i = 0; i < scale.length; i++) {
                scale[i] /= k;
            }
        } else {
            scale = ParameterValues.numbers(owner, "scale", scaleText, k * k);
        }
        return new WishartGenerator(geometry, scale, df, checked.positiveReal("radius"));
    }
}
