package dev.manifolddp.sampling.data;

import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.random.HaarRotation;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Random SPD matrices {@code X = U diag(lambda) U^T} with U Haar-distributed on O(k) and
 * {@code lambda_i ~ U[e^-r, e^r]} independently: the data of Utpala et al. 2023, §6.1 (Fig. 1: n = 500, r = 1/4).
 *
 * <p>Since {@code |Logm X|_F^2 = sum_i (ln lambda_i)^2 <= k r^2}, every X lies in the ball of radius
 * {@code sqrt(k) r} around I, for the log-Euclidean and the affine-invariant distance alike (both equal
 * {@code |Logm X|_F} at I). U comes from modified Gram-Schmidt on the columns of a matrix of independent standard
 * normals, i.e. the Q factor of its QR decomposition with a positive diagonal in R, which is Haar (Mezzadri 2007).
 * Matrices are k x k row-major arrays.
 */
public final class RandomSpdGenerator implements DataGenerator {

    private final int k;
    private final double r;

    /** Matrices of size {@code k >= 1} with log-eigenvalues in [-r, r], {@code r > 0}. */
    public RandomSpdGenerator(int k, double r) {
        this.k = Arguments.requireAtLeast("k", k, 1);
        this.r = Arguments.requirePositiveFinite("r", r);
    }

    /** The radius of the public ball around I: {@code sqrt(k) r}. */
    public double ballRadius() {
        return Math.sqrt(k) * r;
    }

    @Override
    public GeneratedData generate(int n, UniformRandomProvider rng) {
        Arguments.requireAtLeast("n", n, 1);
        Arguments.requireNonNull("rng", rng);
        HaarRotation haar = new HaarRotation(k);
        double[] q = new double[k * k];
        double[] lambda = new double[k];
        double low = Math.exp(-r);
        double high = Math.exp(r);
        double[][] points = new double[n][k * k];
        for (int p = 0; p < n; p++) {
            haar.sample(rng, q);
            for (int i = 0; i < k; i++) {
                lambda[i] = low + (high - low) * rng.nextDouble();
            }
            double[] x = points[p];
            for (int i = 0; i < k; i++) {
                for (int j = 0; j <= i; j++) {
                    double sum = 0;
                    for (int m = 0; m < k; m++) {
                        sum += q[i * k + m] * lambda[m] * q[j * k + m];
                    }
                    x[i * k + j] = sum;
                    x[j * k + i] = sum;
                }
            }
        }
        return new GeneratedData(points, SmallMatrices.identity(k), ballRadius(), String.format(
                "random SPD(%d): Haar eigenvectors, eigenvalues U[e^-%s, e^%s] (Utpala et al. 2023, §5); ball radius sqrt(k) r",
                k, r, r));
    }
}
