package dev.manifolddp.geometry;

/**
 * Spectral (polar) coordinates of a Hadamard manifold shaped like {@code GL(k)/O(k)}: every point x is
 * {@code x = fromSpectral(p, r, Q)} for log-spectrum {@code r in R^k} and {@code Q in O(k)}, with
 * <ul>
 *   <li>{@code rho(p, x) = |r|_2} (the r are the log-eigenvalues of x "whitened" by p), and</li>
 *   <li>the Riemannian volume element {@code ∝ prod_(i<j) sinh(|r_i - r_j| / 2) dr dQ}, dQ the Haar measure on
 *       O(k), the same at every base point p.</li>
 * </ul>
 * SPD(k) with the affine-invariant metric {@code tr(p^-1 u p^-1 v)} is the example (Hajri et al. 2016; the
 * derivation is in {@code docs/exact-sampling.md}). This is what an exact sampler of a law that depends on
 * {@code rho(p, x)} only, such as the Riemannian Laplace, needs: it draws r from a density on R^k and Q from Haar,
 * and maps them here. The geometry states the coordinates; the sampler lives in the {@code sampling} module, so
 * geometry modules need no random-number library.
 *
 * <p>On such a space the Laplace {@code ∝ exp(-rho/sigma)} exists only for
 * {@code sigma < sqrt(12 / (k (k^2 - 1)))} ({@link VolumeGrowth}).
 */
public interface SpectralVolume {

    /** k: the number of log-eigenvalues (the matrix size). */
    int spectralRank();

    /**
     * Writes the point with log-spectrum {@code r} (length k) and eigenvectors {@code rotation} (a k x k orthogonal
     * matrix, row-major) about {@code p} into {@code out} (point layout; must not alias an input). For SPD:
     * {@code p^(1/2) Q diag(e^r) Q^T p^(1/2)}. Allocates nothing.
     *
     * @throws IllegalArgumentException when p is not a point or the result overflows
     */
    void fromSpectral(double[] p, double[] r, double[] rotation, double[] out);
}
