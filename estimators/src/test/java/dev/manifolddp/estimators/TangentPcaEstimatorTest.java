package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.EuclideanSpace;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Tangent PCA at a public base point: the packing that makes R^{d(d+1)/2}'s distance the Frobenius norm, the second
 * moment's closed form, its sensitivity against the supremum over adjacent datasets (reached, not only bounded), the
 * modes and the principal angles.
 */
class TangentPcaEstimatorTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    private static final double[] NORTH = {0, 0, 1};
    private static final double R = Math.PI / 8;

    private static double[] at(double t, double phi) {
        return new double[] {Math.sin(t) * Math.cos(phi), Math.sin(t) * Math.sin(phi), Math.cos(t)};
    }

    @Test
    void packingKeepsTheFrobeniusNormAndUnpackInvertsIt() {
        double[] m = {1, 2, 3, 2, 5, 6, 3, 6, 9};
        double[] packed = TangentPcaEstimator.pack(m, 3);
        assertThat(packed).hasSize(6);
        double frobenius = 0;
        for (double x : m) {
            frobenius += x * x;
        }
        double norm = 0;
        for (double x : packed) {
            norm += x * x;
        }
        assertThat(norm).isCloseTo(frobenius, within(1e-12));
        assertThat(TangentPcaEstimator.unpack(packed, 3)).containsExactly(m, within(1e-15));
        assertThatThrownBy(() -> TangentPcaEstimator.unpack(new double[5], 3)).hasMessageContaining("6 coordinates");
    }

    @Test
    void theEstimateIsTheSecondMomentOfTheLogsInTheTangentBasis() {
        Estimator pca = new TangentPcaEstimator(null).forBall(SPHERE, NORTH, R);
        assertThat(pca.parameterSpace(SPHERE)).isEqualTo(EuclideanSpace.of(3));
        double[][] data = {at(0.3, 0), at(0.1, Math.PI / 2), at(0.2, Math.PI)};
        double[][] basis = SPHERE.capability(TangentBasis.class).orElseThrow().basis(NORTH);
        double[] expected = new double[4];
        for (double[] x : data) {
            double[] log = SPHERE.log(NORTH, x);
            double[] c = {SPHERE.inner(NORTH, basis[0], log), SPHERE.inner(NORTH, basis[1], log)};
            for (int j = 0; j < 2; j++) {
                for (int k = 0; k < 2; k++) {
                    expected[j * 2 + k] += c[j] * c[k] / data.length;
                }
            }
        }
        assertThat(TangentPcaEstimator.unpack(pca.estimate(SPHERE, data), 2)).containsExactly(expected,
                within(1e-15));
        // trace = mean squared distance from the base point
        double[] c = TangentPcaEstimator.unpack(pca.estimate(SPHERE, data), 2);
        assertThat(c[0] + c[3]).isCloseTo((0.09 + 0.01 + 0.04) / 3, within(1e-14));
    }

    /** {@code sqrt(2) r^2/n}: no random adjacent pair exceeds it, orthogonal boundary records reach it. */
    @Test
    void theSensitivityIsSqrtTwoRSquaredOverNAndIsReached() {
        int n = 6;
        Estimator pca = new TangentPcaEstimator(null).forBall(SPHERE, NORTH, R);
        double bound = pca.gradientSensitivity(SPHERE, R, n);
        assertThat(bound).isCloseTo(Math.sqrt(2) * R * R / n, within(1e-16));
        assertThat(search(pca, NORTH, R, n, new Random(5))).isLessThanOrEqualTo(bound * (1 + 1e-12))
                .isGreaterThan(0.99 * bound);
        // at a base 0.2 from the ball's centre: R = 0.2 + r, valid but not reached (only one record of the ball is at
        // distance R from the base, so two orthogonal logs of length R do not exist): docs/tangent-pca.md measures 0.78
        double[] base = at(0.2, 1.0);
        Estimator offset = new TangentPcaEstimator(base).forBall(SPHERE, NORTH, R);
        double offsetBound = offset.gradientSensitivity(SPHERE, R, n);
        assertThat(offsetBound).isCloseTo(Math.sqrt(2) * (0.2 + R) * (0.2 + R) / n, within(1e-15));
        assertThat(search(offset, NORTH, R, n, new Random(6))).isLessThanOrEqualTo(offsetBound * (1 + 1e-12))
                .isGreaterThan(0.75 * offsetBound);
    }

    /** Random datasets of the ball and one-record replacements, the replaced pair often on the boundary. */
    private static double search(Estimator pca, double[] centre, double r, int n, Random random) {
        double best = 0;
        for (int trial = 0; trial < 4000; trial++) {
            double[][] data = new double[n][];
            for (int i = 0; i < n; i++) {
                data[i] = at(r * Math.sqrt(random.nextDouble()), 2 * Math.PI * random.nextDouble());
            }
            double[][] adjacent = data.clone();
            double phi = 2 * Math.PI * random.nextDouble();
            data[0] = at(random.nextBoolean() ? r : r * random.nextDouble(), phi);
            adjacent[0] = at(random.nextBoolean() ? r : r * random.nextDouble(),
                    random.nextBoolean() ? phi + Math.PI / 2 : 2 * Math.PI * random.nextDouble());
            double[] a = pca.estimate(SPHERE, data);
            double[] b = pca.estimate(SPHERE, adjacent);
            best = Math.max(best, EuclideanSpace.of(a.length).distance(a, b));
        }
        return best;
    }

    @Test
    void everyDatasetsEstimateLiesInTheParameterBall() {
        Estimator pca = new TangentPcaEstimator(null).forBall(SPHERE, NORTH, R);
        Estimator.ParameterBall ball = pca.parameterBall(SPHERE, NORTH, R, 8).orElseThrow();
        assertThat(ball.radius()).isEqualTo(R * R);
        Random random = new Random(9);
        for (int trial = 0; trial < 300; trial++) {
            double[][] data = new double[8][];
            for (int i = 0; i < data.length; i++) {
                data[i] = at(R * Math.sqrt(random.nextDouble()), random.nextBoolean() ? 0 : 2 * Math.PI
                        * random.nextDouble());
            }
            double[] c = pca.estimate(SPHERE, data);
            assertThat(EuclideanSpace.of(3).distance(c, ball.center())).isLessThanOrEqualTo(ball.radius());
        }
    }

    @Test
    void modesAreTheSortedEigenpairsAndPrincipalAnglesMeasureTheirRotation() {
        double angle = 0.3;
        double cos = Math.cos(angle);
        double sin = Math.sin(angle);
        // diag(3, 1) rotated by angle: first mode (cos, sin), variance 3
        double[] rotated = {3 * cos * cos + sin * sin, 2 * cos * sin, 2 * cos * sin, 3 * sin * sin + cos * cos};
        PrincipalModes modes = PrincipalModes.of(rotated, 2);
        assertThat(modes.variances()).containsExactly(new double[] {3, 1}, within(1e-12));
        assertThat(Math.abs(modes.direction(0)[0] * cos + modes.direction(0)[1] * sin)).isCloseTo(1, within(1e-12));
        PrincipalModes axis = PrincipalModes.of(new double[] {3, 0, 0, 1}, 2);
        assertThat(axis.largestPrincipalAngle(modes, 1)).isCloseTo(angle, within(1e-12));
        assertThat(axis.largestPrincipalAngle(modes, 2)).isCloseTo(0, within(1e-7));
        PrincipalModes negative = PrincipalModes.of(new double[] {-1, 0, 0, 2}, 2);
        assertThat(negative.variances()).containsExactly(2, -1);
        assertThat(negative.clippedVariance(1)).isZero();
        assertThatThrownBy(() -> PrincipalModes.of(new double[] {1, Double.NaN, 0, 1}, 2))
                .hasMessageContaining("entry (0, 1)");
    }

    @Test
    void refusalsNameTheFix() {
        assertThatThrownBy(() -> new TangentPcaEstimator(null).estimate(SPHERE, new double[][] {NORTH}))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("forBall");
        assertThatThrownBy(() -> new TangentPcaEstimator(new double[] {0, 0, -1}).forBall(SPHERE, NORTH, R))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("injectivity radius");
        assertThatThrownBy(() -> new TangentPcaEstimatorProvider().create(Map.of("base", "1,,0")))
                .hasMessageContaining("base").hasMessageContaining("coordinate 2");
    }
}
