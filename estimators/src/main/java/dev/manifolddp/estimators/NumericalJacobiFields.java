package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Arrays;

/**
 * {@link JacobiFields} by numerical differentiation, for a geometry that has no closed form (differences in an
 * orthonormal tangent basis; {@code docs/geodesic-regression.md}, "Jacobi fields"). It needs {@link ParallelTransport}
 * (the footpoint derivative moves v along with p) and {@link TangentBasis} (adjoints).
 *
 * <ul>
 *   <li>{@code d_v Exp(p, v)[u] = |u| f'(0)} with {@code f(s) = log(q, exp(p, v + s u/|u|))},
 *   {@code q = exp(p, v)};</li>
 *   <li>{@code d_p Exp(p, v)[u] = |u| f'(0)} with {@code f(s) = log(q, exp(p_s, P_s v))}, {@code p_s = exp(p, s u/|u|)}
 *   and {@code P_s} transport from p to {@code p_s} (the variation of Kulkarni and Soto 2025, App. B.3);</li>
 *   <li>the adjoint of either map A: {@code A^dagger w = sum_k <A e_k, w>_q e_k} over an orthonormal basis e of
 *   T_p (d evaluations of A).</li>
 * </ul>
 * Differentiating {@code log(q, .)} rather than ambient coordinates gives a tangent vector at q directly, also for
 * quotients (Kendall) whose exp may return another representative. The derivative uses the fourth-order central
 * stencil {@code (-f(2h) + 8 f(h) - 8 f(-h) + f(-2h)) / (12 h)} with {@code h = 1e-3 L}, L the geometry's length
 * scale ({@code min(1, inj/pi, 1/sqrt(max |curvature|))}): truncation {@code ~h^4}, rounding {@code ~1e-16/h}, about
 * 1e-12 relative in all. Each call costs 4 (d_v) or 4 exps, 4 transports (d_p) plus 4 logs; an adjoint d times that.
 *
 * <p>Not thread-safe (scratch arrays); {@link #copy()} gives an independent instance. Allocates nothing per call.
 */
public final class NumericalJacobiFields implements JacobiFields {

    private static final double RELATIVE_STEP = 1e-3;

    private final Geometry geometry;
    private final ParallelTransport transport;
    private final TangentBasis basisSource;
    private final double step;
    private final double[] q;
    private final double[] shifted;
    private final double[] moved;
    private final double[] carried;
    private final double[] landed;
    private final double[] logged;
    private final double[] image;
    private final double[] unit;
    private final double[][] basis;

    /**
     * @throws IllegalArgumentException when the geometry lacks {@link ParallelTransport} or {@link TangentBasis}
     */
    public NumericalJacobiFields(Geometry geometry) {
        DataChecks.requireGeometry(geometry);
        this.geometry = geometry;
        this.transport = geometry.capability(ParallelTransport.class).orElse(null);
        this.basisSource = geometry.capability(TangentBasis.class).orElse(null);
        if (transport == null || basisSource == null) {
            throw new IllegalArgumentException(String.format(
                    "numerical Jacobi fields on %s need the ParallelTransport and TangentBasis capabilities "
                            + "(missing: %s); implement JacobiFields in the geometry, or these two. Provided value: %s",
                    geometry.spec(), transport == null ? (basisSource == null ? "both" : "ParallelTransport")
                            : "TangentBasis", geometry.spec()));
        }
        this.step = RELATIVE_STEP * lengthScale(geometry);
        int length = geometry.layout().length();
        this.q = new double[length];
        this.shifted = new double[length];
        this.moved = new double[length];
        this.carried = new double[length];
        this.landed = new double[length];
        this.logged = new double[length];
        this.image = new double[length];
        this.unit = new double[length];
        this.basis = new double[basisSource.basisSize()][length];
    }

    /** The geometry's closed-form {@link JacobiFields} when it has them, else a new numerical instance. */
    public static JacobiFields forGeometry(Geometry geometry) {
        DataChecks.requireGeometry(geometry);
        return geometry.capability(JacobiFields.class).orElseGet(() -> new NumericalJacobiFields(geometry));
    }

