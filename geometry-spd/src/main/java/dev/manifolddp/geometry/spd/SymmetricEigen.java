package dev.manifolddp.geometry.spd;

/**
 * Eigendecomposition {@code A = V diag(values) V^T} of a k x k symmetric matrix stored row-major, by the cyclic
 * Jacobi method, with a closed form for k = 2. Every matrix function of this module goes through it.
 *
 * <p>Why Jacobi and not EJML: EJML 0.46.1's symmetric QR decomposer allocates a few arrays on every
 * {@code decompose} call (and a {@code Complex_F64} on every {@code getEigenvalue}), which the allocation-free hot
 * path cannot afford. Jacobi needs only one k x k scratch array, is short, and computes the eigenvalues of a
 * positive definite matrix to high relative accuracy (Demmel and Veselic, SIAM J. Matrix Anal. Appl. 13, 1992),
 * which keeps Logm and the inverse square root accurate on ill-conditioned points.
 *
 * <p>Only the symmetric part {@code (A + A^T)/2} of the input is read. Eigenvalues are not sorted; the i-th
 * eigenvector is column i of {@code vectors} ({@code vectors[r * k + i]}). An instance holds scratch space and is
 * not thread-safe; {@link SpdWorkspace} keeps one per thread.
 */
final class SymmetricEigen {

    /** A rotation is skipped when the off-diagonal entry is below this multiple of its diagonal neighbours. */
    private static final double RELATIVE_THRESHOLD = 0x1.0p-53;

    /**
     * A rotation is skipped when the off-diagonal entry is below this multiple of the Frobenius norm; this floor
     * lets matrices with (near) zero eigenvalues, where the relative test can never be met, terminate.
     */
    private static final double ABSOLUTE_THRESHOLD = 0x1.0p-106;

    /** Jacobi converges quadratically; ten sweeps are plenty for k <= 64. The bound guards against bad input. */
    private static final int MAX_SWEEPS = 60;

    private final int k;
    private final double[] work;
    /** The accumulated rotations, transposed (row i = eigenvector i) so that rotations touch contiguous rows. */
    private final double[] rows;
    private final boolean closedFormForTwo;

    SymmetricEigen(int k) {
        this(k, true);
    }

    /** {@code closedFormForTwo = false} forces the general Jacobi loop for k = 2 (tests compare both paths). */
    SymmetricEigen(int k, boolean closedFormForTwo) {
        this.k = k;
        this.work = new double[k * k];
        this.rows = new double[k * k];
        this.closedFormForTwo = closedFormForTwo;
    }

    int size() {
        return k;
    }

    /**
     * Decomposes the symmetric part of {@code a}. Writes {@code values} (length k) and, unless it is null,
     * {@code vectors} (k x k, orthogonal, eigenvectors as columns). Allocates nothing.
     *
     * @param what names the matrix in the error message
     * @throws IllegalArgumentException when {@code a} has a NaN or infinite entry
     */
    void decompose(double[] a, double[] values, double[] vectors, String what) {
        double norm2 = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double x = 0.5 * (a[i * k + j] + a[j * k + i]);
                if (!(Math.abs(x) <= Double.MAX_VALUE)) {
                    throw new IllegalArgumentException(String.format(
                            "%s has the non-finite entry %s at (%d, %d); every entry must be finite", what,
                            a[i * k + j], i, j));
                }
                work[i * k + j] = x;
                norm2 += x * x;
            }
        }
        boolean withVectors = vectors != null;
        if (withVectors) {
            for (int i = 0; i < k * k; i++) {
                rows[i] = 0;
            }
            for (int i = 0; i < k; i++) {
                rows[i * k + i] = 1;
            }
        }
        double floor = Math.sqrt(norm2) * ABSOLUTE_THRESHOLD;
        if (k == 2 && closedFormForTwo) {
            if (significant(0, 1, floor)) {
                rotate(0, 1, withVectors);
            }
        } else {
            sweep(floor, withVectors);
        }
        for (int i = 0; i < k; i++) {
            values[i] = work[i * k + i];
        }
        if (withVectors) {
            for (int i = 0; i < k; i++) {
                for (int r = 0; r < k; r++) {
                    vectors[r * k + i] = rows[i * k + r];
                }
            }
        }
    }

    private void sweep(double floor, boolean withVectors) {
        for (int s = 0; s < MAX_SWEEPS; s++) {
            boolean rotated = false;
            for (int p = 0; p < k - 1; p++) {
                for (int q = p + 1; q < k; q++) {
                    if (significant(p, q, floor)) {
                        rotate(p, q, withVectors);
                        rotated = true;
                    }
                }
            }
            if (!rotated) {
                return;
            }
        }
    }

    /**
     * Whether entry (p, q) still matters: above the absolute floor and above {@code 2^-53} times the geometric
     * mean of its diagonal neighbours (the relative test that gives positive definite matrices relative accuracy).
     */
    private boolean significant(int p, int q, double floor) {
        double apq = Math.abs(work[p * k + q]);
        return apq > floor && apq > RELATIVE_THRESHOLD * Math.sqrt(Math.abs(work[p * k + p] * work[q * k + q]));
    }

    /**
     * Applies the Jacobi rotation J(p, q) that zeroes entry (p, q): {@code work <- J^T work J},
     * {@code vectors <- vectors J} (held transposed in {@code rows}). For k = 2 one rotation diagonalises the
     * matrix, which is the closed form. The tangent is the smaller root of {@code t^2 + 2 theta t - 1 = 0}, and
     * rows are updated through {@code tau = s / (1 + c)}, the rounding-friendly forms (Golub and Van Loan, Matrix
     * Computations, §8.5).
     */
    private void rotate(int p, int q, boolean withVectors) {
        double apq = work[p * k + q];
        if (apq == 0) {
            return;
        }
        double app = work[p * k + p];
        double aqq = work[q * k + q];
        double theta = (aqq - app) / (2 * apq);
        double t;
        if (Math.abs(theta) > 1e150) {
            t = 0.5 / theta; // theta^2 would overflow; t = 1/(2 theta) to full precision
        } else {
            t = 1 / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
            if (theta < 0) {
                t = -t;
            }
        }
        double c = 1 / Math.sqrt(t * t + 1);
        double s = t * c;
        double tau = s / (1 + c);
        work[p * k + p] = app - t * apq;
        work[q * k + q] = aqq + t * apq;
        work[p * k + q] = 0;
        work[q * k + p] = 0;
        int rowP = p * k;
        int rowQ = q * k;
        for (int r = 0; r < k; r++) {
            if (r == p || r == q) {
                continue;
            }
            double arp = work[rowP + r];
            double arq = work[rowQ + r];
            double newRp = arp - s * (arq + tau * arp);
            double newRq = arq + s * (arp - tau * arq);
            work[rowP + r] = newRp;
            work[r * k + p] = newRp;
            work[rowQ + r] = newRq;
            work[r * k + q] = newRq;
        }
        if (withVectors) {
            for (int r = 0; r < k; r++) {
                double vrp = rows[rowP + r];
                double vrq = rows[rowQ + r];
                rows[rowP + r] = vrp - s * (vrq + tau * vrp);
                rows[rowQ + r] = vrq + s * (vrp - tau * vrq);
            }
        }
    }
}
