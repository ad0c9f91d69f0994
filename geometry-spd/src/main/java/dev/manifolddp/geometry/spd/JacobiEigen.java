package dev.manifolddp.geometry.spd;

/**
 * The cyclic Jacobi method on a k x k symmetric matrix held in a {@link SymmetricEigen}'s scratch: it rotates
 * {@code work} into diagonal form in place and, on request, accumulates the rotations in {@code rows}
 * (transposed: row i becomes eigenvector i, so that each rotation updates two row arrays, which the JIT can
 * vectorise).
 *
 * <p>Cost about {@code 6 k^3} flops per sweep and 5 to 10 sweeps, so it is the fast choice only for small k; its
 * virtue is that it finds the eigenvalues of a positive definite matrix to high relative accuracy (Demmel and
 * Veselic, SIAM J. Matrix Anal. Appl. 13, 1992), also the tiny ones of an ill-conditioned matrix.
 */
final class JacobiEigen {

    /** A rotation is skipped when the off-diagonal entry is below this multiple of its diagonal neighbours. */
    private static final double RELATIVE_THRESHOLD = 0x1.0p-53;

    /** Jacobi converges quadratically; ten sweeps are plenty for k <= 64. The bound guards against bad input. */
    private static final int MAX_SWEEPS = 60;

    private final int k;
    private final double[][] work;
    private final double[][] rows;

    /** Works on the caller's k x k arrays (arrays of rows); holds no other state. */
    JacobiEigen(int k, double[][] work, double[][] rows) {
        this.k = k;
        this.work = work;
        this.rows = rows;
    }

    /**
     * Diagonalises {@code work} (symmetric, both triangles filled) in place; the eigenvalues end on its diagonal.
     * When {@code withVectors}, {@code rows} must hold the identity on entry and holds the eigenvectors as rows on
     * exit.
     *
     * @param floor off-diagonal entries at or below this absolute size count as zero (a small multiple of the
     *              norm, so that matrices with (near) zero eigenvalues, where the relative test can never be
     *              met, terminate)
     */
    void diagonalise(double floor, boolean withVectors) {
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

    /** The closed form for k = 2: the one rotation that zeroes entry (0, 1) diagonalises the matrix exactly. */
    void diagonaliseTwoByTwo(double floor, boolean withVectors) {
        if (significant(0, 1, floor)) {
            rotate(0, 1, withVectors);
        }
    }

    /**
     * Whether entry (p, q) still matters: above the absolute floor and above {@code 2^-53} times the geometric
     * mean of its diagonal neighbours (the relative test that gives positive definite matrices relative accuracy).
     */
    private boolean significant(int p, int q, double floor) {
        double apq = Math.abs(work[p][q]);
        return apq > floor && apq > RELATIVE_THRESHOLD * Math.sqrt(Math.abs(work[p][p] * work[q][q]));
    }

    /**
     * Applies the Jacobi rotation J(p, q) that zeroes entry (p, q): {@code work <- J^T work J},
     * {@code vectors <- vectors J} (held transposed in {@code rows}). The tangent is the smaller root of
     * {@code t^2 + 2 theta t - 1 = 0}, and rows are updated through {@code tau = s / (1 + c)}, the
     * rounding-friendly forms (Golub and Van Loan, Matrix Computations, §8.5).
     */
    private void rotate(int p, int q, boolean withVectors) {
        double[] rowP = work[p];
        double[] rowQ = work[q];
        double apq = rowP[q];
        if (apq == 0) {
            return;
        }
        double app = rowP[p];
        double aqq = rowQ[q];
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
        rowP[p] = app - t * apq;
        rowQ[q] = aqq + t * apq;
        rowP[q] = 0;
        rowQ[p] = 0;
        for (int r = 0; r < k; r++) {
            if (r == p || r == q) {
                continue;
            }
            double arp = rowP[r];
            double arq = rowQ[r];
            double newRp = arp - s * (arq + tau * arp);
            double newRq = arq + s * (arp - tau * arq);
            rowP[r] = newRp;
            work[r][p] = newRp;
            rowQ[r] = newRq;
            work[r][q] = newRq;
        }
        if (withVectors) {
            double[] vectorP = rows[p];
            double[] vectorQ = rows[q];
            for (int r = 0; r < k; r++) {
                double vrp = vectorP[r];
                double vrq = vectorQ[r];
                vectorP[r] = vrp - s * (vrq + tau * vrp);
                vectorQ[r] = vrq + s * (vrp - tau * vrq);
            }
        }
    }
}
