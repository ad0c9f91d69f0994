package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Allocations;
import java.util.Arrays;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;

class SymmetricEigenTest {

    /** The default choice by k and both methods forced, so that Jacobi stays covered at every size. */
    private static SymmetricEigen[] solvers(int k) {
        return new SymmetricEigen[] {new SymmetricEigen(k), new SymmetricEigen(k, SymmetricEigen.Method.JACOBI),
            new SymmetricEigen(k, SymmetricEigen.Method.TRIDIAGONAL_QR)};
    }

    @Test
    void decompositionReconstructsTheMatrixWithOrthonormalVectors() {
        Random random = new Random(1);
        for (int k : new int[] {1, 2, 3, 5, 10, 33, 64}) {
            for (SymmetricEigen eigen : solvers(k)) {
                for (int t = 0; t < (k > 10 ? 3 : 50); t++) {
                    double[] a = randomSymmetric(k, random, 1 + 10 * random.nextDouble());
                    double[] values = new double[k];
                    double[] vectors = new double[k * k];
                    eigen.decompose(a, values, vectors, "a");
                    double scale = maxAbs(a);
                    assertThat(maxAbsDifference(rebuild(values, vectors, k), a)).as("k = %d", k)
                            .isLessThan(1e-13 * k * scale);
                    assertThat(orthogonalityDefect(vectors, k)).as("k = %d", k).isLessThan(1e-14 * k);
                }
            }
        }
    }

    @Test
    void eigenvaluesAgreeWithEjml() {
        Random random = new Random(2);
        for (int k : new int[] {2, 3, 7, 20}) {
            for (SymmetricEigen eigen : solvers(k)) {
                double[] a = randomSymmetric(k, random, 3);
                double[] values = new double[k];
                eigen.decompose(a, values, null, "a");
                EigenDecomposition_F64<DMatrixRMaj> ejml = DecompositionFactory_DDRM.eig(k, false, true);
                assertThat(ejml.decompose(DMatrixRMaj.wrap(k, k, a.clone()))).isTrue();
                double[] expected = new double[k];
                for (int i = 0; i < k; i++) {
                    expected[i] = ejml.getEigenvalue(i).real;
                }
                Arrays.sort(values);
                Arrays.sort(expected);
                for (int i = 0; i < k; i++) {
                    assertThat(values[i]).isCloseTo(expected[i], org.assertj.core.data.Offset.offset(1e-13 * k * 3));
                }
            }
        }
    }

    @Test
    void twoByTwoClosedFormAgreesWithTheGeneralLoop() {
        Random random = new Random(3);
        SymmetricEigen fast = new SymmetricEigen(2);
        SymmetricEigen general = new SymmetricEigen(2, SymmetricEigen.Method.JACOBI);
        double[][] special = {
            {1, 0, 0, 1}, {2, 0, 0, 3}, {1, 1e-300, 1e-300, 1}, {1e-8, 1e-9, 1e-9, 1e8}, {0, 0, 0, 0},
            {1, 1, 1, 1}, {-3, 2, 2, 0.5}, {1e200, 1e-200, 1e-200, -1e200}, {1, 1e-17, 1e-17, 1 + 2e-16}};
        for (int t = 0; t < 200 + special.length; t++) {
            double[] a = t < special.length ? special[t]
                    : randomSymmetric(2, random, Math.exp(4 * random.nextGaussian()));
            double[] v1 = new double[2];
            double[] v2 = new double[2];
            double[] u1 = new double[4];
            double[] u2 = new double[4];
            fast.decompose(a, v1, u1, "a");
            general.decompose(a, v2, u2, "a");
            double scale = Math.max(Double.MIN_NORMAL, maxAbs(a));
            assertThat(Math.max(Math.abs(v1[0] - v2[0]), Math.abs(v1[1] - v2[1])) / scale)
                    .as("eigenvalues of %s", Arrays.toString(a)).isLessThan(1e-15);
            assertThat(maxAbsDifference(u1, u2)).as("eigenvectors of %s", Arrays.toString(a)).isLessThan(1e-15);
            assertThat(maxAbsDifference(rebuild(v1, u1, 2), symmetricPart(a, 2)) / scale).isLessThan(1e-15);
            assertThat(orthogonalityDefect(u1, 2)).isLessThan(1e-15);
        }
    }

