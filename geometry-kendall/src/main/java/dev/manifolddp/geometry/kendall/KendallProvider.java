package dev.manifolddp.geometry.kendall;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * Provides {@code kendall:landmarks=k}, Kendall's shape space of k >= 3 planar landmarks ({@link KendallShapeSpace}).
 */
public final class KendallProvider implements GeometryProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(ParameterSpec.required("landmarks",
            "number k >= 3 of planar landmarks; points are pre-shapes stored x1, y1, ..., xk, yk"));

    @Override
    public String name() {
        return KendallShapeSpace.NAME;
    }

    @Override
    public String description() {
        return "Kendall's shape space of k planar landmarks modulo translation, scale and rotation (CP^(k-2), "
                + "Fubini-Study metric), points stored as pre-shapes";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("geometry '" + name() + "'", PARAMETERS, parameters);
        return new KendallShapeSpace(checked.integer("landmarks", 3, KendallShapeSpace.MAX_LANDMARKS));
    }

    @Override
    public String toString() {
        return "geometry provider '" + name() + "'";
    }
}
