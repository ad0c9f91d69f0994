package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code geodesic-regression}: the geodesic fitted to records {@code [y..., x]} (response, then covariate), released on
 * the tangent bundle ({@link GeodesicRegressionEstimator}; docs/private-regression.md).
 */
public final class GeodesicRegressionEstimatorProvider implements EstimatorProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.required("covariate-low", "the PUBLIC covariate range's lower end (never read off the data)"),
            ParameterSpec.required("covariate-high", "the PUBLIC covariate range's upper end"),
            ParameterSpec.optional("footpoint-radius", "Rp: candidate footpoints within Rp of the ball's centre; "
                    + "empty: the ball's radius r", ""),
            ParameterSpec.optional("max-speed", "V: candidate shooting vectors with |v| <= V; empty: 2r", ""),
            ParameterSpec.optional("tau", "a public residual bound, at least V + Rp + r; empty: V + Rp + r", ""));

    @Override
    public String name() {
        return GeodesicRegressionEstimator.NAME;
    }

    @Override
    public String description() {
        return "geodesic regression of the responses on a covariate carried as the record's last column, released "
                + "on the tangent bundle by KNG with sensitivity sqrt(Delta_p^2 + Delta_v^2) "
                + "(docs/private-regression.md)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Estimator create(Map<String, String> parameters) {
        String owner = "estimator '" + GeodesicRegressionEstimator.NAME + "'";
        Parameters checked = Parameters.check(owner, PARAMETERS, parameters);
        double low = checked.real("covariate-low", -Double.MAX_VALUE, Double.MAX_VALUE);
        double high = checked.real("covariate-high", -Double.MAX_VALUE, Double.MAX_VALUE);
        if (!(high > low)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: covariate-high must lie above "
                    + "covariate-low. Provided value: [%s, %s]", owner, low, high));
        }
        return new GeodesicRegressionEstimator(low, high, optional(checked, "footpoint-radius"),
                optional(checked, "max-speed"), optional(checked, "tau"));
    }

    private static double optional(Parameters checked, String name) {
        return checked.string(name).isEmpty() ? Double.NaN : checked.positiveReal(name);
    }
}
