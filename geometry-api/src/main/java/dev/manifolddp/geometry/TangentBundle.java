package dev.manifolddp.geometry;

import java.util.Optional;

/**
 * The tangent bundle TM of a base manifold M with the Sasaki metric: the parameter space of an estimand whose value is
 * a footpoint and a tangent vector there, such as a geodesic regression's {@code (p, v)} (Fletcher 2011; Kulkarni and
 * Soto 2025). A point is the packed array {@code [p..., v...]} of length {@code 2L}, L the base's point length, with p
 * a point of M and v tangent at p.
 *
 * <p><b>Tangent vectors</b> of TM at {@code (p, v)} are written in the split the Levi-Civita connection gives, as a
 * packed {@code [a..., b...]} with a (horizontal part, the footpoint's velocity) and b (vertical part, the covariant
 * derivative of the vector) both in {@code T_p M}. The Sasaki metric is then {@code <(a1, b1), (a2, b2)> = <a1, a2>_p +
 * <b1, b2>_p} (Sasaki 1958): the metric in which the K-norm gradient mechanism measures
 * {@code |(grad_p E, grad_v E)|}, and whose volume, the Liouville measure, is the reference measure of the regression's
 * density (docs/private-regression.md).
 *
 * <p><b>What it does not offer.</b> The Sasaki geodesics of TM have no closed form, and its curvature is unbounded
 * (it grows with |v| on a curved base), so {@link #exp}, {@link #log}, {@link #distance}, {@link #curvature} and
 * {@link #injectivityRadius} refuse with an {@link UnsupportedOperationException} that says so, rather than return a
 * different metric's values. Samplers on TM move footpoint and vector separately (the base's exponential map and
 * parallel transport); mechanisms find such a sampler through this class's capability
 * ({@code capability(TangentBundle.class)}), never by an estimator's class. It is not registered as a data geometry.
 * Immutable and thread-safe.
 */
public final class TangentBundle implements Geometry {

    private final Geometry base;
    private final int length;
    private final PointLayout layout;

    private TangentBundle(Geometry base) {
        this.base = base;
        this.length = base.layout().length();
        this.layout = PointLayout.vector(2 * length);
    }

    /**
     * TM of {@code base}.
     *
     * @throws IllegalArgumentException when {@code base} is null
     */
    public static TangentBundle of(Geometry base) {
        if (base == null) {
            throw new IllegalArgumentException("the tangent bundle needs a base manifold. Provided value: null");
        }
        return new TangentBundle(base);
    }

    /** The base manifold M. */
    public Geometry base() {
        return base;
    }

    /** The footpoint p of a packed point {@code [p..., v...]} (a copy). */
    public double[] footpoint(double[] point) {
        GeometryChecks.requireLength(this, "point", point);
        return java.util.Arrays.copyOfRange(point, 0, length);
    }

    /** The vector v of a packed point {@code [p..., v...]} (a copy). */
    public double[] vector(double[] point) {
        GeometryChecks.requireLength(this, "point", point);
        return java.util.Arrays.copyOfRange(point, length, 2 * length);
    }

    /** The packed point {@code [p..., v...]}. */
    public double[] pack(double[] p, double[] v) {
        GeometryChecks.requireLength(base, "p", p);
        GeometryChecks.requireLength(base, "v", v);
        double[] packed = new double[2 * length];
        System.arraycopy(p, 0, packed, 0, length);
        System.arraycopy(v, 0, packed, length, length);
        return packed;
    }

    @Override
    public String name() {
        return "tangent-bundle";
    }

    @Override
    public String spec() {
        return "tangent-bundle(" + base.spec() + ")";
    }

    @Override
    public PointLayout layout() {
        return layout;
    }

    @Override
    public int dimension() {
        return 2 * base.dimension();
    }

    @Override
    public CurvatureBounds curvature() {
        throw unsupported("curvature bounds", "the Sasaki metric's curvature grows without bound with |v| on a "
                + "curved base");
    }

    @Override
    public double injectivityRadius() {
        throw unsupported("an injectivity radius", "its geodesics have no closed form");
    }

    @Override
    public void exp(double[] p, double[] v, double[] out) {
        throw unsupported("an exponential map", "its geodesics have no closed form; samplers move the footpoint by "
                + "the base's exponential map and carry the vector by parallel transport");
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        throw unsupported("a logarithm", "its geodesics have no closed form");
    }

    @Override
    public double distance(double[] p, double[] q) {
        throw unsupported("a geodesic distance", "its geodesics have no closed form; compare regressions by their "
                + "predictions instead");
    }

    /** The Sasaki inner product {@code <a1, a2>_p + <b1, b2>_p} of packed split tangent vectors at {@code [p, v]}. */
    @Override
    public double inner(double[] point, double[] u, double[] w) {
        GeometryChecks.requireLength(this, "point", point);
        GeometryChecks.requireLength(this, "u", u);
        GeometryChecks.requireLength(this, "w", w);
        double[] p = java.util.Arrays.copyOf(point, length);
        double[] ua = java.util.Arrays.copyOf(u, length);
        double[] wa = java.util.Arrays.copyOf(w, length);
        double[] ub = java.util.Arrays.copyOfRange(u, length, 2 * length);
        double[] wb = java.util.Arrays.copyOfRange(w, length, 2 * length);
        return base.inner(p, ua, wa) + base.inner(p, ub, wb);
    }

    /** Projects each half of an ambient pair {@code [a..., b...]} onto {@code T_p M}. */
    @Override
    public void projectToTangent(double[] point, double[] ambient, double[] out) {
        GeometryChecks.requireLength(this, "point", point);
        GeometryChecks.requireLength(this, "ambient", ambient);
        GeometryChecks.requireLength(this, "out", out);
        double[] p = java.util.Arrays.copyOf(point, length);
        double[] half = new double[length];
        base.projectToTangent(p, java.util.Arrays.copyOf(ambient, length), half);
        System.arraycopy(half, 0, out, 0, length);
        base.projectToTangent(p, java.util.Arrays.copyOfRange(ambient, length, 2 * length), half);
        System.arraycopy(half, 0, out, length, length);
    }

    /** p must be a point of the base and v tangent at p. */
    @Override
    public Optional<String> pointViolation(double[] point, double tolerance) {
        if (point == null || point.length != 2 * length) {
            return Optional.of("expected a packed footpoint and vector of length " + 2 * length + ", got "
                    + (point == null ? "null" : String.valueOf(point.length)));
        }
        double[] p = java.util.Arrays.copyOf(point, length);
        Optional<String> footpoint = base.pointViolation(p, tolerance);
        if (footpoint.isPresent()) {
            return Optional.of("footpoint: " + footpoint.get());
        }
        return base.tangentViolation(p, java.util.Arrays.copyOfRange(point, length, 2 * length), tolerance)
                .map(reason -> "vector: " + reason);
    }

    private UnsupportedOperationException unsupported(String what, String why) {
        return new UnsupportedOperationException(spec() + " (the Sasaki metric) has no " + what + " here: " + why
                + ". Provided value: " + spec());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TangentBundle bundle && bundle.base.equals(base);
    }

    @Override
    public int hashCode() {
        return 31 * base.hashCode() + 7;
    }

    @Override
    public String toString() {
        return spec();
    }
}
