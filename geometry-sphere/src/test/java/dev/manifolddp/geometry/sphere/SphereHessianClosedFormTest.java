package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SphereGeometry#addLogAndHessian} on a great circle, on both sides of the angle pi/3 where it switches from
 * the polynomial {@link ThetaOverSine} to the atan2 form: with {@code p = R e0} and
 * {@code q = R (cos a e0 + sin a e1)}, {@code rho = R a}, {@code log(p, q) = R a e1} and, in an orthonormal basis of
 * {@code T_p}, {@code Hess = u u^T + a cot(a) (I - u u^T)} with u the coordinates of e1. Both forms must reach the
 * closed form to a few ulps, so that a Newton iteration sees no seam at pi/3.
 */
class SphereHessianClosedFormTest {

    @ParameterizedTest
    @CsvSource({"2, 1.0", "3, 2.5"})
    void matchesTheClosedFormOnBothSidesOfThePolynomialRange(int dimension, double radius) {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse(
                "sphere:d=" + dimension + ",radius=" + radius);
        int length = dimension + 1;
        double[] p = new double[length];
        p[0] = radius;
        double[][] basis = new double[dimension][length];
        sphere.basis(p, basis);
        double third = Math.PI / 3;
        for (double a : new double[] {1e-9, 1e-4, 0.1, 0.7, third - 1e-9, third + 1e-9, 1.5, 2.5}) {
            double[] q = new double[length];
            q[0] = radius * Math.cos(a);
            q[1] = radius * Math.sin(a);
            double[] log = new double[length];
            double[] coordinates = new double[dimension];
            double[] hessian = new double[dimension * dimension];
            double rho = sphere.addLogAndHessian(p, q, basis, log, coordinates, hessian);
            double tolerance = 8 * Math.ulp(radius * a);
            assertThat(rho).as("rho at a = %s", a).isCloseTo(radius * a, Offset.offset(tolerance));
            assertThat(log[1]).as("log along e1 at a = %s", a).isCloseTo(radius * a, Offset.offset(tolerance));
            for (int i = 0; i < length; i++) {
                if (i != 1) {
                    assertThat(log[i]).as("log[%d] at a = %s", i, a).isCloseTo(0.0, Offset.offset(tolerance));
                }
            }
            double cot = a * Math.cos(a) / Math.sin(a);
            for (int k = 0; k < dimension; k++) {
                for (int l = 0; l < dimension; l++) {
                    double uk = basis[k][1];
                    double ul = basis[l][1];
                    double expected = uk * ul + cot * ((k == l ? 1 : 0) - uk * ul);
                    assertThat(hessian[k * dimension + l]).as("H[%d][%d] at a = %s", k, l, a)
                            .isCloseTo(expected, Offset.offset(8 * Math.ulp(1.0)));
                }
            }
        }
    }
}
