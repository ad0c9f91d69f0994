package dev.manifolddp.geometry;

import java.util.Optional;
import java.util.Set;

/**
 * A geometry that forwards everything to another but hides some capabilities, for tests of what code does without
 * them (e.g. the numerical Jacobi fields against the closed forms). Shipped in the test-jar for every module.
 */
public final class HiddenCapabilities implements Geometry {

    private final Geometry delegate;
    private final Set<Class<?>> hidden;

    public HiddenCapabilities(Geometry delegate, Class<?>... hidden) {
        this.delegate = delegate;
        this.hidden = Set.of(hidden);
    }

    @Override
    public <C> Optional<C> capability(Class<C> type) {
        return hidden.contains(type) ? Optional.empty() : delegate.capability(type);
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
}
