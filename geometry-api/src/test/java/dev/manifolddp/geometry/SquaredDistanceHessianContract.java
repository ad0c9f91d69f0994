package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.function.Function;

/**
 * The properties of a {@link SquaredDistanceHessian} implementation, checked on seeded random pairs (run by
 * {@link GeometryContractTest} for every geometry that claims it): the log it writes is the geometry's log, the
 * coordinates are the basis inner products, the returned value is the distance, the matrix is symmetric, and it
 * matches a central finite difference of the gradient {@code -log(x, q)} along the geodesic {@code exp(x, t e_l)},
 * read against the parallel-transported basis vector {@code e_k}: {@code <e_k, Hess[e_l]> = d/dt <E_k(t),
 * -log(gamma(t), q)>} at t = 0. The distances run up to {@code maxDistance}, where the Hessian is far from the
 * identity (on the unit sphere at 0.9 pi: {@code rho cot rho = -8.7}).
 */
public final class SquaredDistanceHessianContract {

    private static final int TRIALS = 60;
    private static final double STEP = 1e-5;

    private SquaredDistanceHessianContract() {
    }

    /**
     * @param maxDistance the largest rho(x, q) tried, below the injectivity radius
     * @param tolerance   the allowed finite-difference error, relative to max(1, |entry|)
     */
    public static void check(Geometry geometry, Function<Random, double[]> points, double maxDistance,
                             double tolerance) {
        SquaredDistanceHessian hessian = geometry.capability(SquaredDistanceHessian.class).orElseThrow();
        TangentBasis tangentBasis = geometry.capability(TangentBasis.class).orElseThrow();
        ParallelTransport transport = geometry.capability(ParallelTransport.class).orElseThrow();
        int d = tangentBasis.basisSize();
        int length = geometry.layout().length();
        Random random = new Random(41);
        for (int trial = 0; trial < TRIALS; trial++) {
            double[] x = points.apply(random);
            double[] q = pointAtDistance(geometry, x, random, maxDistance * (trial + 1.0) / TRIALS);
            double[][] basis = tangentBasis.basis(x);
            double[] log = new double[length];
            double[] coordinates = new double[d];
            double[] h = new double[d * d];
            double rho = hessian.addLogAndHessian(x, q, basis, log, coordinates, h);
            double scale = Math.max(1.0, rho);
            assertThat(rho).as("returned distance").isCloseTo(geometry.distance(x, q),
                    org.assertj.core.data.Offset.offset(1e-12 * scale));
            double[] expectedLog = geometry.log(x, q);
            for (int i = 0; i < length; i++) {
                assertThat(log[i]).as("log[%d]", i).isCloseTo(expectedLog[i],
                        org.assertj.core.data.Offset.offset(1e-12 * scale));
            }
            for (int k = 0; k < d; k++) {
                assertThat(coordinates[k]).as("coordinate %d", k).isCloseTo(geometry.inner(x, basis[k], log),
                        org.assertj.core.data.Offset.offset(1e-12 * scale));
            }
            // every entry up to d = 8; beyond, 64 seeded entries per trial keep the test to a second
            int checks = Math.min(d * d, 64);
            for (int check = 0; check < checks; check++) {
                int k = checks == d * d ? check / d : random.nextInt(d);
                int l = checks == d * d ? check % d : random.nextInt(d);
                double expected = finiteDifference(geometry, transport, x, q, basis[l], basis[k]);
                assertThat(h[k * d + l]).as("Hess[%d][%d] at rho = %s vs finite difference", k, l, rho)
                        .isCloseTo(expected, org.assertj.core.data.Offset.offset(
                                tolerance * Math.max(1.0, Math.abs(expected))));
                assertThat(h[k * d + l]).as("symmetry [%d][%d]", k, l).isCloseTo(h[l * d + k],
                        org.assertj.core.data.Offset.offset(1e-12 * Math.max(1.0, Math.abs(expected))));
            }
            double[] again = h.clone();
            hessian.addLogAndHessian(x, q, basis, log, coordinates, again);
            for (int i = 0; i < h.length; i++) {
                assertThat(again[i]).as("a second call adds the same matrix again").isCloseTo(2 * h[i],
                        org.assertj.core.data.Offset.offset(1e-12 * Math.max(1.0, Math.abs(h[i]))));
            }
        }
        double[] x = points.apply(random);
        double[][] basis = tangentBasis.basis(x);
        assertThatThrownBy(() -> hessian.addLogAndHessian(x, x, basis, new double[length], new double[d],
                new double[d * d + 1])).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hessian")
                .hasMessageContaining("Provided value");
        assertThatThrownBy(() -> hessian.addLogAndHessian(x, x, basis, new double[length], new double[d + 1],
                new double[d * d])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("coordinatesOut").hasMessageContaining("Provided value");
    }

    /** {@code d/dt <E_k(t), -log(exp(x, t u), q)>} at t = 0 by a central difference. */
    private static double finiteDifference(Geometry geometry, ParallelTransport transport, double[] x, double[] q,
                                           double[] u, double[] ek) {
        return (transportedGradient(geometry, transport, x, q, u, ek, STEP)
                - transportedGradient(geometry, transport, x, q, u, ek, -STEP)) / (2 * STEP);
    }

    private static double transportedGradient(Geometry geometry, ParallelTransport transport, double[] x,
                                              double[] q, double[] u, double[] ek, double t) {
        double[] step = u.clone();
        for (int i = 0; i < step.length; i++) {
            step[i] *= t;
        }
        double[] y = geometry.exp(x, step);
        double[] transported = transport.transport(x, y, ek);
        return -geometry.inner(y, transported, geometry.log(y, q));
    }

    private static double[] pointAtDistance(Geometry geometry, double[] x, Random random, double distance) {
        double[] ambient = new double[x.length];
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = random.nextGaussian();
        }
        double[] v = geometry.projectToTangent(x, ambient);
        double norm = geometry.norm(x, v);
        for (int i = 0; i < v.length; i++) {
            v[i] *= distance / norm;
        }
        return geometry.exp(x, v);
    }
}
