package dev.manifolddp.plugins.hyperbolic;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/** Creates {@link HyperbolicSpace} from {@code hyperbolic:d=<d>}. Registered in {@code META-INF/services}. */
public final class HyperbolicProvider implements GeometryProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(ParameterSpec.required("d",
            "intrinsic dimension in [1, " + HyperbolicSpace.MAX_DIMENSION + "]; points are (t, x1..xd) in R^(1,d)"));

    @Override
    public String name() {
        return HyperbolicSpace.NAME;
    }

    @Override
    public String description() {
        return "hyperbolic space H^d (curvature -1) in the hyperboloid model, with an exact Riemannian Laplace "
                + "for sigma < 1/(d-1) (example plugin)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("geometry '" + HyperbolicSpace.NAME + "'", PARAMETERS, parameters);
        return new HyperbolicSpace(checked.integer("d", 1, HyperbolicSpace.MAX_DIMENSION));
    }
}
