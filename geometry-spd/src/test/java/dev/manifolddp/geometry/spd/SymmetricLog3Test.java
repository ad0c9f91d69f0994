package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The 3 x 3 eigenvalue-only logarithm ({@link SymmetricLog3}): its trigonometric eigenvalues against the QR
 * eigensolver, its interpolation form against the eigenvector path ({@link MatrixFunctions#logm}) on random spectra
 * of condition below 64, on clusters and ties (where the second divided difference cancels), and its refusals.
 */
class SymmetricLog3Test {

    private static final double U = 0x1.0p-53;

    @Test
    void theInterpolationFormMatchesTheEigenvectorPath() {
        Random random = new Random(31);
        SpdWorkspace w = new SpdWorkspace(3);
        double worst = 0;
        for (int trial = 0; trial < 3000; trial++) {
            double scale = Math.exp(3 * random.nextGaussian());
            double[] spectrum = new double[3];
            for (int i = 0; i < 3; i++) {
                spectrum[i] = scale * Math.exp(random.nextDouble() * Math.log(63)); // condition below 63
            }
            worst = Math.max(worst, compare(rotated(spectrum, random), w));
        }
        double[][] clusters = {{1, 1, 1}, {1, 1 + 1e-12, 3}, {2, 2 + 1e-9, 2 + 2e-9}, {0.5, 4, 4 + 1e-13},
            {1, 1, 1 + 1e-6}, {3, 3, 3 * (1 + 1e-15)}, {1e-3, 1e-3, 6e-2}, {7, 7, 7}, {1, 63, 63}};
        for (double[] spectrum : clusters) {
            for (int trial = 0; trial < 50; trial++) {
                worst = Math.max(worst, compare(rotated(spectrum, random), w));
            }
        }
        assertThat(worst).as("largest |Logm difference| / (1 + |Logm|)").isLessThan(64 * U);
    }

    @Test
    void trigonometricEigenvaluesMatchTheQrSolverOrRefuse() {
        Random random = new Random(32);
        SymmetricEigen eigen = new SymmetricEigen(3);
        int refused = 0;
        for (int trial = 0; trial < 3000; trial++) {
            double[] spectrum = {random.nextGaussian(), random.nextGaussian(), random.nextGaussian()};
            if (trial % 10 == 0) {
                spectrum[1] = spectrum[0] + 1e-7 * random.nextGaussian(); // a near double: refused or accurate
            }
            double[] a = rotated(spectrum, random);
            double[] trig = new double[3];
            if (!SymmetricLog3.eigenvalues(a, trig)) {
                refused++;
                continue;
            }
            double[] qr = new double[3];
            eigen.decompose(a, qr, null, "a");
            Arrays.sort(trig);
            Arrays.sort(qr);
            double size = frobenius(a);
            for (int i = 0; i < 3; i++) {
                assertThat(Math.abs(trig[i] - qr[i])).as("trial %d, eigenvalue %d", trial, i)
                        .isLessThanOrEqualTo(512 * U * size);
            }
        }
        assertThat(refused).as("near doubles refused").isBetween(1, 400);
        double[] values = new double[3];
        assertThat(SymmetricLog3.eigenvalues(rotated(new double[] {1, 1 + 1e-9, 3}, random), values)).isFalse();
        assertThat(SymmetricLog3.eigenvalues(new double[] {1, 0, 0, 0, Double.NaN, 0, 0, 0, 1}, values)).isFalse();
        assertThat(SymmetricLog3.eigenvalues(new double[] {2, 0, 0, 0, 2, 0, 0, 0, 2}, values)).isTrue();
        assertThat(values).containsExactly(2, 2, 2);
    }

    @Test
    void theFormRefusesSpectraOutsideItsRange() {
        double[] out = new double[9];
        double[] a = {1, 0, 0, 0, 2, 0, 0, 0, 64};
        assertThat(SymmetricLog3.log(a, new double[] {1, 2, 64}, out)).as("condition 64").isFalse();
        assertThat(SymmetricLog3.log(a, new double[] {0, 2, 3}, out)).as("a zero eigenvalue").isFalse();
        assertThat(SymmetricLog3.log(a, new double[] {-1, 2, 3}, out)).as("a negative eigenvalue").isFalse();
        assertThat(SymmetricLog3.log(a, new double[] {Double.NaN, 2, 3}, out)).as("NaN").isFalse();
        assertThat(out).containsOnly(0.0);
        double[] inRange = {1.0001, 0, 0, 0, 2, 0, 0, 0, 64};
        assertThat(SymmetricLog3.log(inRange, new double[] {64, 2, 1.0001}, out)).as("condition 63.99").isTrue();
        double[] expected = {Math.log(1.0001), 0, 0, 0, Math.log(2), 0, 0, 0, Math.log(64)};
        for (int i = 0; i < 9; i++) {
            assertThat(out[i]).as("entry %d", i).isCloseTo(expected[i], Offset.offset(1e-14));
        }
    }

    /** |closed - eigen path| / (1 + |Logm|), Frobenius, with the QR solver's eigenvalues as the form's input. */
    private static double compare(double[] a, SpdWorkspace w) {
        double[] values = new double[3];
        new SymmetricEigen(3).decompose(a, values, null, "a");
        double[] closed = new double[9];
        assertThat(SymmetricLog3.log(a, values, closed)).as("in range: %s", Arrays.toString(values)).isTrue();
        double[] reference = new double[9];
        MatrixFunctions.logm(a, reference, w, "a");
        double difference = 0;
        for (int i = 0; i < 9; i++) {
            difference += (closed[i] - reference[i]) * (closed[i] - reference[i]);
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(closed[i * 3 + j]).isEqualTo(closed[j * 3 + i]);
            }
        }
        return Math.sqrt(difference) / (1 + frobenius(reference));
    }

    /** R diag(spectrum) R^T for a random rotation R (Gram-Schmidt of Gaussian columns). */
    static double[] rotated(double[] spectrum, Random random) {
        double[][] q = new double[3][3];
        for (int c = 0; c < 3; c++) {
            for (int r = 0; r < 3; r++) {
                q[c][r] = random.nextGaussian();
            }
            for (int p = 0; p < c; p++) {
                double dot = q[c][0] * q[p][0] + q[c][1] * q[p][1] + q[c][2] * q[p][2];
                for (int r = 0; r < 3; r++) {
                    q[c][r] -= dot * q[p][r];
                }
            }
            double norm = Math.sqrt(q[c][0] * q[c][0] + q[c][1] * q[c][1] + q[c][2] * q[c][2]);
            for (int r = 0; r < 3; r++) {
                q[c][r] /= norm;
            }
        }
        double[] a = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = i; j < 3; j++) {
                double sum = 0;
                for (int c = 0; c < 3; c++) {
                    sum += q[c][i] * spectrum[c] * q[c][j];
                }
                a[i * 3 + j] = sum;
                a[j * 3 + i] = sum;
            }
        }
        return a;
    }

    private static double frobenius(double[] m) {
        double sum = 0;
        for (double v : m) {
            sum += v * v;
        }
        return Math.sqrt(sum);
    }
}
