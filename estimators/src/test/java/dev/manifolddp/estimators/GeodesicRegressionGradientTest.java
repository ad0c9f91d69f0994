package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HiddenCapabilities;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The adjoint-Jacobi-field gradients of the regression energy (Kulkarni and Soto 2025, eq. (5), (6)) against finite differences of
 * the energy along curves {@code (exp(p, s a), P_s(v) + s b)} at points away from the optimum, for the closed forms
 * and the numerical fallback; the per-record fields average to the total; nothing is allocated per call.
 */
class GeodesicRegressionGradientTest {

    @ParameterizedTest
    @ValueSource(strings = {"sphere:d=2", "sphere:d=4,radius=0.5", "kendall:landmarks=6", "spd/affine-invariant:k=3",
            "spd/log-euclidean:k=2", "numerical:sphere:d=3", "numerical:kendall:landmarks=4",
            "numerical:spd/affine-invariant:k=2"})
    void gradientsMatchFiniteDifferencesOfTheEnergy(String name) {
        boolean numerical = name.startsWith("numerical:");
        Geometry closed = Geometries.parse(numerical ? name.substring("numerical:".length()) : name);
        Geometry geometry = numerical ? new HiddenCapabilities(closed, JacobiFields.class) : closed;
        RegressionFixtures data = RegressionFixtures.draw(geometry, 41L, 15, 0.8 * Math.min(1.0,
                geometry.injectivityRadius() / Math.PI), 0.1, 0.0, 1.0);
        GeodesicRegressionGradient field = GeodesicRegressionGradient.of(geometry, data.x(), data.y());
        ParallelTransport transport = geometry.capability(ParallelTransport.class).orElseThrow();
        Random random = new Random(42);
        double[] p = data.p();
        double[] v = data.v();
        int length = p.length;
        double[] gradP = new double[length];
        double[] gradV = new double[length];
        double energy = field.gradient(p, v, gradP, gradV);
        assertThat(energy).isCloseTo(data.energy(p, v), within(1e-12));
        assertThat(field.energy(p, v)).isCloseTo(energy, within(1e-12));
        double scale = Math.min(1.0, geometry.injectivityRadius() / Math.PI);
        for (int t = 0; t < 8; t++) {
            double[] a = RegressionFixtures.tangent(geometry, p, random, scale);
            double[] b = RegressionFixtures.tangent(geometry, p, random, scale);
            double h = 1e-5 * scale;
            double slope = (GeodesicRegressionHeldOutTest.energyAlong(geometry, transport, p, v, a, b, h, data.x(),
                    data.y()) - GeodesicRegressionHeldOutTest.energyAlong(geometry, transport, p, v, a, b, -h,
                    data.x(), data.y())) / (2 * h);
            double expected = geometry.inner(p, gradP, a) + geometry.inner(p, gradV, b);
            assertThat(slope).as("dE along (a, b), trial %d", t).isCloseTo(expected, within(1e-7 * scale));
        }
        // The per-record fields average to the total; the norms are those of the totals.
        double[] sumP = new double[length];
        double[] sumV = new double[length];
        double[] rowP = new double[length];
        double[] rowV = new double[length];
        for (int i = 0; i < field.size(); i++) {
            field.recordGradients(i, p, v, rowP, rowV);
            for (int j = 0; j < length; j++) {
                sumP[j] += rowP[j] / field.size();
                sumV[j] += rowV[j] / field.size();
            }
        }
        GeodesicRegressionOracleTest.assertClose(sumP, gradP, 1e-12, "mean of grad_p E_i");
        GeodesicRegressionOracleTest.assertClose(sumV, gradV, 1e-12, "mean of grad_v E_i");
        assertThat(field.footpointGradientNorm(p, v)).isCloseTo(geometry.norm(p, gradP), within(1e-12));
        assertThat(field.velocityGradientNorm(p, v)).isCloseTo(geometry.norm(p, gradV), within(1e-12));
        GeodesicRegressionGradient copy = field.copy();
        assertThat(copy.footpointGradientNorm(p, v)).isEqualTo(field.footpointGradientNorm(p, v));

        if (Allocations.supported()) {
            double bytes = Allocations.bytesPerCall(() -> {
                field.recordGradients(3, p, v, rowP, rowV);
                field.footpointGradientNorm(p, v);
                field.velocityGradientNorm(p, v);
            }, 200);
            assertThat(bytes).as("bytes allocated per call").isLessThan(1.0);
        }
    }
}
