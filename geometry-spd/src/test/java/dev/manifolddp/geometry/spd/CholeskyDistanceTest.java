package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The affine-invariant distance by Cholesky whitening against the eigenbasis path it replaced, on well- and
 * ill-conditioned pairs, and the failures it must still give.
 */
class CholeskyDistanceTest {

    @Test
    void agreesWithTheEigenbasisPathOnWellConditionedPairs() {
        Random random = new Random(21);
        for (int k : new int[] {3, 5, 12, 30}) {
            AffineInvariantSpd g = new AffineInvariantSpd(k);
            for (int t = 0; t < 10; t++) {
                double[] p = spdWithSpectrum(k, random, 1e2);
                double[] q = spdWithSpectrum(k, random, 1e2);
                double expected = g.distanceByEigenbasis(p, q);
                assertThat(g.distance(p, q)).as("k = %d", k).isCloseTo(expected,
                        org.assertj.core.data.Offset.offset(1e-13 * k * Math.max(1, expected)));
            }
        }
    }

    /**
     * Ill-conditioned commuting pairs {@code p = U diag(lambda) U^T}, {@code q = U diag(lambda mu) U^T} with
     * {@code cond(p)} up to 1e12 and mu in [1/2, 2]: the distance is {@code |ln mu|} exactly, while the rounded
     * entries of p and q perturb the whitened matrix by about {@code k u cond(p)} relative. Both paths must stay
     * within that of the truth, and the Cholesky path must be no less accurate than the eigenbasis path it replaces
     * (up to a factor 4 and that same floor).
     */
    @Test
    void illConditionedPairsAsAccurateAsTheEigenbasisPath() {
        Random random = new Random(22);
        for (int k : new int[] {4, 30}) {
            AffineInvariantSpd g = new AffineInvariantSpd(k);
            for (double condition : new double[] {1e3, 1e6, 1e9, 1e12}) {
                double worstNew = 0;
                double worstOld = 0;
                for (int t = 0; t < 5; t++) {
                    double[][] u = orthogonal(k, random);
                    double[] lambda = spectrum(k, random, condition);
                    double[] lambdaMu = lambda.clone();
                    double truth = 0;
                    for (int i = 0; i < k; i++) {
                        double mu = Math.pow(2, 2 * random.nextDouble() - 1);
                        lambdaMu[i] *= mu;
                        truth += Math.log(mu) * Math.log(mu);
                    }
                    truth = Math.sqrt(truth);
                    double[] p = compose(u, lambda);
                    double[] q = compose(u, lambdaMu);
                    worstNew = Math.max(worstNew, Math.abs(g.distance(p, q) - truth));
                    worstOld = Math.max(worstOld, Math.abs(g.distanceByEigenbasis(p, q) - truth));
                }
                double floor = 0x1.0p-53 * k * condition;
                assertThat(worstOld).as("eigenbasis, k = %d, condition %.0e", k, condition).isLessThan(floor);
                assertThat(worstNew).as("Cholesky, k = %d, condition %.0e", k, condition)
                        .isLessThan(Math.min(floor, Math.max(4 * worstOld, 1e-3 * floor)));
            }
        }
    }

    @Test
    void invalidBasePointsStillFailNamingTheirSmallestEigenvalue() {
        int k = 6;
        AffineInvariantSpd g = new AffineInvariantSpd(k);
        Random random = new Random(23);
        double[] q = spdWithSpectrum(k, random, 10);
        double[] indefinite = spdWithSpectrum(k, random, 10);
        for (int i = 0; i < k; i++) {
            indefinite[i * k + i] -= 20;
        }
        assertThatThrownBy(() -> g.distance(indefinite, q)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("p is not symmetric positive definite: its smallest eigenvalue is");
        assertThatThrownBy(() -> g.distance(q, indefinite)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("q is not symmetric positive definite: its smallest eigenvalue is");
        double[] nan = q.clone();
        nan[3] = Double.NaN;
        assertThatThrownBy(() -> g.distance(nan, q)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-finite");
        // entries near 2^1000: the factor squares only entries of L (about their square roots), nothing overflows
        double[] huge = q.clone();
        double[] hugeToo = spdWithSpectrum(k, random, 10);
        for (int i = 0; i < huge.length; i++) {
            huge[i] *= 0x1.0p1000;
            hugeToo[i] *= 0x1.0p1000;
        }
        double expected = g.distanceByEigenbasis(huge, hugeToo);
        assertThat(g.distance(huge, hugeToo)).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-13 * expected));
    }

    /** {@code U diag(lambda) U^T} with U orthogonal and log-uniform lambda in [1, c], both ends attained. */
    static double[] spdWithSpectrum(int k, Random random, double condition) {
        return compose(orthogonal(k, random), spectrum(k, random, condition));
    }

    private static double[] spectrum(int k, Random random, double condition) {
        double[] lambda = new double[k];
        for (int i = 0; i < k; i++) {
            lambda[i] = Math.pow(condition, i == 0 ? 0 : i == k - 1 ? 1 : random.nextDouble());
        }
        return lambda;
    }

    /** Rows of a random orthogonal matrix: Gram-Schmidt of Gaussian rows. */
    private static double[][] orthogonal(int k, Random random) {
        double[][] u = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                u[i][j] = random.nextGaussian();
            }
            for (int m = 0; m < i; m++) {
                double dot = 0;
                for (int j = 0; j < k; j++) {
                    dot += u[i][j] * u[m][j];
                }
                for (int j = 0; j < k; j++) {
                    u[i][j] -= dot * u[m][j];
                }
            }
            double norm = 0;
            for (int j = 0; j < k; j++) {
                norm += u[i][j] * u[i][j];
            }
            norm = Math.sqrt(norm);
            for (int j = 0; j < k; j++) {
                u[i][j] /= norm;
            }
        }
        return u;
    }

    /** {@code sum_i lambda_i u_i u_i^T}, exactly symmetric. */
    private static double[] compose(double[][] u, double[] lambda) {
        int k = lambda.length;
        double[] a = new double[k * k];
        for (int r = 0; r < k; r++) {
            for (int c = r; c < k; c++) {
                double sum = 0;
                for (int i = 0; i < k; i++) {
                    sum += u[i][r] * lambda[i] * u[i][c];
                }
                a[r * k + c] = sum;
                a[c * k + r] = sum;
            }
        }
        return a;
    }
}
