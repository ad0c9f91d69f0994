package dev.manifolddp.geometry;

import java.util.List;

/** A second provider claiming the alias {@code euclidean} of {@link FlatProvider}: the registry must refuse the pair. */
public class ShadowFlatProvider extends FlatProvider {

    @Override
    public String name() {
        return "shadow-flat";
    }

    @Override
    public List<String> aliases() {
        return List.of("euclidean");
    }
}
