package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * {@code noisy-geodesic}: {@link NoisyGeodesicGenerator} regression records {@code [y..., x]} along the geodesic
 * {@code x -> exp(footpoint, x velocity)} with tangent noise, the records of a geodesic regression (Kulkarni and
 * Soto 2025, their sphere experiments: {@code center = 0,0,1}, {@code radius = pi/8}, covariates on {@code [0, 1]},
 * noise 0.001). Works on any geometry with exp, log and a tangent projection.
 */
public final class NoisyGeodesicGeneratorProvider implements DataGeneratorProvider {

    /** The configuration name. */
    public static final String NAME = "noisy-geodesic";

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.required("center", "the public ball's centre m0, a point of the geometry as comma-separated "
                    + "numbers in its layout"),
            ParameterSpec.required("radius", "the public ball's geodesic radius r > 0: a response the noise carries "
                    + "outside is pulled back onto the ball, and counted"),
            ParameterSpec.required("covariate-low", "the public covariate range's low end; covariates are uniform on "
                    + "[covariate-low, covariate-high]"),
            ParameterSpec.required("covariate-high", "the public covariate range's high end, above covariate-low"),
            ParameterSpec.required("footpoint", "the true geodesic at covariate 0, a point of the geometry"),
            ParameterSpec.required("velocity", "the true geodesic's velocity per unit of covariate, a tangent vector "
                    + "at the footpoint in the ambient layout"),
            ParameterSpec.optional("noise", "the variance delta per ambient coordinate of the Gaussian "
                    + "noise projected onto the tangent space (Kulkarni and Soto 2025: 0.001); 0 for records on the "
                    + "geodesic", "0.001"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "regression records [y..., x]: covariates uniform on a public range, responses exp(gamma(x), xi) "
                + "around the geodesic gamma(x) = exp(footpoint, x velocity) with tangent Gaussian noise "
                + "(Kulkarni and Soto 2025)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public DataGenerator create(Geometry geometry, Map<String, String> parameters) {
        String owner = "data generator '" + NAME + "'";
        Parameters checked = Parameters.check(owner, PARAMETERS, parameters);
        int length = geometry.layout().length();
        double[] center = ParameterValues.numbers(owner, "center", checked.string("center"), length);
        double[] footpoint = ParameterValues.numbers(owner, "footpoint", checked.string("footpoint"), length);
        double[] velocity = ParameterValues.numbers(owner, "velocity", checked.string("velocity"), length);
        named(owner, "center", () -> GeometryChecks.requirePoint(geometry, "center", center));
        named(owner, "footpoint", () -> GeometryChecks.requirePoint(geometry, "footpoint", footpoint));
        named(owner, "velocity", () -> GeometryChecks.requireTangent(geometry, footpoint, "velocity", velocity));
        double radius = checked.positiveReal("radius");
        double low = checked.real("covariate-low", -1e300, 1e300);
        double high = checked.real("covariate-high", -1e300, 1e300);
        if (!(high > low)) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "%s: parameter 'covariate-high' "
                    + "must exceed covariate-low (%s); give a range of positive width. Provided value: %s", owner,
                    low, checked.string("covariate-high")));
        }
        double noise = checked.real("noise", 0, 1e300);
        return new NoisyGeodesicGenerator(geometry, center, radius, low, high, footpoint, velocity, noise);
    }

    /** Runs a point or tangent check, its message prefixed by the owner and the parameter's name. */
    private static void named(String owner, String name, Runnable check) {
        try {
            check.run();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(owner + ": parameter '" + name + "': " + e.getMessage(), e);
        }
    }
}
