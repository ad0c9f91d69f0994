package dev.manifolddp.geometry.spd;

/**
 * The pieces of the implicit symmetric QR iteration with Wilkinson shifts on a k x k symmetric tridiagonal matrix T
 * (Golub and Van Loan, Matrix Computations, §8.3) that {@link LockstepTridiagonalQr}, which runs it, uses: deflation,
 * the shift, the rare tiny rotation and the rotation of eigenvector rows. Each step chases a bulge from the top to
 * the bottom of the lowest unreduced block with Givens rotations, and the last subdiagonal entry of the block
 * converges cubically (in practice) to zero, after which the block shrinks by one row; about two steps per
 * eigenvalue. With eigenvectors the cost is dominated by the rotations of the vectors, about {@code 6 k} flops each.
 *
 * <p>The eigenvectors are rotated as rows (row i is eigenvector i): two row arrays at the same index, a loop the JIT
 * vectorises. Nothing here allocates.
 */
final class TridiagonalQr {

    /** Unit roundoff: a subdiagonal entry below this multiple of its diagonal neighbours is set to zero. */
    private static final double UNIT_ROUNDOFF = 0x1.0p-53;

    /**
     * A subdiagonal entry below this multiple of the Frobenius norm of T is set to zero whatever its neighbours,
     * so that blocks with zero diagonal deflate too; it perturbs the eigenvalues far below rounding.
     */
    private static final double ABSOLUTE_THRESHOLD = 0x1.0p-106;

    /**
     * Above this, {@code g^2 + f^2} has lost no precision to underflow (the inputs are scaled to O(1)) and its square
     * root's reciprocal is finite, so a rotation takes one square root and one division.
     */
    static final double SAFE_SQUARE = 0x1.0p-960;

    private TridiagonalQr() {
    }

    /** The absolute deflation floor of T: {@link #ABSOLUTE_THRESHOLD} times its Frobenius norm. */
    static double floor(double[] diag, double[] off, int k) {
        double norm2 = diag[k - 1] * diag[k - 1];
        for (int i = 0; i < k - 1; i++) {
            norm2 += diag[i] * diag[i] + 2 * off[i] * off[i];
        }
        return Math.sqrt(norm2) * ABSOLUTE_THRESHOLD;
    }

    /**
     * The top row lo of the unreduced block that ends at row hi (whose last subdiagonal entry is not negligible);
     * the negligible entry above the block, if any, is set to zero.
     */
    static int lowerEnd(double[] diag, double[] off, int hi, double floor) {
        int lo = hi - 1;
        while (lo > 0 && !negligible(diag, off, lo - 1, floor)) {
            lo--;
        }
        if (lo > 0) {
            off[lo - 1] = 0;
        }
        return lo;
    }

    /** The deflation test of §8.3: {@code |off_i| <= u (|diag_i| + |diag_(i+1)|)}, or below the absolute floor. */
    static boolean negligible(double[] diag, double[] off, int i, double floor) {
        double e = Math.abs(off[i]);
        return e <= floor || e <= UNIT_ROUNDOFF * (Math.abs(diag[i]) + Math.abs(diag[i + 1]));
    }

    /**
     * {@code d_hi - mu} for the Wilkinson shift mu of the unreduced block ending at hi, the eigenvalue of the
     * trailing 2 x 2 block closer to its last diagonal entry: {@code e / (g + sign(g) sqrt(g^2 + 1))} with
     * {@code g = (d_(hi-1) - d_hi) / (2 e)}, which is {@code e^2 / (delta + sign(delta) sqrt(delta^2 + e^2))}
     * divided through by e (no square of e that could underflow).
     */
    static double shiftOffset(double[] diag, double[] off, int hi) {
        double e = off[hi - 1];
        double g = (diag[hi - 1] - diag[hi]) / (2 * e);
        double root = Math.abs(g) > 1e150 ? Math.abs(g) : Math.sqrt(g * g + 1);
        return e / (g >= 0 ? g + root : g - root);
    }

    /**
     * {@code d_lo - mu} for the Wilkinson shift mu of the unreduced block {@code lo..hi}: the first entry g of the
     * first column of {@code T - mu I}, where a step starts.
     */
    static double firstG(double[] diag, double[] off, int lo, int hi) {
        return diag[lo] - diag[hi] + shiftOffset(diag, off, hi);
    }

    /**
     * The rotation {@code [c s; -s c]} with {@code (c, s) = (g, f) / r}, {@code r = |(g, f)|}, for the tiny g and f
     * whose {@code g^2 + f^2} is below {@link #SAFE_SQUARE} (not met on scaled inputs in practice): r from
     * {@link Math#hypot} and divisions instead of a reciprocal, which could overflow; {@code (1, 0)} when both are
     * zero. Writes {@code (c, s)} to {@code cs}, returns r.
     */
    static double tinyRotation(double g, double f, double[] cs) {
        double r = Math.hypot(g, f);
        cs[0] = r == 0 ? 1 : g / r;
        cs[1] = r == 0 ? 0 : f / r;
        return r;
    }

    /**
     * {@code (rows_i, rows_(i+1)) <- (c rows_i + s rows_(i+1), c rows_(i+1) - s rows_i)}, each entry one product
     * and one fused multiply-add (issue 11 item 4, k = 30, quiet machine: 1.5 us less per decomposition with
     * eigenvectors, about 1,080 rotations, than two products and an addition).
     */
    static void rotateRows(double[][] rows, int i, double c, double s) {
        double[] a = rows[i];
        double[] b = rows[i + 1];
        for (int r = 0; r < a.length; r++) {
            double u = a[r];
            double v = b[r];
            a[r] = Math.fma(c, u, s * v);
            b[r] = Math.fma(c, v, -s * u);
        }
    }

    /**
     * {@link #rotateRows} at i and then at i + 1 in one pass over rows i .. i+2, the middle row kept in a register
     * between the two: three loads and three stores per entry instead of four of each, and the same operations on
     * every entry in the same order, so the result is bit-identical to the two calls.
     */
    static void rotateRowPair(double[][] rows, int i, double c1, double s1, double c2, double s2) {
        double[] a = rows[i];
        double[] b = rows[i + 1];
        double[] d = rows[i + 2];
        for (int r = 0; r < a.length; r++) {
            double u = a[r];
            double v = b[r];
            double w = d[r];
            a[r] = Math.fma(c1, u, s1 * v);
            double middle = Math.fma(c1, v, -s1 * u);
            b[r] = Math.fma(c2, middle, s2 * w);
            d[r] = Math.fma(c2, w, -s2 * middle);
        }
    }
}
