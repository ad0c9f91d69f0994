package dev.manifolddp.geometry;

/**
 * The differentials of the exponential map, {@code d_p Exp(p, v)} and {@code d_v Exp(p, v)}, and their adjoints:
 * the linear maps {@code T_p -> T_q}, {@code q = exp(p, v)}, that geodesic regression's gradients are made of
 * (Fletcher 2011; Kulkarni and Soto 2025, §2.2 and App. B.3).
 *
 * <p>Both are Jacobi fields at time 1 along the geodesic {@code gamma(t) = exp(p, t v)}:
 * <ul>
 *   <li>{@code d_p Exp(p, v)[u] = J(1)} for the Jacobi field with {@code J(0) = u}, {@code J'(0) = 0}: the
 *   derivative of {@code exp(p_s, v_s)} where {@code p_s = exp(p, s u)} and {@code v_s} is v parallel-transported
 *   along {@code p_s} (Kulkarni and Soto 2025, eq. (7), (31));</li>
 *   <li>{@code d_v Exp(p, v)[u] = J(1)} for {@code J(0) = 0}, {@code J'(0) = u}: the derivative of
 *   {@code exp(p, v + s u)} (Kulkarni and Soto 2025, eq. (8)).</li>
 * </ul>
 * The adjoint {@code A^dagger: T_q -> T_p} of such a map A is defined by {@code <A u, w>_q = <u, A^dagger w>_p}
 * (Kulkarni and Soto 2025, §2.2). With the residuals {@code eps_i = log(exp(p, x_i v), y_i)} the regression gradients are
 * {@code grad_p E = -(1/n) sum_i d_p Exp(p, x_i v)^dagger eps_i} and
 * {@code grad_v E = -(1/n) sum_i x_i d_v Exp(p, x_i v)^dagger eps_i}.
 *
 * <p>Vectors are in the geometry's ambient layout; u is tangent at p, w tangent at {@code q = exp(p, v)} as the
 * geometry's own {@code exp} returns q (for a quotient such as Kendall's shape space: horizontal at that
 * representative). The {@code out} forms allocate nothing and write {@code out}, which must alias no input; the
 * allocating forms check their arguments first. Defined for every v at which exp is smooth; near conjugate points
 * the maps become singular but stay finite.
 */
public interface JacobiFields {

    /** {@code out = d_p Exp(p, v)[u]}, a tangent vector at {@code exp(p, v)}. */
    void dpExp(double[] p, double[] v, double[] u, double[] out);

    /** {@code out = d_v Exp(p, v)[u]}, a tangent vector at {@code exp(p, v)}. */
    void dvExp(double[] p, double[] v, double[] u, double[] out);

    /** {@code out = d_p Exp(p, v)^dagger [w]} for w tangent at {@code exp(p, v)}; a tangent vector at p. */
    void dpExpAdjoint(double[] p, double[] v, double[] w, double[] out);

    /** {@code out = d_v Exp(p, v)^dagger [w]} for w tangent at {@code exp(p, v)}; a tangent vector at p. */
    void dvExpAdjoint(double[] p, double[] v, double[] w, double[] out);

    /** Allocating form of {@link #dpExp(double[], double[], double[], double[])}; validates its arguments. */
    default double[] dpExp(double[] p, double[] v, double[] u) {
        check(p, v, u, true);
        double[] out = new double[p.length];
        dpExp(p, v, u, out);
        return out;
    }

    /** Allocating form of {@link #dvExp(double[], double[], double[], double[])}; validates its arguments. */
    default double[] dvExp(double[] p, double[] v, double[] u) {
        check(p, v, u, true);
        double[] out = new double[p.length];
        dvExp(p, v, u, out);
        return out;
    }

    /** Allocating form of {@link #dpExpAdjoint(double[], double[], double[], double[])}; validates its arguments. */
    default double[] dpExpAdjoint(double[] p, double[] v, double[] w) {
        check(p, v, w, false);
        double[] out = new double[p.length];
        dpExpAdjoint(p, v, w, out);
        return out;
    }

    /** Allocating form of {@link #dvExpAdjoint(double[], double[], double[], double[])}; validates its arguments. */
    default double[] dvExpAdjoint(double[] p, double[] v, double[] w) {
        check(p, v, w, false);
        double[] out = new double[p.length];
        dvExpAdjoint(p, v, w, out);
        return out;
    }

    /**
     * Checks p (a point), v (tangent at p) and the third argument: tangent at p when {@code atBase}, else tangent at
     * {@code exp(p, v)}. Only possible when the implementation is itself the {@link Geometry}; otherwise the
     * lengths and finiteness are checked.
     */
    private void check(double[] p, double[] v, double[] third, boolean atBase) {
        String name = atBase ? "u" : "w";
        if (this instanceof Geometry geometry) {
            GeometryChecks.requirePoint(geometry, "p", p);
            GeometryChecks.requireTangent(geometry, p, "v", v);
            if (atBase) {
                GeometryChecks.requireTangent(geometry, p, name, third);
            } else {
                GeometryChecks.requireTangent(geometry, geometry.exp(p, v), name, third);
            }
            return;
        }
        for (Object[] pair : new Object[][] {{"p", p}, {"v", v}, {name, third}}) {
            double[] values = (double[]) pair[1];
            if (values == null) {
                throw new IllegalArgumentException(pair[0] + " is null; pass an array of the point layout's length. "
                        + "Provided value: null");
            }
            for (double value : values) {
                if (!Double.isFinite(value)) {
                    throw new IllegalArgumentException(pair[0] + " has a non-finite entry; every entry must be "
                            + "finite. Provided value: " + value);
                }
            }
            if (values.length != p.length) {
                throw new IllegalArgumentException(String.format("%s must have the length of p (%d). Provided "
                        + "value: length %d", pair[0], p.length, values.length));
            }
        }
    }
}