    /** The differentiation step h, in the metric's units of length. */
    public double step() {
        return step;
    }

    /** An independent instance for another thread. */
    public NumericalJacobiFields copy() {
        return new NumericalJacobiFields(geometry);
    }

    @Override
    public void dpExp(double[] p, double[] v, double[] u, double[] out) {
        differentiate(p, v, u, out, false);
    }

    @Override
    public void dvExp(double[] p, double[] v, double[] u, double[] out) {
        differentiate(p, v, u, out, true);
    }

    @Override
    public void dpExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        adjoint(p, v, w, out, false);
    }

    @Override
    public void dvExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        adjoint(p, v, w, out, true);
    }

    private void adjoint(double[] p, double[] v, double[] w, double[] out, boolean velocity) {
        GeometryChecks.requireLength(geometry, "w", w);
        GeometryChecks.requireLength(geometry, "out", out);
        basisSource.basis(p, basis);
        // q is recomputed by each differentiate call; the inner product needs it after the call.
        Arrays.fill(out, 0.0);
        for (double[] e : basis) {
            differentiate(p, v, e, image, velocity);
            double c = geometry.inner(q, image, w);
            for (int j = 0; j < out.length; j++) {
                out[j] += c * e[j];
            }
        }
    }

    /** {@code out = A u} for A = d_v Exp (velocity) or d_p Exp, by the stencil in the class comment. */
    private void differentiate(double[] p, double[] v, double[] u, double[] out, boolean velocity) {
        GeometryChecks.requireLength(geometry, "p", p);
        GeometryChecks.requireLength(geometry, "v", v);
        GeometryChecks.requireLength(geometry, "u", u);
        GeometryChecks.requireLength(geometry, "out", out);
        geometry.exp(p, v, q);
        double size = geometry.norm(p, u);
        if (!Double.isFinite(size)) {
            throw new IllegalArgumentException("u must be a finite tangent vector. Provided value: norm " + size);
        }
        Arrays.fill(out, 0.0);
        if (size == 0) {
            return;
        }
        for (int j = 0; j < u.length; j++) {
            unit[j] = u[j] / size;
        }
        accumulate(p, v, 2 * step, -1, velocity, out);
        accumulate(p, v, step, 8, velocity, out);
        accumulate(p, v, -step, -8, velocity, out);
        accumulate(p, v, -2 * step, 1, velocity, out);
        double scale = size / (12 * step);
        for (int j = 0; j < out.length; j++) {
            out[j] *= scale;
        }
    }

    /** {@code out += weight * f(s)}. */
    private void accumulate(double[] p, double[] v, double s, double weight, boolean velocity, double[] out) {
        if (velocity) {
            for (int j = 0; j < v.length; j++) {
                shifted[j] = v[j] + s * unit[j];
            }
            geometry.exp(p, shifted, landed);
        } else {
            for (int j = 0; j < v.length; j++) {
                shifted[j] = s * unit[j];
            }
            geometry.exp(p, shifted, moved);
            transport.transport(p, moved, v, carried);
            geometry.exp(moved, carried, landed);
        }
        geometry.log(q, landed, logged);
        for (int j = 0; j < out.length; j++) {
            out[j] += weight * logged[j];
        }
    }

    /**
     * {@code min(1, inj/pi, 1/sqrt(max |curvature|))}: the length over which the geometry bends, so that h is small
     * against it on a sphere of any radius; 1 on a flat space with a global logarithm.
     */
    static double lengthScale(Geometry geometry) {
        double scale = 1.0;
        double injectivity = geometry.injectivityRadius();
        if (Double.isFinite(injectivity)) {
            scale = Math.min(scale, injectivity / Math.PI);
        }
        double curvature = Math.max(Math.abs(geometry.curvature().min()), Math.abs(geometry.curvature().max()));
        if (curvature > 0 && Double.isFinite(curvature)) {
            scale = Math.min(scale, 1 / Math.sqrt(curvature));
        }
        return scale;
    }
}
