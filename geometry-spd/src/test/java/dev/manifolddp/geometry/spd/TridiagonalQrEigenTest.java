package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Allocations;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.BiFunction;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.RandomMatrices_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;

/**
 * The Householder + implicit QR path of {@link SymmetricEigen} against EJML's symmetric eigensolver, on random and
 * on hard inputs (repeated and clustered eigenvalues, condition 1e4 and 1e8, diagonal and tridiagonal input,
 * extreme scales), for k = 3..40: eigenvalues, orthogonality {@code |V^T V - I|} and residual
 * {@code |A V - V diag(l)|}, all relative to {@code |A|} and unit roundoff.
 */
class TridiagonalQrEigenTest {

    private static final double U = 0x1.0p-53;

    /** A named way to build a k x k symmetric test matrix. */
    record Input(String name, BiFunction<Integer, Random, double[]> build) {
    }

    static final List<Input> INPUTS = List.of(
            new Input("random", (k, r) -> SymmetricEigenTest.randomSymmetric(k, r, 1)),
            new Input("2I", (k, r) -> scaledIdentity(k, 2)),
            new Input("I + 1e-12 S", (k, r) -> add(scaledIdentity(k, 1), SymmetricEigenTest.randomSymmetric(k, r,
                    1e-12))),
            new Input("SPD, condition 1e4", (k, r) -> withSpectrum(geometric(k, 1e4), r)),
            new Input("SPD, condition 1e8", (k, r) -> withSpectrum(geometric(k, 1e8), r)),
            new Input("clustered {1, 1, 1, 2, 2, 3 ...}", (k, r) -> withSpectrum(clustered(k), r)),
            new Input("rank one", (k, r) -> rankOne(k, r)),
            new Input("diagonal", (k, r) -> diagonal(k, r, false)),
            new Input("diagonal with repeats", (k, r) -> diagonal(k, r, true)),
            new Input("tridiagonal", (k, r) -> tridiagonal(k, r)),
            new Input("zero", (k, r) -> new double[k * k]));

    @Test
    void agreesWithEjmlAndIsOrthogonalWithSmallResiduals() {
        Random random = new Random(11);
        List<String> failures = new ArrayList<>();
        double worstValues = 0;
        double worstOrthogonality = 0;
        double worstResidual = 0;
        for (int k = 3; k <= 40; k++) {
            SymmetricEigen eigen = new SymmetricEigen(k, SymmetricEigen.Method.TRIDIAGONAL_QR);
            for (Input input : INPUTS) {
                double[] a = input.build().apply(k, random);
                double[] values = new double[k];
                double[] vectors = new double[k * k];
                eigen.decompose(a, values, vectors, "a");
                double norm = Math.max(Double.MIN_NORMAL, frobenius(a));
                double valueError = maxSortedDifference(values, ejmlValues(a, k)) / (k * U * norm);
                double orthogonality = orthogonalityDefect(vectors, k) / (k * U);
                double residual = residual(a, values, vectors, k) / (k * U * norm);
                worstValues = Math.max(worstValues, valueError);
                worstOrthogonality = Math.max(worstOrthogonality, orthogonality);
                worstResidual = Math.max(worstResidual, residual);
                // In units of k u |A|_F (k u for orthogonality); the observed worst cases are about 3.
                if (!(valueError < 10 && orthogonality < 10 && residual < 10)) {
                    failures.add(String.format(Locale.ROOT, "k = %d, %s: eigenvalues %.3g, orthogonality %.3g, "
                            + "residual %.3g", k, input.name(), valueError, orthogonality, residual));
                }
            }
        }
        System.out.printf(Locale.ROOT, "tridiagonal QR, k = 3..40, in units of k u: eigenvalues vs EJML %.3f, "
                + "|V^T V - I| %.3f, |A V - V L| %.3f%n", worstValues, worstOrthogonality, worstResidual);
        assertThat(failures).isEmpty();
    }

