package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The sphere of radius R is the unit sphere scaled by R: {@code rho_R(R p, R q) = R rho_1(p, q)},
 * {@code log_R(R p, R q) = R log_1(p, q)}, {@code exp_R(R p, R v) = R exp_1(p, v)}, transport commutes with the
 * scaling, {@code <R u, R v> = R^2 <u, v>}, and the curvature is {@code 1/R^2}. These oracle identities are checked
 * at the ends of the accepted radius range, where the arithmetic used to overflow (R = 1e300: log returned NaN) or
 * the curvature was infinite (R = 1e-300); radii beyond the range are refused with the range in the message.
 */
class SphereRadiusRangeTest {

    private static final double RELATIVE = 1e-13;

    @ParameterizedTest(name = "R = {0}")
    @ValueSource(doubles = {1e-100, 3.7e-60, 1e-20, 0.25, 1, 4e17, 2.5e60, 1e100})
    void everyOperationIsTheUnitSphereScaledByR(double radius) {
        SphereGeometry unit = new SphereGeometry(4, 1);
        SphereGeometry scaled = (SphereGeometry) Geometries.parse("sphere:d=4,radius=" + radius);
        assertThat(scaled.radius()).isEqualTo(radius);
        assertThat(scaled.curvature().max()).isCloseTo(1 / (radius * radius), relative(1 / (radius * radius)));
        assertThat(scaled.injectivityRadius()).isCloseTo(Math.PI * radius, relative(Math.PI * radius));
        Random random = new Random(Double.hashCode(radius));
        for (int trial = 0; trial < 50; trial++) {
            double[] p = unitPoint(random);
            double[] q = unitPoint(random);
            if (unit.distance(p, q) > 3) {
                continue; // too close to the antipode for a well-conditioned log
            }
            double[] v = unit.projectToTangent(p, gaussian(random, 5));
            double[] w = unit.projectToTangent(p, gaussian(random, 5));
            double[] rp = times(radius, p);
            double[] rq = times(radius, q);
            double[] rv = times(radius, v);
            double[] rw = times(radius, w);
            // the allocating (checked) forms accept the scaled points and vectors
            assertScaled(scaled.log(rp, rq), unit.log(p, q), radius, "log");
            assertScaled(scaled.exp(rp, rv), unit.exp(p, v), radius, "exp");
            assertScaled(scaled.transport(rp, rq, rv), unit.transport(p, q, v), radius, "transport");
            assertScaled(scaled.projectToTangent(rp, times(radius, q)), unit.projectToTangent(p, q), radius,
                    "projectToTangent");
            double distance = scaled.distance(rp, rq);
            assertThat(distance).isCloseTo(radius * unit.distance(p, q), relative(radius * unit.distance(p, q)));
            double inner = scaled.inner(rp, rv, rw);
            double expected = radius * radius * unit.inner(p, v, w);
            assertThat(inner).isFinite().isCloseTo(expected, org.assertj.core.data.Offset.offset(
                    RELATIVE * radius * radius * unit.norm(p, v) * unit.norm(p, w) + Double.MIN_NORMAL));
            assertThat(scaled.pointViolation(rp, Geometry.DEFAULT_TOLERANCE)).isEmpty();
            assertThat(scaled.tangentViolation(rp, rv, Geometry.DEFAULT_TOLERANCE)).isEmpty();
            // a normal vector of size R is not tangent at any scale
            assertThat(scaled.tangentViolation(rp, times(0.5, rp), Geometry.DEFAULT_TOLERANCE)).isPresent();
            assertThat(scaled.ambientRadius(rp, distance)).isCloseTo(
                    radius * unit.ambientRadius(p, unit.distance(p, q)), relative(radius * 2));
        }
    }

    @ParameterizedTest(name = "radius={0}")
    @ValueSource(strings = {"1e300", "1e-300", "1e101", "9.9e-101", "0", "-1", "NaN", "Infinity", "-Infinity"})
    void radiiOutsideTheRangeAreRefusedWithTheRange(String radius) {
        assertThatThrownBy(() -> Geometries.parse("sphere:d=2,radius=" + radius))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'radius'")
                .hasMessageContaining("[1.0E-100, 1.0E100]").hasMessageContaining("Provided value: " + radius);
        double value = Double.parseDouble(radius);
        assertThatThrownBy(() -> new SphereGeometry(2, value)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("radius").hasMessageContaining("[1.0E-100, 1.0E100]");
    }

    @Test
    void dimensionsBeyondTheLongestPointAreRefusedWithTheRange() {
        assertThatThrownBy(() -> Geometries.parse("sphere:d=1000000000")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'d'").hasMessageContaining("[1, " + SphereGeometry.MAX_DIMENSION + "]");
        assertThatThrownBy(() -> new SphereGeometry(Integer.MAX_VALUE, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[1, " + SphereGeometry.MAX_DIMENSION + "]");
        // The largest accepted dimension creates a geometry without allocating a point.
        Geometry largest = Geometries.parse("sphere:d=" + SphereGeometry.MAX_DIMENSION);
        assertThat(largest.layout().length()).isEqualTo(PointLayout.MAX_LENGTH);
    }

    @Test
    void hugeSpheresAgreeWithTheirClosedFormAtTheRangeEnd() {
        // The reported failure: sphere:d=2,radius=1e300 gave NaN logs. At 1e100 a quarter circle is exact.
        SphereGeometry huge = (SphereGeometry) Geometries.parse("sphere:d=2,radius=1e100");
        double[] p = {1e100, 0, 0};
        double[] q = {0, 1e100, 0};
        assertThat(huge.distance(p, q)).isCloseTo(Math.PI / 2 * 1e100, relative(1e100));
        double[] log = huge.log(p, q);
        assertThat(log[0]).isCloseTo(0, org.assertj.core.data.Offset.offset(1e88));
        assertThat(log[1]).isCloseTo(Math.PI / 2 * 1e100, relative(1e100));
        assertThat(log[2]).isZero();
        SphereGeometry tiny = (SphereGeometry) Geometries.parse("sphere:d=2,radius=1e-100");
        assertThat(tiny.distance(new double[] {1e-100, 0, 0}, new double[] {0, 0, -1e-100}))
                .isCloseTo(Math.PI / 2 * 1e-100, relative(1e-100));
    }

    private static org.assertj.core.data.Offset<Double> relative(double scale) {
        return org.assertj.core.data.Offset.offset(RELATIVE * Math.abs(scale));
    }

    private static void assertScaled(double[] actual, double[] unitResult, double radius, String what) {
        double scale = 0;
        for (double x : unitResult) {
            scale = Math.max(scale, Math.abs(x));
        }
        for (int i = 0; i < actual.length; i++) {
            assertThat(actual[i]).as("%s[%d] at R = %s", what, i, radius).isFinite()
                    .isCloseTo(radius * unitResult[i], org.assertj.core.data.Offset.offset(
                            RELATIVE * radius * Math.max(scale, 1)));
        }
    }

    private static double[] unitPoint(Random random) {
        double[] x = gaussian(random, 5);
        double norm = SphereGeometry.euclideanNorm(x);
        return times(1 / norm, x);
    }

    private static double[] gaussian(Random random, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextGaussian();
        }
        return x;
    }

    private static double[] times(double factor, double[] x) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = factor * x[i];
        }
        return y;
    }
}
