package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * Provides {@code spd/log-euclidean:k=K}: SPD(k) with the log-Euclidean metric. Registered in
 * {@code META-INF/services/dev.manifolddp.geometry.GeometryProvider}.
 */
public final class LogEuclideanSpdProvider implements GeometryProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(ParameterSpec.required("k",
            "matrix size, an integer in [1, " + SpdGeometry.MAX_K + "]"));

    @Override
    public String name() {
        return LogEuclideanSpd.NAME;
    }

    @Override
    public String description() {
        return "k x k symmetric positive definite matrices with the log-Euclidean metric |Logm A - Logm B|_F";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("geometry '" + name() + "'", PARAMETERS, parameters);
        return new LogEuclideanSpd(SpdGeometry.readMatrixSize(checked));
    }
}
