package dev.manifolddp.experiments.utility;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.TangentPcaEstimator;
import dev.manifolddp.geometry.EuclideanSpace;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.utility.UtilityMeasure;
import org.junit.jupiter.api.Test;

/** The principal-angle utilities against rotated covariances whose angle is known. */
class PrincipalAngleTest {

    /** R diag(values) R^T, packed, for R the rotation by phi in the (i, j) plane of R^d. */
    private static double[] rotated(double[] values, int i, int j, double phi) {
        int d = values.length;
        double[] r = new double[d * d];
        for (int a = 0; a < d; a++) {
            r[a * d + a] = 1;
        }
        r[i * d + i] = Math.cos(phi);
        r[j * d + j] = Math.cos(phi);
        r[i * d + j] = -Math.sin(phi);
        r[j * d + i] = Math.sin(phi);
        double[] m = new double[d * d];
        for (int a = 0; a < d; a++) {
            for (int b = 0; b < d; b++) {
                double sum = 0;
                for (int c = 0; c < d; c++) {
                    sum += r[a * d + c] * values[c] * r[b * d + c];
                }
                m[a * d + b] = sum;
            }
        }
        return TangentPcaEstimator.pack(m, d);
    }

    @Test
    void theAngleOfARotatedCovarianceIsTheRotation() {
        UtilityMeasure first = new PrincipalAngle.First();
        UtilityMeasure two = new PrincipalAngle.FirstTwo();
        EuclideanSpace space = EuclideanSpace.of(6);
        double[] values = {4, 2, 0.5};
        double[] truth = rotated(values, 0, 1, 0);
        for (double phi : new double[] {0.1, 0.7, 1.3}) {
            // turning the first axis towards the third moves mode 1 by phi and the plane of modes 1-2 by phi
            double[] tilted = rotated(values, 0, 2, phi);
            assertThat(first.measure(space, tilted, truth).value()).isCloseTo(phi, within(1e-9));
            assertThat(two.measure(space, tilted, truth).value()).isCloseTo(phi, within(1e-9));
            // turning inside the plane of the first two modes moves mode 1, not the plane
            double[] inPlane = rotated(values, 0, 1, phi);
            assertThat(first.measure(space, inPlane, truth).value()).isCloseTo(phi, within(1e-9));
            assertThat(two.measure(space, inPlane, truth).value()).isCloseTo(0, within(1e-7));
        }
    }

    @Test
    void isRegisteredAndRefusesValuesThatAreNotPackedCovariances() {
        UtilityMeasure measure = UtilityMeasure.registry(getClass().getClassLoader()).provider("principal-angle-2");
        assertThat(measure).isInstanceOf(PrincipalAngle.FirstTwo.class);
        assertThatThrownBy(() -> measure.measure(Geometries.parse("sphere:d=2"), new double[] {0, 0, 1},
                new double[] {0, 0, 1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tangent-pca").hasMessageContaining("principal-angle-2");
        assertThatThrownBy(() -> measure.measure(EuclideanSpace.of(1), new double[] {1}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tangent-pca");
        assertThat(measure.unsupported(Geometries.parse("kendall:landmarks=8"))).isEmpty();
        assertThat(new PrincipalAngle.First().measure(EuclideanSpace.of(3), new double[] {Double.NaN, 0, 1},
                new double[] {1, 0, 0}).isDefined()).isFalse();
    }
}
