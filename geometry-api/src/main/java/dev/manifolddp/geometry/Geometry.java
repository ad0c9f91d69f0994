package dev.manifolddp.geometry;

import java.util.Optional;

/**
 * A Riemannian manifold together with its metric.
 *
 * <p>Points and tangent vectors are flat {@code double[]} arrays in ambient coordinates (see {@link PointLayout}):
 * a tangent vector at {@code p} is stored in the same ambient coordinates as {@code p}. Implementations are
 * immutable and safe to share between threads.
 *
 * <p>Every operation comes in two forms. The {@code out}-parameter forms are the hot path: they allocate nothing per
 * call, write their result into {@code out}, which must not alias an input unless the implementation documents
 * otherwise, and validate only what costs next to nothing or is needed to avoid a silent NaN: every array argument
 * (including {@code out}) is non-null and of the layout's length ({@link GeometryChecks#requireLength}, an
 * {@link IllegalArgumentException} naming the argument and the expected length), and non-finite input fails
 * rather than propagating. They do <em>not</em> test that points lie on the manifold or that vectors are tangent:
 * an off-manifold argument gives an unspecified finite result. {@link #distance} and {@link #inner} have only this
 * hot-path form; wrap the geometry in {@link ValidatingGeometry} to check membership there too. The allocating forms
 * are for users: they check their arguments (array length, finite entries, points on the manifold, tangent
 * vectors in the tangent space, {@code log} inside the injectivity radius) with {@link GeometryChecks}, fail with
 * an {@link IllegalArgumentException} that says what to fix, and then delegate to the {@code out} forms.
 * {@link ValidatingGeometry} applies the same checks to every call, including the {@code out} forms and results.
 */
public interface Geometry {

    /** Relative tolerance used by the allocating forms to decide whether a point lies on the manifold. */
    double DEFAULT_TOLERANCE = 1e-8;

    /** The provider name, e.g. {@code "sphere"}, {@code "spd/affine-invariant"}, {@code "kendall"}. */
    String name();

    /** The full specification that recreates this geometry with {@link Geometries#parse(String)}. */
    String spec();

    /** The length of a point array and how a point is printed and read. */
    PointLayout layout();

    /** The intrinsic dimension d of the manifold. */
    int dimension();

    /** Lower and upper bounds of the sectional curvature. */
    CurvatureBounds curvature();

    /** A global lower bound of the injectivity radius; {@code +infinity} when {@code log} is defined globally. */
    double injectivityRadius();

    /**
     * The Riemannian exponential: the point reached at time 1 by the geodesic starting at {@code p} with velocity
     * {@code v}. Writes {@code out}.
     */
    void exp(double[] p, double[] v, double[] out);

    /**
     * The Riemannian logarithm: the initial velocity at {@code p} of the minimising geodesic that reaches {@code q}
     * at time 1. Defined while {@code distance(p, q) < injectivityRadius()}; at the cut locus it throws
     * {@link IllegalArgumentException} rather than return NaN. Writes {@code out}.
     */
    void log(double[] p, double[] q, double[] out);

    /** The geodesic distance rho(p, q). */
    double distance(double[] p, double[] q);

    /** The metric {@code <u, v>_p} of two tangent vectors at {@code p}. */
    double inner(double[] p, double[] u, double[] v);

    /** The orthogonal (for the metric at p) projection of an ambient vector onto T_p. Writes {@code out}. */
    void projectToTangent(double[] p, double[] ambient, double[] out);

    /**
     * Why {@code p} is not a point of this manifold, or empty when it is one up to the relative
     * {@code tolerance}. A non-finite entry is reported as a violation.
     *
     * @throws IllegalArgumentException when {@code p} is null or not of the layout's length
     */
    Optional<String> pointViolation(double[] p, double tolerance);

    /** Allocating form of {@link #exp(double[], double[], double[])}; validates its arguments. */
    default double[] exp(double[] p, double[] v) {
        GeometryChecks.requirePoint(this, "p", p);
        GeometryChecks.requireTangent(this, p, "v", v);
        double[] out = new double[layout().length()];
        exp(p, v, out);
        return out;
    }

    /** Allocating form of {@link #log(double[], double[], double[])}; validates its arguments. */
    default double[] log(double[] p, double[] q) {
        GeometryChecks.requirePoint(this, "p", p);
        GeometryChecks.requirePoint(this, "q", q);
        GeometryChecks.requireInsideInjectivityRadius(this, p, q);
        double[] out = new double[layout().length()];
        log(p, q, out);
        return out;
    }

    /** Allocating form of {@link #projectToTangent(double[], double[], double[])}; validates its arguments. */
    default double[] projectToTangent(double[] p, double[] ambient) {
        GeometryChecks.requirePoint(this, "p", p);
        GeometryChecks.requireFinite(this, "ambient", ambient);
        double[] out = new double[layout().length()];
        projectToTangent(p, ambient, out);
        return out;
    }

    /** The norm {@code |v|_p} of a tangent vector. */
    default double norm(double[] p, double[] v) {
        return Math.sqrt(inner(p, v, v));
    }

    /**
     * Why {@code v} is not a tangent vector at {@code p}, or empty when it is one: {@code v} must equal its tangent
     * projection up to {@code tolerance * max(1, |v|)} in the ambient Euclidean norm.
     */
    default Optional<String> tangentViolation(double[] p, double[] v, double tolerance) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        double largest = 0;
        for (double entry : v) {
            largest = Math.max(largest, Math.abs(entry));
        }
        if (largest > 0x1p500 && Double.isFinite(largest)) {
            // tangency is linear in v: test v scaled by a power of two (exact) to largest entry in [1, 2), where the
            // projection's products cannot overflow; the relative criterion below is the same for both
            double[] scaled = new double[v.length];
            int shift = -Math.getExponent(largest);
            for (int i = 0; i < v.length; i++) {
                scaled[i] = Math.scalb(v[i], shift);
            }
            return tangentViolation(p, scaled, tolerance);
        }
        double[] projected = new double[v.length];
        projectToTangent(p, v, projected);
        double off = 0;
        double size = 0;
        for (int i = 0; i < v.length; i++) {
            double diff = v[i] - projected[i];
            off += diff * diff;
            size += v[i] * v[i];
        }
        off = Math.sqrt(off);
        double allowed = tolerance * Math.max(1.0, Math.sqrt(size));
        return off <= allowed
                ? Optional.empty()
                : Optional.of(String.format("its component normal to the tangent space has Euclidean norm %.3g "
                        + "(allowed %.3g); project it with projectToTangent(p, v)", off, allowed));
    }

    /**
     * An optional ability of this geometry (e.g. {@link ParallelTransport}), or empty when it has none. Decorators
     * forward this call, so a capability survives wrapping.
     */
    default <C> Optional<C> capability(Class<C> type) {
        if (type == null) {
            throw new IllegalArgumentException("capability type is null; pass an interface such as "
                    + "ParallelTransport.class. Provided value: null");
        }
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }
}
