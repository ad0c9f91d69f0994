package dev.manifolddp.geometry;

import java.util.Optional;
import java.util.Set;

/**
 * A geometry that forwards everything to another but hides some capabilities, for tests of what code does without
 * them (e.g. the numerical Jacobi fields against the closed forms). Shipped in the test-jar for every module.
 */
public final class HiddenCapabilities extends ForwardingGeometry {

    private final Set<Class<?>> hidden;

    public HiddenCapabilities(Geometry delegate, Class<?>... hidden) {
        super(delegate);
        this.hidden = Set.of(hidden);
    }

    @Override
    public <C> Optional<C> capability(Class<C> type) {
        return hidden.contains(type) ? Optional.empty() : super.capability(type);
    }
}
