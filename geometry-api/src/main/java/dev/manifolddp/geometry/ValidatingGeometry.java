package dev.manifolddp.geometry;

import java.util.Optional;

/**
 * A decorator that checks every argument and every result of the geometry it wraps, including the hot-path
 * {@code out} forms: array lengths, finite entries, points on the manifold, tangent vectors in their tangent space,
 * {@code log} inside the injectivity radius, and results that are points (exp) or tangent vectors (log, projection).
 * Tests and {@code --validate} runs use it; it costs a manifold-membership test per argument.
 *
 * <p>A {@link ForwardingGeometry}: {@link #capability(Class)} forwards to the wrapped geometry; {@link ParallelTransport} is wrapped so that its
 * inputs and outputs are checked too.
 */
public final class ValidatingGeometry extends ForwardingGeometry {

    private final double tolerance;

    private ValidatingGeometry(Geometry delegate, double tolerance) {
        super(delegate);
        this.tolerance = tolerance;
    }

    /** Wraps {@code geometry} with the default tolerance; wrapping twice returns the same decorator. */
    public static ValidatingGeometry wrap(Geometry geometry) {
        return wrap(geometry, DEFAULT_TOLERANCE);
    }

    /** Wraps {@code geometry}; points and tangent vectors are checked to the relative {@code tolerance}. */
    public static ValidatingGeometry wrap(Geometry geometry, double tolerance) {
        if (geometry == null) {
            throw new IllegalArgumentException("cannot validate a null geometry");
        }
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be finite and > 0. Provided value: " + tolerance);
        }
        if (geometry instanceof ValidatingGeometry validating && validating.tolerance == tolerance) {
            return validating;
        }
        Geometry inner = geometry instanceof ValidatingGeometry validating ? validating.delegate() : geometry;
        return new ValidatingGeometry(inner, tolerance);
    }

    @Override
    public void exp(double[] p, double[] v, double[] out) {
        point("p", p);
        tangent(p, "v", v);
        output("out", out);
        delegate().exp(p, v, out);
        resultPoint("exp(p, v)", out);
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        point("p", p);
        point("q", q);
        output("out", out);
        GeometryChecks.requireInsideInjectivityRadius(delegate(), p, q);
        delegate().log(p, q, out);
        resultTangent(p, "log(p, q)", out);
    }

    @Override
    public double distance(double[] p, double[] q) {
        point("p", p);
        point("q", q);
        double distance = delegate().distance(p, q);
        if (!(distance >= 0) || Double.isInfinite(distance)) {
            throw new IllegalStateException(delegate().spec() + " returned the distance " + distance
                    + "; a distance must be finite and >= 0 (an implementation defect)");
        }
        return distance;
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        point("p", p);
        tangent(p, "u", u);
        tangent(p, "v", v);
        double inner = delegate().inner(p, u, v);
        if (!Double.isFinite(inner)) {
            throw new IllegalStateException(delegate().spec() + " returned the inner product " + inner
                    + " for finite inputs (an implementation defect)");
        }
        return inner;
    }

    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        point("p", p);
        GeometryChecks.requireFinite(delegate(), "ambient", ambient);
        output("out", out);
        delegate().projectToTangent(p, ambient, out);
        resultTangent(p, "projectToTangent(p, ambient)", out);
    }

    @Override
    public double norm(double[] p, double[] v) {
        return Math.sqrt(inner(p, v, v));
    }

    @Override
    public <C> Optional<C> capability(Class<C> type) {
        Optional<C> found = super.capability(type);
        if (type == ParallelTransport.class && found.isPresent()) {
            ParallelTransport inner = (ParallelTransport) found.get();
            ParallelTransport checked = (p, q, v, out) -> {
                point("p", p);
                point("q", q);
                tangent(p, "v", v);
                output("out", out);
                GeometryChecks.requireInsideInjectivityRadius(delegate(), p, q);
                inner.transport(p, q, v, out);
                resultTangent(q, "transport(p, q, v)", out);
            };
            return Optional.of(type.cast(checked));
        }
        return found;
    }

    @Override
    public String toString() {
        return "validating " + delegate();
    }

    private void point(String name, double[] p) {
        GeometryChecks.requireFinite(delegate(), name, p);
        delegate().pointViolation(p, tolerance).ifPresent(why -> {
            throw new IllegalArgumentException(name + " is not a point of " + delegate().spec() + ": " + why);
        });
    }

    private void tangent(double[] p, String name, double[] v) {
        GeometryChecks.requireFinite(delegate(), name, v);
        delegate().tangentViolation(p, v, tolerance).ifPresent(why -> {
            throw new IllegalArgumentException(name + " is not a tangent vector of " + delegate().spec()
                    + " at the given point: " + why);
        });
    }

    private void output(String name, double[] out) {
        GeometryChecks.requireLength(delegate(), name, out);
    }

    private void resultPoint(String what, double[] result) {
        try {
            point(what, result);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("result check failed: " + e.getMessage(), e);
        }
    }

    private void resultTangent(double[] at, String what, double[] result) {
        try {
            tangent(at, what, result);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("result check failed: " + e.getMessage(), e);
        }
    }
}
