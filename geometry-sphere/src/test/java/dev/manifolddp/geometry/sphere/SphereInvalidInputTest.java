package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.ValidatingGeometry;
import org.junit.jupiter.api.Test;

/**
 * Bad input fails with an {@link IllegalArgumentException} that says what is wrong, in the allocating forms (through
 * the API's checks) and in the hot-path {@code out} forms (through cheap branches), never with a silent NaN.
 */
class SphereInvalidInputTest {

    private static final SphereGeometry S2 = (SphereGeometry) Geometries.parse("sphere:d=2");
    private static final double[] P = {0, 0, 1};
    private static final double[] ANTIPODE = {0, 0, -1};
    private static final double[] V = {0.5, -0.25, 0};
    private static final double[] NAN = {Double.NaN, 0, 1};

    @Test
    void offManifoldPointsAreRejectedWithTheNormFound() {
        assertThat(S2.pointViolation(new double[] {0, 0, 1.5}, 1e-8)).hasValueSatisfying(message -> assertThat(message)
                .contains("norm is 1.5").contains("norm 1.0"));
        assertThat(S2.pointViolation(new double[] {0, 0, 1 + 1e-10}, 1e-8)).isEmpty();
        assertThatThrownBy(() -> S2.log(P, new double[] {0, 1.5, 0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("q is not a point of sphere:d=2,radius=1.0").hasMessageContaining("1.5");
        SphereGeometry big = (SphereGeometry) Geometries.parse("sphere:d=2,radius=2.5");
        // The hot-path distance does not check membership; the validating decorator does.
        assertThatCode(() -> big.distance(new double[] {0, 0, 2.5}, P)).doesNotThrowAnyException();
        assertThatThrownBy(() -> ValidatingGeometry.wrap(big).distance(new double[] {0, 0, 2.5}, P))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("norm is 1.0");
    }

    @Test
    void wrongLengthsAreRejected() {
        assertThatThrownBy(() -> S2.exp(new double[] {0, 1}, new double[] {1, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length 2")
                .hasMessageContaining("in 3 numbers");
        assertThatThrownBy(() -> S2.transport(P, P, new double[] {1, 0, 0, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length 4");
        assertThatThrownBy(() -> S2.basis(new double[] {1, 0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("length 2");
    }

    @Test
    void nonTangentVectorsAreRejectedByTheAllocatingForms() {
        assertThatThrownBy(() -> S2.exp(P, new double[] {0, 0, 0.5})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a tangent vector");
        assertThatThrownBy(() -> S2.transport(P, P, new double[] {0, 0, 0.5}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a tangent vector");
    }

    @Test
    void nonFiniteInputFailsInTheOutFormsInsteadOfReturningNaN() {
        double[] out = new double[3];
        assertThatThrownBy(() -> S2.exp(NAN, V, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.exp(P, new double[] {Double.POSITIVE_INFINITY, 0, 0}, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("infinite");
        assertThatThrownBy(() -> S2.log(P, NAN, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.distance(NAN, P)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.inner(P, V, NAN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.projectToTangent(P, NAN, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.transport(P, new double[] {0, 1, 0}, NAN, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.transport(NAN, P, V, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.basis(NAN, new double[2][3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.basis(new double[3], new double[2][3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nonzero");
    }

    @Test
    void logAndTransportRefuseTheAntipode() {
        double[] out = new double[3];
        assertThatThrownBy(() -> S2.log(P, ANTIPODE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cut locus");
        assertThatThrownBy(() -> S2.log(P, ANTIPODE, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("antipode");
        assertThatThrownBy(() -> S2.transport(P, ANTIPODE, V)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cut locus");
        assertThatThrownBy(() -> S2.transport(P, ANTIPODE, V, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("antipode");
        // Just inside the margin of the cut locus, where the direction is no longer meaningful, both forms refuse.
        double a = Math.PI - 1e-12;
        double[] almost = {Math.sin(a), 0, Math.cos(a)};
        assertThatThrownBy(() -> S2.log(P, almost)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> S2.log(P, almost, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("antipode");
    }

    @Test
    void logNearTheAntipodeStillWorks() {
        double a = Math.PI - 1e-6;
        double[] q = {Math.sin(a), 0, Math.cos(a)};
        double[] log = S2.log(P, q);
        assertThat(log[0]).isCloseTo(a, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(log[1]).isZero();
        assertThat(log[2]).isCloseTo(0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void logRefusesAMultipleOfPOffTheSphere() {
        double[] out = new double[3];
        assertThatThrownBy(() -> S2.log(P, new double[] {0, 0, 2}, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("multiple of p");
    }

    @Test
    void ambientRadiusRefusesANegativeOrNonFiniteRadius() {
        assertThatThrownBy(() -> S2.ambientRadius(P, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
        assertThatThrownBy(() -> S2.ambientRadius(P, Double.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> S2.ambientRadius(P, Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
