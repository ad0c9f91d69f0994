package dev.manifolddp.sampling.random;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Haar-distributed k x k orthogonal matrices: modified Gram-Schmidt on the columns of a matrix of independent standard
 * normals, i.e. the Q factor of its QR decomposition with a positive diagonal in R, which is Haar (Mezzadri 2007).
 * Allocation-free after the first call with a provider; not thread-safe.
 */
public final class HaarRotation {

    private final int k;
    private final NormalSource normals = new NormalSource();

    /** Rotations of size {@code k >= 1}. */
    public HaarRotation(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1. Provided value: " + k);
        }
        this.k = k;
    }

    /** Writes a Haar orthogonal matrix into {@code out} (row-major, length k*k). */
    public void sample(UniformRandomProvider rng, double[] out) {
        do {
            for (int i = 0; i < k * k; i++) {
                out[i] = normals.next(rng);
            }
        } while (!orthonormaliseColumns(out));
    }

    /** Modified Gram-Schmidt on the columns of q in place; false in the (probability zero) rank-deficient case. */
    private boolean orthonormaliseColumns(double[] q) {
        for (int j = 0; j < k; j++) {
            for (int prev = 0; prev < j; prev++) {
                double dot = 0;
                for (int i = 0; i < k; i++) {
                    dot += q[i * k + prev] * q[i * k + j];
                }
                for (int i = 0; i < k; i++) {
                    q[i * k + j] -= dot * q[i * k + prev];
                }
            }
            double norm = 0;
            for (int i = 0; i < k; i++) {
                norm += q[i * k + j] * q[i * k + j];
            }
            norm = Math.sqrt(norm);
            if (!(norm > 1e-12)) {
                return false;
            }
            for (int i = 0; i < k; i++) {
                q[i * k + j] /= norm;
            }
        }
        return true;
    }
}
