package dev.manifolddp.geometry;

import java.util.Optional;

/**
 * A geometry that forwards every call to another, for decorators: a subclass overrides only what it changes
 * ({@link ValidatingGeometry} checks arguments and results, a test double hides capabilities) instead of writing out
 * the delegation of the whole interface by hand. The allocating forms are not forwarded: {@link Geometry}'s defaults
 * call this object's {@code out} forms, so a decorator that overrides those sees every call.
 */
public abstract class ForwardingGeometry implements Geometry {

    private final Geometry delegate;

    /**
     * Forwards to {@code delegate}.
     *
     * @throws IllegalArgumentException when delegate is null
     */
    protected ForwardingGeometry(Geometry delegate) {
        if (delegate == null) {
            throw new IllegalArgumentException("delegate is null; pass the geometry to decorate. Provided value: null");
        }
        this.delegate = delegate;
    }

    /** The wrapped geometry. */
    public Geometry delegate() {
        return delegate;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public String spec() {
        return delegate.spec();
    }

    @Override
    public PointLayout layout() {
        return delegate.layout();
    }

    @Override
    public int dimension() {
        return delegate.dimension();
    }

    @Override
    public CurvatureBounds curvature() {
        return delegate.curvature();
    }

    @Override
    public double injectivityRadius() {
        return delegate.injectivityRadius();
    }

    @Override
    public void exp(double[] p, double[] v, double[] out) {
        delegate.exp(p, v, out);
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        delegate.log(p, q, out);
    }

    @Override
    public double distance(double[] p, double[] q) {
        return delegate.distance(p, q);
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        return delegate.inner(p, u, v);
    }

    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        delegate.projectToTangent(p, ambient, out);
    }

    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        return delegate.pointViolation(p, tolerance);
    }

    @Override
    public Optional<String> tangentViolation(double[] p, double[] v, double tolerance) {
        return delegate.tangentViolation(p, v, tolerance);
    }

    /** The delegate's capability, so that a capability survives decoration. */
    @Override
    public <C> Optional<C> capability(Class<C> type) {
        if (type == null) {
            throw new IllegalArgumentException("capability type is null; pass an interface such as "
                    + "ParallelTransport.class. Provided value: null");
        }
        return delegate.capability(type);
    }

    @Override
    public String toString() {
        return "forwarding " + delegate;
    }
}
