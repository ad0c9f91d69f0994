package dev.manifolddp.sampling.exact;

/**
 * Eigenvalues of a small symmetric matrix by the cyclic Jacobi method (Golub and Van Loan 2013, §8.5), in place and
 * allocation-free. The sampling module needs them only for the direction of a Gaussian symmetric matrix
 * ({@link SpectrumSampler}), where k is small and Jacobi's accuracy (each eigenvalue to a few ulps of the matrix
 * norm) is ample.
 */
final class SymmetricEigenvalues {

    private static final int MAX_SWEEPS = 64;

    private SymmetricEigenvalues() {
    }

    /**
     * Writes the eigenvalues of the symmetric k x k matrix {@code a} (row-major; overwritten) into
     * {@code out[0 .. k-1]}, in no particular order.
     */
    static void compute(double[] a, int k, double[] out) {
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            double diagonal = 0;
            for (int i = 0; i < k; i++) {
                diagonal += a[i * k + i] * a[i * k + i];
                for (int j = i + 1; j < k; j++) {
                    off += a[i * k + j] * a[i * k + j];
                }
            }
            if (off <= 1e-32 * diagonal || off == 0) {
                break;
            }
            for (int p = 0; p < k; p++) {
                for (int q = p + 1; q < k; q++) {
                    rotate(a, k, p, q);
                }
            }
        }
        for (int i = 0; i < k; i++) {
            out[i] = a[i * k + i];
        }
    }

    /** One Jacobi rotation that zeroes {@code a[p][q]}. */
    private static void rotate(double[] a, int k, int p, int q) {
        double apq = a[p * k + q];
        if (apq == 0) {
            return;
        }
        double theta = (a[q * k + q] - a[p * k + p]) / (2 * apq);
        double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        if (theta == 0) {
            t = 1;
        }
        double c = 1 / Math.sqrt(t * t + 1);
        double s = t * c;
        double tau = s / (1 + c);
        a[p * k + p] -= t * apq;
        a[q * k + q] += t * apq;
        a[p * k + q] = 0;
        a[q * k + p] = 0;
        for (int r = 0; r < k; r++) {
            if (r == p || r == q) {
                continue;
            }
            double arp = a[r * k + p];
            double arq = a[r * k + q];
            double newRp = arp - s * (arq + tau * arp);
            double newRq = arq + s * (arp - tau * arq);
            a[r * k + p] = newRp;
            a[p * k + r] = newRp;
            a[r * k + q] = newRq;
            a[q * k + r] = newRq;
        }
    }
}