    @Test
    void scalingByAPowerOfTwoIsExact() {
        // The solver scales its input to entries below 2 by a power of two, so 2^e A decomposes bit for bit like A,
        // also where squares of the entries would overflow or underflow.
        Random random = new Random(12);
        for (int k : new int[] {3, 8, 25}) {
            SymmetricEigen eigen = new SymmetricEigen(k, SymmetricEigen.Method.TRIDIAGONAL_QR);
            double[] a = SymmetricEigenTest.randomSymmetric(k, random, 1);
            double[] values = new double[k];
            double[] vectors = new double[k * k];
            eigen.decompose(a, values, vectors, "a");
            for (int exponent : new int[] {-900, -600, 600, 1000}) {
                double[] scaled = a.clone();
                for (int i = 0; i < scaled.length; i++) {
                    scaled[i] = Math.scalb(scaled[i], exponent);
                }
                double[] scaledValues = new double[k];
                double[] scaledVectors = new double[k * k];
                eigen.decompose(scaled, scaledValues, scaledVectors, "a");
                for (int i = 0; i < k; i++) {
                    assertThat(scaledValues[i]).as("k = %d, 2^%d", k, exponent)
                            .isEqualTo(Math.scalb(values[i], exponent));
                }
                assertThat(scaledVectors).containsExactly(vectors);
            }
        }
    }

    @Test
    void eigenvaluesAloneEqualThoseComputedWithVectors() {
        Random random = new Random(13);
        for (int k : new int[] {3, 10, 30}) {
            SymmetricEigen eigen = new SymmetricEigen(k, SymmetricEigen.Method.TRIDIAGONAL_QR);
            double[] a = SymmetricEigenTest.randomSymmetric(k, random, 1);
            double[] with = new double[k];
            double[] without = new double[k];
            eigen.decompose(a, with, new double[k * k], "a");
            eigen.decompose(a, without, null, "a");
            assertThat(without).containsExactly(with); // the rotations do not depend on the vectors
        }
    }

    @Test
    void smallSizesAndTheFallbackToJacobiWork() {
        Random random = new Random(14);
        for (int k = 1; k <= 12; k++) {
            // A budget of zero QR steps makes every non-diagonal input fall back to Jacobi.
            for (SymmetricEigen eigen : new SymmetricEigen[] {
                    new SymmetricEigen(k, SymmetricEigen.Method.TRIDIAGONAL_QR),
                    new SymmetricEigen(k, SymmetricEigen.Method.TRIDIAGONAL_QR, false, 0)}) {
                double[] a = SymmetricEigenTest.randomSymmetric(k, random, 1);
                double[] values = new double[k];
                double[] vectors = new double[k * k];
                eigen.decompose(a, values, vectors, "a");
                double norm = frobenius(a);
                assertThat(maxSortedDifference(values, ejmlValues(a, k))).as("k = %d", k)
                        .isLessThan(10 * k * U * norm);
                assertThat(orthogonalityDefect(vectors, k)).isLessThan(10 * k * U);
                assertThat(residual(a, values, vectors, k)).isLessThan(10 * k * U * norm);
            }
        }
    }

    @Test
    void theMethodIsChosenByTheMatrixSize() {
        assertThat(new SymmetricEigen(2).method()).isEqualTo(SymmetricEigen.Method.JACOBI);
        assertThat(new SymmetricEigen(SymmetricEigen.TRIDIAGONAL_QR_FROM - 1).method())
                .isEqualTo(SymmetricEigen.Method.JACOBI);
        for (int k : new int[] {SymmetricEigen.TRIDIAGONAL_QR_FROM, 10, 30, 64}) {
            assertThat(new SymmetricEigen(k).method()).isEqualTo(SymmetricEigen.Method.TRIDIAGONAL_QR);
        }
    }

    @Test
    void decompositionAllocatesNothing() {
        if (!Allocations.supported()) {
            return;
        }
        Random random = new Random(15);
        for (int k : new int[] {10, 30}) {
            SymmetricEigen eigen = new SymmetricEigen(k);
            assertThat(eigen.method()).isEqualTo(SymmetricEigen.Method.TRIDIAGONAL_QR);
            double[] a = SymmetricEigenTest.randomSymmetric(k, random, 1);
            double[] values = new double[k];
            double[] vectors = new double[k * k];
            int calls = k == 10 ? 5_000 : 1_000;
            assertThat(Allocations.bytesPerCall(() -> eigen.decompose(a, values, vectors, "a"), calls))
                    .as("bytes per decomposition with vectors, k = %d", k).isLessThan(1.0);
            assertThat(Allocations.bytesPerCall(() -> eigen.decompose(a, values, null, "a"), calls))
                    .as("bytes per decomposition without vectors, k = %d", k).isLessThan(1.0);
        }
    }

    // ---- inputs ------------------------------------------------------------------------------------------

