package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.function.Function;

/**
 * The properties of a {@link JacobiFields} implementation, checked on seeded random inputs (run by
 * {@link GeometryContractTest} for every geometry that claims the capability):
 * <ul>
 *   <li>{@code d_v Exp(p, v)[u]} equals the derivative of {@code s -> exp(p, v + s u)}, and {@code d_p Exp(p, v)[u]}
 *   the derivative of {@code s -> exp(exp(p, s u), P_s v)} with {@code P_s} parallel transport along
 *   {@code exp(p, s u)}, both by a fourth-order central difference in ambient coordinates, projected onto the
 *   tangent space at {@code exp(p, v)} (which removes the vertical part for a quotient such as Kendall's);</li>
 *   <li>the adjoint identity {@code <A u, w>_q = <u, A^dagger w>_p}, with {@code A^dagger w} tangent at p;</li>
 *   <li>both maps are the identity at v = 0, and {@code d_v Exp(p, v)[v]} is the geodesic's velocity at time 1,
 *   v transported to {@code exp(p, v)};</li>
 *   <li>the {@code out} forms allocate nothing and the allocating forms refuse bad arguments.</li>
 * </ul>
 */
public final class JacobiFieldsContract {

    private static final int TRIALS = 60;

    private JacobiFieldsContract() {
    }

