package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;

/**
 * Provides {@code spd/affine-invariant:k=K} (alias {@code spd}): SPD(k) with the affine-invariant metric.
 * Registered in {@code META-INF/services/dev.manifolddp.geometry.GeometryProvider}.
 */
public final class AffineInvariantSpdProvider implements GeometryProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(ParameterSpec.required("k",
            "matrix size, an integer in [1, " + SpdGeometry.MAX_K + "]"));

    @Override
    public String name() {
        return AffineInvariantSpd.NAME;
    }

    @Override
    public List<String> aliases() {
        return List.of("spd");
    }

    @Override
    public String description() {
        return "k x k symmetric positive definite matrices with the affine-invariant metric tr(P^-1 U P^-1 V)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("geometry '" + name() + "'", PARAMETERS, parameters);
        return new AffineInvariantSpd(SpdGeometry.readMatrixSize(checked));
    }
}
