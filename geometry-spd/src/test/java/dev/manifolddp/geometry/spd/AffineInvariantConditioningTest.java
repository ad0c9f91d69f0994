package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 23: a valid SPD q far from p (whitened eigenvalues across 10^17) came out indefinite through the whitened
 * matrix and the distance refused it. With {@code p = A A^T} and {@code q = A diag(lambda) A^T}, {@code p^-1 q} is
 * similar to {@code diag(lambda)}, so the distance is exactly {@code sqrt(sum ln^2 lambda_i)}: both paths (Cholesky
 * for k = 3, p's eigenbasis) must return it.
 */
class AffineInvariantConditioningTest {

    @Test
    void illConditionedPairsKeepTheirSmallEigenvalues() {
        Random random = new Random(2311L);
        int k = 3;
        AffineInvariantSpd spd = new AffineInvariantSpd(k);
        // representable spectra (q's smallest eigenvalue survives rounding): the closed form to 1e-4 relative (what the rounding of q itself allows)
        double[][] spectra = {{1e-5, 1, 1e5}, {2e-5, 3e-3, 5e4}, {1e-4, 1e-4, 1e5}};
        for (double[] lambda : spectra) {
            double expected = 0;
            for (double l : lambda) {
                expected += Math.log(l) * Math.log(l);
            }
            expected = Math.sqrt(expected);
            for (int trial = 0; trial < 20; trial++) {
                double[] a = matrix(random, k);
                double[] p = congruence(a, new double[] {1, 1, 1}, k);
                double[] q = congruence(a, lambda, k);
                assertThat(spd.distance(p, q)).as("Cholesky path").isCloseTo(expected,
                        org.assertj.core.data.Percentage.withPercentage(1e-2));
                assertThat(spd.distanceByEigenbasis(p, q)).as("eigenbasis path").isCloseTo(expected,
                        org.assertj.core.data.Percentage.withPercentage(1e-2));
            }
        }
    }

    @Test
    void farReleasesThatAreSpdInDoublesAreNotRefused() {
        // the DTI run's case: q SPD (its Cholesky factor exists) but whitened eigenvalues across 10^17, where the
        // whitened matrix's smallest eigenvalue came out negative; d(p, q) = d(q, p) is the check
        Random random = new Random(2312L);
        int k = 3;
        AffineInvariantSpd spd = new AffineInvariantSpd(k);
        int checked = 0;
        for (int trial = 0; trial < 400; trial++) {
            double[] a = matrix(random, k);
            double[] p = congruence(a, new double[] {1e-4, 1, 1e4}, k);
            double[] q = congruence(matrix(random, k), new double[] {1e-6, 1, Math.pow(10, 6 + 4 * random.nextDouble())},
                    k);
            if (!CholeskyWhitening.factor(q, new double[k * k], k)) {
                continue;
            }
            checked++;
            double forward = spd.distance(p, q);
            assertThat(forward).isCloseTo(spd.distance(q, p), org.assertj.core.data.Percentage.withPercentage(1e-3));
        }
        assertThat(checked).isGreaterThan(300);
    }

    private static double[] matrix(Random random, int k) {
        double[] a = new double[k * k];
        for (int i = 0; i < a.length; i++) {
            a[i] = random.nextGaussian() + (i % (k + 1) == 0 ? 3 : 0);
        }
        return a;
    }

    /** {@code A diag(d) A^T}, symmetrised. */
    private static double[] congruence(double[] a, double[] d, int k) {
        double[] out = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j <= i; j++) {
                double s = 0;
                for (int m = 0; m < k; m++) {
                    s += a[i * k + m] * d[m] * a[j * k + m];
                }
                out[i * k + j] = s;
                out[j * k + i] = s;
            }
        }
        return out;
    }
}
