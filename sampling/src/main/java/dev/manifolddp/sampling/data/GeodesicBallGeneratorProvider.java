package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * {@code sphere-cap} (alias {@code geodesic-ball}): {@link GeodesicBallGenerator} data
 * {@code exp(center, theta u)}, {@code theta ~ U[0, radius]}, u a uniform tangent direction. With
 * {@code center = 0,0,1} and {@code radius = pi/8} on {@code sphere:d=2} it is the data of Soto et al. 2022, Fig. 1 left. Works on
 * any geometry with a {@code TangentBasis}.
 */
public final class GeodesicBallGeneratorProvider implements DataGeneratorProvider {

    /** The configuration name. */
    public static final String NAME = "sphere-cap";

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.required("center", "the ball's centre, a point of the geometry as comma-separated numbers "
                    + "in its layout (e.g. 0,0,1 for the north pole of S^2)"),
            ParameterSpec.required("radius", "the geodesic radius r > 0 of the ball; theta ~ U[0, r] "
                    + "(Soto et al. 2022, Fig. 1 left: pi/8 = 0.39269908)"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> aliases() {
        return List.of("geodesic-ball");
    }

    @Override
    public String description() {
        return "points exp(center, theta u) with theta ~ U[0, r] and a uniform tangent direction u "
                + "(Soto et al. 2022, Fig. 1 left; denser near the centre than uniform on the ball)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public DataGenerator create(Geometry geometry, Map<String, String> parameters) {
        String owner = "data generator '" + NAME + "'";
        Parameters checked = Parameters.check(owner, PARAMETERS, parameters);
        double[] center = ParameterValues.numbers(owner, "center", checked.string("center"),
                geometry.layout().length());
        return new GeodesicBallGenerator(geometry, center, checked.positiveReal("radius"));
    }
}
