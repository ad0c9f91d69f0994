package dev.manifolddp.geometry.sphere;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * Creates {@link SphereGeometry} from {@code sphere:d=<d>[,radius=<R>]}, e.g. {@code sphere:d=2} (the unit 2-sphere
 * in R^3) or {@code sphere:d=3,radius=2.5}. Registered in {@code META-INF/services}.
 */
public final class SphereProvider implements GeometryProvider {

    /** The geometry name used in specifications. */
    public static final String NAME = "sphere";

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.required("d", "intrinsic dimension in [1, " + SphereGeometry.MAX_DIMENSION
                    + "]; points are vectors in R^(d+1)"),
            ParameterSpec.optional("radius", "radius R in [" + SphereGeometry.MIN_RADIUS + ", "
                    + SphereGeometry.MAX_RADIUS + "]; the curvature is 1/R^2", "1"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "round sphere S^d of radius R in R^(d+1) with the induced metric (constant curvature 1/R^2)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("geometry '" + NAME + "'", PARAMETERS, parameters);
        int d = checked.integer("d", 1, SphereGeometry.MAX_DIMENSION);
        double radius = checked.real("radius", SphereGeometry.MIN_RADIUS, SphereGeometry.MAX_RADIUS);
        return new SphereGeometry(d, radius);
    }
}
