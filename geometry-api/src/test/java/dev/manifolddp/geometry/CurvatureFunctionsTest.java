package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CurvatureFunctionsTest {

    @Test
    void hMaxMatchesItsClosedForm() {
        // s sqrt(k) cot(s sqrt(k)) at s = 2r = pi/4, k = 1: (pi/4) * 1 = 0.7853981633974483
        assertThat(CurvatureFunctions.hMax(Math.PI / 4, 1)).isCloseTo(Math.PI / 4, within(1e-15));
        // k = 4, s = 0.3: x = 0.6, 0.6 / tan(0.6) = 0.8823316...
        assertThat(CurvatureFunctions.hMax(0.3, 4)).isCloseTo(0.6 / Math.tan(0.6), within(1e-15));
        assertThat(CurvatureFunctions.hMax(1.0, 0)).isEqualTo(1.0);
        assertThat(CurvatureFunctions.hMax(1.0, -0.5)).isEqualTo(1.0);
    }

    @Test
    void seriesBranchesJoinTheClosedFormsSmoothly() {
        for (double x : new double[] {1e-8, 1e-4, 9.99e-4, 1.001e-3}) {
            assertThat(CurvatureFunctions.hMax(x, 1)).isCloseTo(x / Math.tan(x), within(2e-16));
            assertThat(CurvatureFunctions.hMin(x, -1)).isCloseTo(x / Math.tanh(x), within(2e-16));
        }
        assertThat(CurvatureFunctions.hMax(0, 1)).isEqualTo(1.0);
        assertThat(CurvatureFunctions.hMin(0, -1)).isEqualTo(1.0);
    }

    @Test
    void hMinMatchesItsClosedForm() {
        // SPD affine-invariant: kmin = -1/2, s = 3: x = 3/sqrt(2)
        double x = 3 / Math.sqrt(2);
        assertThat(CurvatureFunctions.hMin(3, -0.5)).isCloseTo(x / Math.tanh(x), within(1e-15));
        assertThat(CurvatureFunctions.hMin(3, 0)).isEqualTo(1.0);
        assertThat(CurvatureFunctions.hMin(3, 2)).isEqualTo(1.0);
    }

    @Test
    void jacobiFactorsMatchTheirClosedForms() {
        assertThat(CurvatureFunctions.cK(4, 0.5)).isCloseTo(Math.cos(1.0), within(1e-15));
        assertThat(CurvatureFunctions.sK(4, 0.5)).isCloseTo(Math.sin(1.0) / 2, within(1e-15));
        assertThat(CurvatureFunctions.cK(0, 0.5)).isEqualTo(1.0);
        assertThat(CurvatureFunctions.sK(0, 0.5)).isEqualTo(0.5);
        assertThat(CurvatureFunctions.cK(-0.5, 2)).isCloseTo(Math.cosh(Math.sqrt(2)), within(1e-15));
        assertThat(CurvatureFunctions.sK(-0.5, 2)).isCloseTo(Math.sinh(Math.sqrt(2)) * Math.sqrt(2), within(1e-14));
        // The Jacobi factors solve f'' + k f = 0: C_k^2 + k S_k^2 = 1.
        for (double k : new double[] {-2, -0.5, 0.3, 4}) {
            for (double s : new double[] {0.1, 0.7, 1.3}) {
                double c = CurvatureFunctions.cK(k, s);
                double sk = CurvatureFunctions.sK(k, s);
                assertThat(c * c + k * sk * sk).isCloseTo(1.0, within(1e-12));
            }
        }
    }

    @Test
    void badArgumentsAreRejected() {
        assertThatThrownBy(() -> CurvatureFunctions.hMax(-1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Provided value");
        assertThatThrownBy(() -> CurvatureFunctions.hMax(4, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pi");
        assertThatThrownBy(() -> CurvatureFunctions.hMin(Double.NaN, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CurvatureFunctions.cK(Double.POSITIVE_INFINITY, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
