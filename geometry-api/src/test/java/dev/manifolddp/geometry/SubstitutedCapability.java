package dev.manifolddp.geometry;

import java.util.Optional;

/**
 * A geometry that forwards everything to another but answers {@code capability(type)} with a given object: for tests
 * that a contract check rejects a wrong capability (the real one wrapped and perturbed), and for giving a test geometry
 * a capability it lacks. Shipped in the test-jar for every module.
 */
public final class SubstitutedCapability<C> extends ForwardingGeometry {

    private final Class<C> type;
    private final C capability;

    public SubstitutedCapability(Geometry delegate, Class<C> type, C capability) {
        super(delegate);
        if (type == null || capability == null) {
            throw new IllegalArgumentException("type and capability must not be null; pass the interface and the "
                    + "object to offer for it");
        }
        this.type = type;
        this.capability = capability;
    }

    @Override
    public <T> Optional<T> capability(Class<T> requested) {
        return requested == type ? Optional.of(requested.cast(capability)) : super.capability(requested);
    }
}
