package dev.manifolddp.sampling.exact;

import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Haar-distributed k x k orthogonal matrices: the Q of the QR decomposition of a matrix of independent standard
 * normals, with R's diagonal made positive (Mezzadri 2007). Gram-Schmidt on the columns yields exactly that Q.
 * Allocation-free after the first call with a provider; not thread-safe.
 */
final class HaarRotation {

    private final int k;
    private final NormalSource normals = new NormalSource();

    HaarRotation(int k) {
        this.k = k;
    }

    /** Writes a Haar orthogonal matrix into {@code out} (row-major, length k*k). */
    void sample(UniformRandomProvider rng, double[] out) {
        for (int i = 0; i < k * k; i++) {
            out[i] = normals.next(rng);
        }
        for (int column = 0; column < k; column++) {
            // modified Gram-Schmidt against the earlier columns, then normalise (a zero column has probability 0)
            for (int earlier = 0; earlier < column; earlier++) {
                double dot = 0;
                for (int row = 0; row < k; row++) {
                    dot += out[row * k + earlier] * out[row * k + column];
                }
                for (int row = 0; row < k; row++) {
                    out[row * k + column] -= dot * out[row * k + earlier];
                }
            }
            double norm = 0;
            for (int row = 0; row < k; row++) {
                norm += out[row * k + column] * out[row * k + column];
            }
            norm = Math.sqrt(norm);
            for (int row = 0; row < k; row++) {
                out[row * k + column] /= norm;
            }
        }
    }
}
