package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Oracle;
import dev.manifolddp.geometry.PointLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Closed forms on a great circle of the sphere of radius R = 2.5 in R^4: with {@code p = R e0} and
 * {@code q(a) = R (cos a e0 + sin a e1)}, {@code rho(p, q) = R a}, {@code log(p, q) = R a e1},
 * {@code exp(p, R a e1) = q}, the chord is {@code 2 R sin(a/2)}, and transport to q turns e1 into
 * {@code -sin a e0 + cos a e1} and leaves e2, e3 alone. The small and near-pi angles check the accuracy of the
 * atan2 angle and of the tangent direction there.
 */
class SphereClosedFormTest {

    private static final double R = 2.5;
    private static final SphereGeometry SPHERE = (SphereGeometry) Geometries.parse("sphere:d=3,radius=2.5");

    @Test
    void constantsScaleWithTheRadius() {
        assertThat(SPHERE.dimension()).isEqualTo(3);
        assertThat(SPHERE.layout()).isEqualTo(PointLayout.vector(4));
        assertThat(SPHERE.curvature()).isEqualTo(CurvatureBounds.constant(1 / (R * R)));
        assertThat(SPHERE.injectivityRadius()).isEqualTo(Math.PI * R);
        assertThat(SPHERE.ambientDimension()).isEqualTo(4);
        assertThat(SPHERE.basisSize()).isEqualTo(3);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 1e-12, 1e-9, 1e-5, 1e-3, 0.3, 1.0, 2.0, 3.0, Math.PI - 1e-3, Math.PI - 1e-6})
    void greatCircleClosedForms(double a) {
        double[] p = {R, 0, 0, 0};
        double[] q = {R * Math.cos(a), R * Math.sin(a), 0, 0};
        double[] logExpected = {0, R * a, 0, 0};
        // Rounding q moves it by ~1e-16 R; near the antipode the geodesic to it turns by ~1e-16/(pi - a), so the
        // direction-dependent results (transport) are only that accurate: an inherent loss, not an implementation's.
        double tolerance = 2e-15 / Math.min(1, Math.PI - a);

        assertThat(relative(SPHERE.distance(p, q), R * a)).as("distance").isLessThan(1e-15);
        double[] log = SPHERE.log(p, q);
        assertThat(Oracle.scaledError(log, logExpected)).as("log").isLessThan(tolerance);
        // The length of log keeps full relative accuracy however small the angle.
        assertThat(Math.abs(log[1] - R * a)).as("relative error of |log|").isLessThanOrEqualTo(1e-15 * R * a);
        assertThat(Oracle.scaledError(SPHERE.exp(p, logExpected), q)).as("exp").isLessThan(2e-15);
        assertThat(SPHERE.ambientRadius(p, R * a)).as("chord").isCloseTo(2 * R * Math.sin(a / 2), within(4e-15));

        double[] e1 = {0, 1, 0, 0};
        double[] e2 = {0, 0, 1, 0};
        assertThat(Oracle.scaledError(SPHERE.transport(p, q, e1), new double[] {-Math.sin(a), Math.cos(a), 0, 0}))
                .as("transport of the velocity direction").isLessThan(tolerance);
        assertThat(Oracle.scaledError(SPHERE.transport(p, q, e2), e2)).as("transport of a normal direction")
                .isLessThan(tolerance);
    }

    @Test
    void expWrapsAroundAndMatchesTheFormulaOnBothSidesOfTheSeriesSwitch() {
        double[] p = {0, 0, R, 0};
        for (double length : new double[] {1e-12, 0.99e-4 * R, 1.01e-4 * R, 1e-2, 4.0, 2 * Math.PI * R}) {
            double[] v = {0, 0, 0, length};
            double t = length / R;
            double[] expected = {0, 0, R * Math.cos(t), R * Math.sin(t)};
            assertThat(Oracle.scaledError(SPHERE.exp(p, v), expected)).as("exp at |v| = %s", length)
                    .isLessThan(2e-15);
        }
    }

    @Test
    void distancesScaleWithTheRadius() {
        double[] x = {0.3, -0.2, 0.9, 0.1};
        double[] y = {-0.5, 0.4, 0.1, 0.7};
        normalise(x, 1);
        normalise(y, 1);
        double unit = Geometries.parse("sphere:d=3").distance(x, y);
        normalise(x, R);
        normalise(y, R);
        assertThat(SPHERE.distance(x, y)).isCloseTo(R * unit, within(1e-14));
    }

    @Test
    void ambientRadiusIsTheChordCappedAtTheDiameter() {
        double[] center = {R, 0, 0, 0};
        assertThat(SPHERE.ambientRadius(center, 0)).isZero();
        assertThat(SPHERE.ambientRadius(center, Math.PI * R)).isCloseTo(2 * R, within(1e-15));
        assertThat(SPHERE.ambientRadius(center, 100)).isCloseTo(2 * R, within(1e-15));
        assertThat(SPHERE.ambientRadius(center, 1.0)).isCloseTo(2 * R * Math.sin(1.0 / (2 * R)), within(1e-15));
    }

    @Test
    void projectionNormalisesToTheRadius() {
        double[] out = new double[4];
        assertThat(SPHERE.project(new double[] {3, 0, 4, 0}, out)).isTrue();
        assertThat(out).containsExactly(1.5, 0, 2.0, 0);
        assertThat(SPHERE.project(new double[] {1e-310, 0, 0, 0}, out)).isTrue();
        assertThat(out).containsExactly(R, 0, 0, 0);
        assertThat(SPHERE.project(new double[] {1e300, 1e300, 0, 0}, out)).isTrue();
        assertThat(SPHERE.pointViolation(out, 1e-15)).isEmpty();
        assertThat(SPHERE.project(new double[4], out)).isFalse();
        assertThat(SPHERE.project(new double[] {Double.NaN, 1, 0, 0}, out)).isFalse();
    }

    @Test
    void tangentBasisIsOrthonormalAtCoordinateAxesToo() {
        double[][] points = {{R, 0, 0, 0}, {0, 0, 0, -R}, {0, -R, 0, 0}, {R / 2, R / 2, R / 2, R / 2},
                {1e-200, R, 0, 0}};
        for (double[] p : points) {
            double[][] basis = SPHERE.basis(p);
            assertThat(basis).hasNumberOfRows(3);
            for (int i = 0; i < 3; i++) {
                assertThat(SPHERE.inner(p, basis[i], p)).as("<e%d, p>", i).isCloseTo(0, within(1e-15));
                for (int j = 0; j < 3; j++) {
                    assertThat(SPHERE.inner(p, basis[i], basis[j])).isCloseTo(i == j ? 1 : 0, within(1e-15));
                }
            }
        }
    }

    @Test
    void basisAndTransportOutFormsAllocateNothing() {
        if (!Allocations.supported()) {
            return;
        }
        double[] p = {R, 0, 0, 0};
        double[] q = {0, R, 0, 0};
        double[] v = {0, 0.5, 0.25, 0};
        double[] out = new double[4];
        double[][] basis = new double[3][4];
        assertThat(Allocations.bytesPerCall(() -> SPHERE.basis(q, basis), 20_000)).isLessThan(1.0);
        assertThat(Allocations.bytesPerCall(() -> SPHERE.transport(p, q, v, out), 20_000)).isLessThan(1.0);
        assertThat(Allocations.bytesPerCall(() -> SPHERE.project(v, out), 20_000)).isLessThan(1.0);
    }

    private static double relative(double actual, double expected) {
        return expected == 0 ? Math.abs(actual) : Math.abs(actual - expected) / expected;
    }

    private static void normalise(double[] x, double radius) {
        double norm = Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3]);
        for (int i = 0; i < x.length; i++) {
            x[i] *= radius / norm;
        }
    }
}