    /**
     * Runs every check.
     *
     * @param randomPoint draws a point of the geometry
     * @param maxLength the largest length of v (the geodesic's length); u and w have length up to 1
     * @param tolerance relative tolerance of the comparisons (the finite differences are accurate to about 1e-10)
     */
    public static void check(Geometry geometry, Function<Random, double[]> randomPoint, double maxLength,
                             double tolerance) {
        JacobiFields jacobi = geometry.capability(JacobiFields.class).orElseThrow();
        ParallelTransport transport = geometry.capability(ParallelTransport.class).orElseThrow(
                () -> new AssertionError("the Jacobi-field contract needs ParallelTransport for d_p Exp"));
        Random random = new Random(31);
        int n = geometry.layout().length();
        double[] out = new double[n];
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint.apply(random);
            double[] v = tangent(geometry, p, random, maxLength);
            double[] u = tangent(geometry, p, random, 1.0);
            double[] q = geometry.exp(p, v);
            double[] w = tangent(geometry, q, random, 1.0);
            double scale = 1 + Math.max(geometry.norm(p, v), 1.0);

            jacobi.dvExp(p, v, u, out);
            double[] numeric = difference(geometry, q, s -> geometry.exp(p, axpy(s, u, v)));
            assertClose(geometry, q, out, numeric, tolerance * scale, "d_v Exp vs finite differences");

            jacobi.dpExp(p, v, u, out);
            numeric = difference(geometry, q, s -> {
                double[] ps = geometry.exp(p, scaled(s, u));
                return geometry.exp(ps, transport.transport(p, ps, v));
            });
            assertClose(geometry, q, out, numeric, tolerance * scale, "d_p Exp vs finite differences");

            checkAdjoint(geometry, p, q, u, w, jacobi::dpExp, jacobi::dpExpAdjoint, tolerance, "d_p Exp");
            checkAdjoint(geometry, p, q, u, w, jacobi::dvExp, jacobi::dvExpAdjoint, tolerance, "d_v Exp");

            double[] zero = new double[n];
            jacobi.dpExp(p, zero, u, out);
            assertClose(geometry, p, out, u, tolerance, "d_p Exp(p, 0) = identity");
            jacobi.dvExp(p, zero, u, out);
            assertClose(geometry, p, out, u, tolerance, "d_v Exp(p, 0) = identity");

            if (geometry.norm(p, v) < 0.9 * geometry.injectivityRadius()) {
                jacobi.dvExp(p, v, v, out);
                assertClose(geometry, q, out, transport.transport(p, q, v), tolerance * scale,
                        "d_v Exp(p, v)[v] = velocity at time 1");
            }
        }
        checkAllocations(geometry, jacobi, randomPoint.apply(random), random, maxLength);
        double[] p = randomPoint.apply(random);
        assertThatThrownBy(() -> jacobi.dpExp(p, null, p)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> jacobi.dvExpAdjoint(p, new double[n], new double[n + 1]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private interface LinearMap {
        void apply(double[] p, double[] v, double[] x, double[] out);
    }

    private static void checkAdjoint(Geometry geometry, double[] p, double[] q, double[] u, double[] w,
                                     LinearMap forward, LinearMap adjoint, double tolerance, String what) {
        double[] v = geometry.log(p, q);
        double[] au = new double[p.length];
        double[] aw = new double[p.length];
        forward.apply(p, v, u, au);
        adjoint.apply(p, v, w, aw);
        double left = geometry.inner(q, au, w);
        double right = geometry.inner(p, u, aw);
        double size = geometry.norm(q, au) * geometry.norm(q, w) + geometry.norm(p, u) * geometry.norm(p, aw);
        assertThat(Math.abs(left - right)).as("%s: <A u, w>_q = %s but <u, A* w>_p = %s", what, left, right)
                .isLessThanOrEqualTo(tolerance * (1e-3 + size));
        assertThat(geometry.tangentViolation(p, aw, 1e-9)).as("%s adjoint lands in T_p", what).isEmpty();
    }

    private static void checkAllocations(Geometry geometry, JacobiFields jacobi, double[] p, Random random,
                                         double maxLength) {
        if (!Allocations.supported()) {
            return;
        }
        double[] v = tangent(geometry, p, random, maxLength);
        double[] u = tangent(geometry, p, random, 1.0);
        double[] w = tangent(geometry, geometry.exp(p, v), random, 1.0);
        double[] out = new double[p.length];
        double bytes = Allocations.bytesPerCall(() -> {
            jacobi.dpExp(p, v, u, out);
            jacobi.dvExp(p, v, u, out);
            jacobi.dpExpAdjoint(p, v, w, out);
            jacobi.dvExpAdjoint(p, v, w, out);
        }, 2000);
        assertThat(bytes).as("bytes allocated per call of the four out forms").isLessThan(1.0);
    }

    /**
     * {@code f'(0)} by the fourth-order stencil {@code (-f(2h) + 8 f(h) - 8 f(-h) + f(-2h)) / (12 h)}, h = 1e-3,
     * projected onto the tangent space at q.
     */
    private static double[] difference(Geometry geometry, double[] q, Function<Double, double[]> f) {
        double h = 1e-3;
        double[] a = f.apply(2 * h);
        double[] b = f.apply(h);
        double[] c = f.apply(-h);
        double[] d = f.apply(-2 * h);
        double[] derivative = new double[q.length];
        for (int i = 0; i < q.length; i++) {
            derivative[i] = (-a[i] + 8 * b[i] - 8 * c[i] + d[i]) / (12 * h);
        }
        double[] projected = new double[q.length];
        geometry.projectToTangent(q, derivative, projected);
        return projected;
    }

    static double[] tangent(Geometry geometry, double[] p, Random random, double maxLength) {
        double[] ambient = new double[p.length];
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = random.nextGaussian();
        }
        double[] v = new double[p.length];
        geometry.projectToTangent(p, ambient, v);
        double norm = geometry.norm(p, v);
        double length = maxLength * (0.05 + 0.95 * random.nextDouble());
        for (int i = 0; i < v.length; i++) {
            v[i] *= length / norm;
        }
        return v;
    }

    private static double[] axpy(double s, double[] x, double[] y) {
        double[] out = y.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += s * x[i];
        }
        return out;
    }

    private static double[] scaled(double s, double[] x) {
        return axpy(s, x, new double[x.length]);
    }

    private static void assertClose(Geometry geometry, double[] at, double[] actual, double[] expected,
                                    double tolerance, String what) {
        double[] diff = new double[actual.length];
        for (int i = 0; i < diff.length; i++) {
            diff[i] = actual[i] - expected[i];
        }
        double error = geometry.norm(at, diff);
        double size = Math.max(1.0, geometry.norm(at, expected));
        assertThat(error).as("%s: |difference| = %s (expected norm %s)", what, error, size)
                .isLessThanOrEqualTo(tolerance * size);
    }
}