    private static double[] scaledIdentity(int k, double s) {
        double[] a = new double[k * k];
        for (int i = 0; i < k; i++) {
            a[i * k + i] = s;
        }
        return a;
    }

    private static double[] add(double[] a, double[] b) {
        double[] sum = a.clone();
        for (int i = 0; i < sum.length; i++) {
            sum[i] += b[i];
        }
        return sum;
    }

    /** Eigenvalues from 1 down to 1/condition, evenly spaced in logarithm. */
    private static double[] geometric(int k, double condition) {
        double[] s = new double[k];
        for (int i = 0; i < k; i++) {
            s[i] = Math.pow(condition, -i / (double) (k - 1));
        }
        return s;
    }

    /** {1, 1, 1, 2, 2, 3, 3, ...}: a triple and then pairs. */
    private static double[] clustered(int k) {
        double[] s = new double[k];
        for (int i = 0; i < k; i++) {
            s[i] = i < 3 ? 1 : 2 + (i - 3) / 2;
        }
        return s;
    }

    /** {@code Q diag(spectrum) Q^T} with Q a random orthogonal matrix, symmetrised exactly. */
    private static double[] withSpectrum(double[] spectrum, Random random) {
        int k = spectrum.length;
        DMatrixRMaj q = RandomMatrices_DDRM.orthogonal(k, k, random);
        double[] a = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j <= i; j++) {
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    sum += q.get(i, l) * spectrum[l] * q.get(j, l);
                }
                a[i * k + j] = sum;
                a[j * k + i] = sum;
            }
        }
        return a;
    }

    private static double[] rankOne(int k, Random random) {
        double[] x = new double[k];
        for (int i = 0; i < k; i++) {
            x[i] = random.nextGaussian();
        }
        double[] a = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                a[i * k + j] = x[i] * x[j];
            }
        }
        return a;
    }

    private static double[] diagonal(int k, Random random, boolean repeats) {
        double[] a = new double[k * k];
        for (int i = 0; i < k; i++) {
            a[i * k + i] = repeats ? random.nextInt(3) - 1 : random.nextGaussian();
        }
        return a;
    }

    private static double[] tridiagonal(int k, Random random) {
        double[] a = new double[k * k];
        for (int i = 0; i < k; i++) {
            a[i * k + i] = random.nextGaussian();
            if (i + 1 < k) {
                double e = random.nextGaussian();
                a[i * k + i + 1] = e;
                a[(i + 1) * k + i] = e;
            }
        }
        return a;
    }

    // ---- measures ----------------------------------------------------------------------------------------

    private static double[] ejmlValues(double[] a, int k) {
        EigenDecomposition_F64<DMatrixRMaj> ejml = DecompositionFactory_DDRM.eig(k, false, true);
        if (!ejml.decompose(DMatrixRMaj.wrap(k, k, a.clone()))) {
            throw new IllegalStateException("EJML failed");
        }
        double[] values = new double[k];
        for (int i = 0; i < k; i++) {
            values[i] = ejml.getEigenvalue(i).real;
        }
        return values;
    }

    private static double maxSortedDifference(double[] a, double[] b) {
        double[] x = a.clone();
        double[] y = b.clone();
        Arrays.sort(x);
        Arrays.sort(y);
        double worst = 0;
        for (int i = 0; i < x.length; i++) {
            worst = Math.max(worst, Math.abs(x[i] - y[i]));
        }
        return worst;
    }

    private static double frobenius(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x * x;
        }
        return Math.sqrt(s);
    }

    /** {@code max |V^T V - I|}. */
    private static double orthogonalityDefect(double[] vectors, int k) {
        DMatrixRMaj v = DMatrixRMaj.wrap(k, k, vectors);
        DMatrixRMaj gram = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(v, v, gram);
        double worst = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                worst = Math.max(worst, Math.abs(gram.get(i, j) - (i == j ? 1 : 0)));
            }
        }
        return worst;
    }

    /** {@code max |A V - V diag(values)|}. */
    private static double residual(double[] a, double[] values, double[] vectors, int k) {
        double worst = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double av = 0;
                for (int l = 0; l < k; l++) {
                    av += a[i * k + l] * vectors[l * k + j];
                }
                worst = Math.max(worst, Math.abs(av - vectors[i * k + j] * values[j]));
            }
        }
        return worst;
    }
}