    @Test
    void jacobiKeepsTheRelativeAccuracyOfSmallEigenvaluesOfGradedPositiveMatrices() {
        // A = D H D with H well conditioned and D strongly graded: Jacobi finds the tiny eigenvalues to high
        // relative accuracy, so their product equals det(A) = det(H) prod(d_i^2) closely. (The tridiagonal QR
        // path, normwise backward stable only, would get the eigenvalue 1e-16 with an absolute error near
        // u |A|, i.e. no correct digit.)
        double[] d = {1, 1e-4, 1e-8};
        double[] h = {2, 0.5, 0.3, 0.5, 1.5, 0.2, 0.3, 0.2, 1};
        double detH = 2 * (1.5 - 0.04) - 0.5 * (0.5 - 0.06) + 0.3 * (0.1 - 0.45);
        double[] a = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                a[i * 3 + j] = d[i] * h[i * 3 + j] * d[j];
            }
        }
        double[] values = new double[3];
        new SymmetricEigen(3, SymmetricEigen.Method.JACOBI).decompose(a, values, new double[9], "a");
        double product = values[0] * values[1] * values[2];
        double expected = detH * 1e-8 * 1e-16;
        assertThat(Math.abs(product / expected - 1)).isLessThan(1e-13);
    }

    @Test
    void nonFiniteEntriesAreRejectedWithTheMatrixName() {
        SymmetricEigen eigen = new SymmetricEigen(2);
        assertThatThrownBy(() -> eigen.decompose(new double[] {1, Double.NaN, 0, 1}, new double[2], null, "q"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("q has the non-finite entry");
        assertThatThrownBy(() -> eigen.decompose(new double[] {1, 0, 0, Double.POSITIVE_INFINITY}, new double[2],
                new double[4], "p")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Infinity");
    }

    /**
     * The first non-finite entry of the symmetric part in row-major order is the one reported, at every position of
     * a 7 x 7 and a 30 x 30 matrix (the copy visits only the upper triangle), also when the entries are finite but
     * their half-sum overflows.
     */
    @Test
    void theFirstNonFiniteEntryIsReported() {
        Random random = new Random(12);
        for (int k : new int[] {7, 30}) {
            SymmetricEigen eigen = new SymmetricEigen(k);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    double[] a = randomSymmetric(k, random, 1);
                    double bad = (i + j) % 3 == 0 ? Double.NaN : (i + j) % 3 == 1 ? Double.POSITIVE_INFINITY
                            : Double.NEGATIVE_INFINITY;
                    a[i * k + j] = bad;
                    int first = Math.min(i, j);
                    int second = Math.max(i, j);
                    assertThatThrownBy(() -> eigen.decompose(a, new double[k], new double[k * k], "a"))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessage("a has the non-finite entry %s at (%d, %d); every entry must be finite",
                                    first == i ? bad : a[first * k + second], first, second);
                }
            }
            double[] a = randomSymmetric(k, random, 1);
            a[k + 2] = Double.MAX_VALUE;
            a[2 * k + 1] = Double.MAX_VALUE;
            assertThatThrownBy(() -> eigen.decompose(a, new double[k], null, "a"))
                    .hasMessageContaining("non-finite entry").hasMessageContaining("at (1, 2)");
        }
    }

    /**
     * The input is scaled by a power of two to largest entry in [1, 2) before the reduction (and the scaling is
     * skipped when it is 1), so scaling a matrix by 2^e scales its eigenvalues by exactly 2^e and leaves its
     * eigenvectors unchanged, bit for bit.
     */
    @Test
    void powerOfTwoScalingCommutesExactly() {
        Random random = new Random(13);
        for (int k : new int[] {3, 8, 30}) {
            SymmetricEigen eigen = new SymmetricEigen(k);
            double[] a = randomSymmetric(k, random, 1);
            double largest = 0;
            for (double x : a) {
                largest = Math.max(largest, Math.abs(x));
            }
            for (int i = 0; i < a.length; i++) {
                a[i] = Math.scalb(a[i], -Math.getExponent(largest)); // largest entry in [1, 2): no scaling
            }
            double[] values = new double[k];
            double[] vectors = new double[k * k];
            eigen.decompose(a, values, vectors, "a");
            for (int e : new int[] {-600, -3, 1, 40, 900}) {
                double[] scaled = new double[a.length];
                for (int i = 0; i < a.length; i++) {
                    scaled[i] = Math.scalb(a[i], e);
                }
                double[] scaledValues = new double[k];
                double[] scaledVectors = new double[k * k];
                eigen.decompose(scaled, scaledValues, scaledVectors, "a");
                for (int i = 0; i < k; i++) {
                    assertThat(scaledValues[i]).as("k = %d, e = %d", k, e).isEqualTo(Math.scalb(values[i], e));
                }
                assertThat(scaledVectors).as("k = %d, e = %d", k, e).containsExactly(vectors);
            }
        }
    }

    @Test
    void decompositionAllocatesNothing() {
        if (!Allocations.supported()) {
            return;
        }
        Random random = new Random(4);
        for (int k : new int[] {2, 5}) {
            for (SymmetricEigen eigen : solvers(k)) {
                double[] a = randomSymmetric(k, random, 1);
                double[] values = new double[k];
                double[] vectors = new double[k * k];
                assertThat(Allocations.bytesPerCall(() -> eigen.decompose(a, values, vectors, "a"), 20_000))
                        .isLessThan(1.0);
            }
        }
    }

    static double[] randomSymmetric(int k, Random random, double scale) {
        double[] a = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double x = scale * random.nextGaussian();
                a[i * k + j] = x;
                a[j * k + i] = x;
            }
        }
        return a;
    }

    private static double[] symmetricPart(double[] a, int k) {
        double[] s = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                s[i * k + j] = 0.5 * (a[i * k + j] + a[j * k + i]);
            }
        }
        return s;
    }

    private static double[] rebuild(double[] values, double[] vectors, int k) {
        double[] a = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    sum += vectors[i * k + l] * values[l] * vectors[j * k + l];
                }
                a[i * k + j] = sum;
            }
        }
        return a;
    }

    private static double orthogonalityDefect(double[] vectors, int k) {
        double worst = 0;
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                double dot = 0;
                for (int r = 0; r < k; r++) {
                    dot += vectors[r * k + a] * vectors[r * k + b];
                }
                worst = Math.max(worst, Math.abs(dot - (a == b ? 1 : 0)));
            }
        }
        return worst;
    }

    private static double maxAbs(double[] a) {
        double m = 0;
        for (double x : a) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }

    private static double maxAbsDifference(double[] a, double[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, Math.abs(a[i] - b[i]));
        }
        return m;
    }
}
