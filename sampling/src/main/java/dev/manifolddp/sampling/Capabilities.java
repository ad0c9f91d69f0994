package dev.manifolddp.sampling;

import dev.manifolddp.geometry.Geometry;

/** Looks up a capability a sampler cannot work without, and explains its absence. */
public final class Capabilities {

    private Capabilities() {
    }

    /**
     * The capability {@code type} of {@code geometry}; throws {@link IllegalArgumentException} naming the
     * capability, the geometry and the component that needs it when the geometry lacks it.
     */
    public static <C> C require(Geometry geometry, Class<C> type, String neededBy) {
        Arguments.requireNonNull("geometry", geometry);
        return geometry.capability(type).orElseThrow(() -> new IllegalArgumentException(String.format(
                "%s needs the capability %s, which the geometry %s does not have; choose a geometry that "
                        + "provides %s or another sampler. Provided value: %s",
                neededBy, type.getSimpleName(), geometry.spec(), type.getSimpleName(), geometry.spec())));
    }
}
