package dev.example.euclid;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/** {@code euclidean:d=<d>}: flat R^d, from a plugin jar. */
public final class EuclideanProvider implements GeometryProvider {

    private static final List<ParameterSpec> PARAMETERS =
            List.of(ParameterSpec.required("d", "dimension (>= 1)"));

    @Override
    public String name() {
        return "euclidean";
    }

    @Override
    public String description() {
        return "flat Euclidean space R^d (test plugin)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        return new EuclideanSpace(Parameters.check("geometry 'euclidean'", PARAMETERS, parameters)
                .integer("d", 1, 1000));
    }
}
