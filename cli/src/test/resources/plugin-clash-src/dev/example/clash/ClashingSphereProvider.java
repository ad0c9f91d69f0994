package dev.example.clash;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/** A plugin that claims the name of a built-in geometry: loading it must fail and name both jars. */
public final class ClashingSphereProvider implements GeometryProvider {

    @Override
    public String name() {
        return "sphere";
    }

    @Override
    public String description() {
        return "a second 'sphere' (test plugin)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of();
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        throw new UnsupportedOperationException("never created");
    }
}
