package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Properties specific to SPD(k) beyond the generic contract. */
class SpdGeometryTest {

    @Test
    void spdOfOneIsTheHalfLineWithTheLogarithmicMetric() {
        for (SpdGeometry g : new SpdGeometry[] {new AffineInvariantSpd(1), new LogEuclideanSpd(1)}) {
            double[] p = {2};
            double[] q = {0.5};
            assertThat(g.dimension()).isEqualTo(1);
            assertThat(g.distance(p, q)).isCloseTo(Math.log(4), within(1e-15));
            assertThat(g.log(p, q)[0]).isCloseTo(2 * Math.log(0.25), within(1e-15));
            assertThat(g.exp(p, new double[] {2})[0]).isCloseTo(2 * Math.E, within(1e-14));
            assertThat(g.inner(p, new double[] {1}, new double[] {3})).isCloseTo(0.75, within(1e-15));
        }
    }

    /**
     * {@link SpdGeometry#entryViolation} against the plain definition: a non-finite entry anywhere (the first in
     * row-major order is named), and asymmetry just above and at {@code tolerance} times the largest entry, at every
     * position of a 6 x 6 and a 30 x 30 matrix.
     */
    @Test
    void entryViolationMatchesItsDefinitionAtEveryPosition() {
        Random random = new Random(21);
        double tolerance = 1e-9;
        for (int k : new int[] {6, 30}) {
            SpdGeometry g = new LogEuclideanSpd(k);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    double[] p = SymmetricEigenTest.randomSymmetric(k, random, 1);
                    assertThat(g.entryViolation(p, tolerance)).isEmpty();
                    double bad = (i * k + j) % 3 == 0 ? Double.NaN : (i * k + j) % 3 == 1
                            ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                    p[i * k + j] = bad;
                    assertThat(g.entryViolation(p, tolerance)).contains(String.format(
                            "entry (%d, %d) is %s; every entry must be finite", i, j, bad));
                    if (i == j) {
                        continue;
                    }
                    double[] q = SymmetricEigenTest.randomSymmetric(k, random, 1);
                    double largest = 0;
                    for (double x : q) {
                        largest = Math.max(largest, Math.abs(x));
                    }
                    double bound = tolerance * largest;
                    double original = q[i * k + j];
                    q[i * k + j] = original + 0.5 * bound; // well within the tolerance
                    assertThat(g.entryViolation(q, tolerance)).as("(%d, %d) within", i, j).isEmpty();
                    q[i * k + j] = original + 4 * bound;
                    double asymmetry = Math.abs(q[i * k + j] - q[j * k + i]);
                    double newLargest = Math.max(largest, Math.abs(q[i * k + j]));
                    assertThat(asymmetry > tolerance * newLargest).isTrue();
                    int row = Math.min(i, j);
                    int column = Math.max(i, j);
                    assertThat(g.entryViolation(q, tolerance)).contains(String.format("it is not symmetric: "
                                    + "|p[%d][%d] - p[%d][%d]| = %.3g exceeds the tolerance %.3g times the largest "
                                    + "entry %.3g", row, column, column, row, asymmetry, tolerance, newLargest));
                }
            }
        }
    }

    @Test
    void affineInvariantMetricIsInvariantUnderCongruence() {
        AffineInvariantSpd g = new AffineInvariantSpd(3);
        Random random = new Random(7);
        double[] a = SymmetricEigenTest.randomSymmetric(3, random, 1); // any invertible matrix would do
        a[0] += 3;
        a[4] += 3;
        a[8] += 3;
        for (int t = 0; t < 20; t++) {
            double[] p = randomPoint(3, random);
            double[] q = randomPoint(3, random);
            assertThat(g.distance(congruence(a, p), congruence(a, q))).isCloseTo(g.distance(p, q), within(1e-12));
        }
    }

    @Test
    void antisymmetricMatricesAreOrthogonalToTheTangentSpaceForTheAffineMetric() {
        // tr(p^-1 W^T p^-1 S) = 0 for W antisymmetric and S symmetric, so symmetrisation is the orthogonal
        // projection; checked numerically with an explicit inverse.
        Random random = new Random(8);
        for (int t = 0; t < 20; t++) {
            double[] p = randomPoint(3, random);
            double[] inverse = inverse3(p);
            double[] s = SymmetricEigenTest.randomSymmetric(3, random, 1);
            double[] w = new double[9];
            for (int i = 0; i < 3; i++) {
                for (int j = i + 1; j < 3; j++) {
                    w[i * 3 + j] = random.nextGaussian();
                    w[j * 3 + i] = -w[i * 3 + j];
                }
            }
            double[] x = multiply(multiply(inverse, transpose(w)), multiply(inverse, s));
            assertThat(x[0] + x[4] + x[8]).isCloseTo(0.0, within(1e-12));
        }
    }

    @Test
    void ambientEmbeddingProjectsOnlyPositiveDefiniteMatrices() {
        for (SpdGeometry g : new SpdGeometry[] {new AffineInvariantSpd(2), new LogEuclideanSpd(2)}) {
            assertThat(g.ambientDimension()).isEqualTo(3);
            double[] out = new double[4];
            double[] p = {2, 0.5, 0.5, 1};
            double[] y = g.toAmbient(p);
            assertThat(y).containsExactly(new double[] {2, 1, 0.5 * Math.sqrt(2)},
                    org.assertj.core.data.Offset.offset(1e-15));
            assertThat(g.project(y, out)).isTrue();
            assertThat(out).containsExactly(p, org.assertj.core.data.Offset.offset(1e-15));
            assertThat(g.project(new double[] {1, 1, 2 * Math.sqrt(2)}, out)).isFalse(); // [[1,2],[2,1]]
            assertThat(g.project(new double[] {1, 0, 0}, out)).isFalse(); // singular
            g.fromAmbient(new double[] {1, 1, 2 * Math.sqrt(2)}, out);
            assertThat(out).containsExactly(new double[] {1, 2, 2, 1}, org.assertj.core.data.Offset.offset(1e-15));
        }
    }

    @Test
    void ambientRadiusIsTightAtTheIdentityAndScalesWithTheLargestEigenvalue() {
        for (SpdGeometry g : new SpdGeometry[] {new AffineInvariantSpd(2), new LogEuclideanSpd(2)}) {
            double[] identity = {1, 0, 0, 1};
            double r = 0.7;
            assertThat(g.ambientRadius(identity, r)).isCloseTo(Math.expm1(r), within(1e-15));
            // exp(I, r E_00) = diag(e^r, 1) attains the bound for both metrics
            double[] x = g.exp(identity, new double[] {r, 0, 0, 0});
            assertThat(g.distance(identity, x)).isCloseTo(r, within(1e-15));
            assertThat(x[0] - 1).isCloseTo(g.ambientRadius(identity, r), within(1e-14));
            assertThat(g.ambientRadius(new double[] {3, 1, 1, 3}, r)).isCloseTo(4 * Math.expm1(r), within(1e-14));
            assertThatThrownBy(() -> g.ambientRadius(identity, -1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-1");
        }
    }

    @Test
    void basesAtTheIdentityAreTheVecdBasisOfSym() {
        for (SpdGeometry g : new SpdGeometry[] {new AffineInvariantSpd(3), new LogEuclideanSpd(3)}) {
            double[][] basis = ((TangentBasis) g).basis(new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1});
            double[] y = new double[6];
            for (int i = 0; i < 6; i++) {
                Vecd.vecd(basis[i], 3, y);
                for (int j = 0; j < 6; j++) {
                    assertThat(y[j]).as("%s basis %d coordinate %d", g, i, j).isCloseTo(i == j ? 1 : 0, within(1e-15));
                }
            }
        }
    }

    @Test
    void logEuclideanLogIsTheDifferentialOfExpmAppliedToTheChartDifference() {
        // log(p, q) = DExpm_{Logm p}[Logm q - Logm p]: check against a central difference of Expm along the chart.
        LogEuclideanSpd g = new LogEuclideanSpd(3);
        Random random = new Random(9);
        for (int t = 0; t < 10; t++) {
            double[] p = randomPoint(3, random);
            double[] q = randomPoint(3, random);
            double[] lp = g.toChart(p);
            double[] lq = g.toChart(q);
            double h = 1e-5;
            double[] plus = new double[6];
            double[] minus = new double[6];
            for (int i = 0; i < 6; i++) {
                plus[i] = lp[i] + h * (lq[i] - lp[i]);
                minus[i] = lp[i] - h * (lq[i] - lp[i]);
            }
            double[] a = g.fromChart(plus, 9);
            double[] b = g.fromChart(minus, 9);
            double[] log = g.log(p, q);
            for (int i = 0; i < 9; i++) {
                assertThat(log[i]).isCloseTo((a[i] - b[i]) / (2 * h), within(1e-8));
            }
        }
    }

    @Test
    void capabilityOutFormsAllocateNothing() {
        if (!Allocations.supported()) {
            return;
        }
        Random random = new Random(10);
        double[] p = randomPoint(3, random);
        double[][] points = {randomPoint(3, random), randomPoint(3, random), p};
        double[] out = new double[9];
        double[] chart = new double[6];
        double[][] basis = new double[6][9];
        double[] sink = new double[1];
        LogEuclideanSpd le = new LogEuclideanSpd(3);
        AffineInvariantSpd ai = new AffineInvariantSpd(3);
        Runnable body = () -> {
            le.toChart(p, chart);
            le.fromChart(chart, out);
            le.mean(points, out);
            le.basis(p, basis);
            ai.basis(p, basis);
            le.toAmbient(p, chart);
            sink[0] += le.ambientRadius(p, 0.5) + ai.ambientRadius(p, 0.5) + (le.project(chart, out) ? 1 : 0);
            ai.pointViolation(p, 1e-8);
        };
        assertThat(Allocations.bytesPerCall(body, 5_000)).isLessThan(1.0);
    }

    static double[] randomPoint(int k, Random random) {
        return new AffineInvariantSpd(k).exp(identity(k), SymmetricEigenTest.randomSymmetric(k, random, 0.4));
    }

    private static double[] identity(int k) {
        double[] id = new double[k * k];
        for (int i = 0; i < k; i++) {
            id[i * k + i] = 1;
        }
        return id;
    }

    private static double[] congruence(double[] a, double[] x) {
        return multiply(multiply(a, x), transpose(a));
    }

    private static double[] transpose(double[] a) {
        double[] t = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                t[i * 3 + j] = a[j * 3 + i];
            }
        }
        return t;
    }

    private static double[] multiply(double[] a, double[] b) {
        double[] c = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int l = 0; l < 3; l++) {
                    c[i * 3 + j] += a[i * 3 + l] * b[l * 3 + j];
                }
            }
        }
        return c;
    }

    private static double[] inverse3(double[] m) {
        double[] c = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                int i1 = (i + 1) % 3;
                int i2 = (i + 2) % 3;
                int j1 = (j + 1) % 3;
                int j2 = (j + 2) % 3;
                c[j * 3 + i] = m[i1 * 3 + j1] * m[i2 * 3 + j2] - m[i1 * 3 + j2] * m[i2 * 3 + j1];
            }
        }
        double det = m[0] * c[0] + m[1] * c[3] + m[2] * c[6];
        for (int i = 0; i < 9; i++) {
            c[i] /= det;
        }
        return c;
    }
}
