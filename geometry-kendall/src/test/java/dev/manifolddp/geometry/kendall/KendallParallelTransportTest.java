package dev.manifolddp.geometry.kendall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.ValidatingGeometry;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The closed-form transport against an independent numerical solution of the parallel-transport equation of the
 * horizontal lift, and its isometry onto the horizontal space at the target representative up to pi/2.
 */
class KendallParallelTransportTest {

    private static Geometry geometry(int k) {
        return Geometries.parse("kendall:landmarks=" + k);
    }

    /**
     * Solves, with classical RK4, the equation of a horizontal field V along the horizontal geodesic
     * {@code g(t) = exp(z, t L)}: V stays horizontal and its derivative has no horizontal part, so
     * {@code V' = -<V, g'> g - <V, i g'> i g}. Returns V(1), horizontal at {@code g(1)}.
     */
    private static double[] integrate(Geometry g, double[] z, double[] log, double[] v, int steps) {
        double[] state = v.clone();
        double h = 1.0 / steps;
        for (int n = 0; n < steps; n++) {
            double t = n * h;
            double[] k1 = derivative(g, z, log, t, state);
            double[] k2 = derivative(g, z, log, t + h / 2, axpy(state, h / 2, k1));
            double[] k3 = derivative(g, z, log, t + h / 2, axpy(state, h / 2, k2));
            double[] k4 = derivative(g, z, log, t + h, axpy(state, h, k3));
            for (int i = 0; i < state.length; i++) {
                state[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            }
        }
        return state;
    }

    private static double[] derivative(Geometry g, double[] z, double[] log, double t, double[] state) {
        double theta = Math.sqrt(KendallFixtures.dot(log, log));
        double[] point = new double[z.length];
        double[] velocity = new double[z.length];
        for (int i = 0; i < z.length; i++) {
            double unit = theta > 0 ? log[i] / theta : 0;
            point[i] = Math.cos(t * theta) * z[i] + Math.sin(t * theta) * unit;
            velocity[i] = theta * (-Math.sin(t * theta) * z[i] + Math.cos(t * theta) * unit);
        }
        double along = KendallFixtures.dot(state, velocity);
        double across = ComplexLandmarks.imaginaryProduct(velocity, state); // <V, i g'> = Im(g'* V)
        double[] out = new double[z.length];
        for (int i = 0; i < z.length; i += 2) {
            // i g has landmarks (-y, x).
            out[i] = -along * point[i] + across * point[i + 1];
            out[i + 1] = -along * point[i + 1] - across * point[i];
        }
        return out;
    }

    private static double[] axpy(double[] y, double a, double[] x) {
        double[] out = y.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += a * x[i];
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 10})
    void closedFormMatchesTheTransportEquation(int k) {
        Geometry g = geometry(k);
        ParallelTransport transport = g.capability(ParallelTransport.class).orElseThrow();
        Random random = new Random(700 + k);
        for (int t = 0; t < 10; t++) {
            double[] z = KendallFixtures.randomPreshape(g, random);
            double[] log = KendallFixtures.tangent(g, z, random, 1.5 * random.nextDouble());
            double[] aligned = g.exp(z, log);
            double alpha = 2 * Math.PI * random.nextDouble();
            double[] w = KendallFixtures.rotate(aligned, alpha);
            double[] v = KendallFixtures.tangent(g, z, random, 1.0);

            double[] numerical = KendallFixtures.rotate(integrate(g, z, log, v, 400), alpha);
            double[] closedForm = transport.transport(z, w, v);
            assertThat(KendallFixtures.maxAbsDifference(closedForm, numerical)).isLessThan(1e-10);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 10, 50})
    void mapsOntoTheHorizontalSpaceIsometricallyUpToTheCutLocus(int k) {
        Geometry g = geometry(k);
        ParallelTransport transport = ValidatingGeometry.wrap(g).capability(ParallelTransport.class).orElseThrow();
        Random random = new Random(800 + k);
        double[] out = new double[2 * k];
        for (int t = 0; t < 20; t++) {
            double[] z = KendallFixtures.randomPreshape(g, random);
            double distance = t < 10 ? 1.57 * random.nextDouble() : Math.pow(10, -12 * random.nextDouble());
            double[] w = KendallFixtures.rotate(g.exp(z, KendallFixtures.tangent(g, z, random, distance)),
                    6 * random.nextDouble());
            double[] u = KendallFixtures.tangent(g, z, random, 1.0);
            double[] v = KendallFixtures.tangent(g, z, random, 0.7);
            double[] tu = transport.transport(z, w, u);
            transport.transport(z, w, v, out); // the validating wrapper checks that out is horizontal at w
            assertThat(g.tangentViolation(w, tu, 1e-14)).isEmpty();
            assertThat(g.inner(w, tu, out)).isCloseTo(g.inner(z, u, v), offset(1e-14));
            assertThat(g.norm(w, tu)).isCloseTo(1.0, offset(1e-14));
            assertThat(g.norm(w, out)).isCloseTo(0.7, offset(1e-14));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 10})
    void transportToTheSameShapeIsTheRotationOntoItsRepresentative(int k) {
        Geometry g = geometry(k);
        ParallelTransport transport = g.capability(ParallelTransport.class).orElseThrow();
        Random random = new Random(900 + k);
        double[] z = KendallFixtures.randomPreshape(g, random);
        double[] v = KendallFixtures.tangent(g, z, random, 0.4);
        assertThat(KendallFixtures.maxAbsDifference(transport.transport(z, z, v), v)).isLessThan(1e-16);
        double[] rotated = transport.transport(z, KendallFixtures.rotate(z, 0.9), v);
        assertThat(KendallFixtures.maxAbsDifference(rotated, KendallFixtures.rotate(v, 0.9))).isLessThan(1e-15);
    }
}
