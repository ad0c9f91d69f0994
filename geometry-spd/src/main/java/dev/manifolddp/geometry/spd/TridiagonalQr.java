package dev.manifolddp.geometry.spd;

/**
 * The implicit symmetric QR iteration with Wilkinson shifts on a k x k symmetric tridiagonal matrix T (Golub and
 * Van Loan, Matrix Computations, §8.3): each step chases a bulge from the top to the bottom of the lowest
 * unreduced block with k - 1 Givens rotations, and the last subdiagonal entry of the block converges cubically
 * (in practice) to zero, after which the block shrinks by one row. About two steps per eigenvalue; with
 * eigenvectors the cost is dominated by the rotations of the vectors, about {@code 6 k} flops each.
 *
 * <p>The eigenvectors are rotated as rows of {@code rows} (row i is eigenvector i): two row arrays at the same
 * index, a loop the JIT vectorises. Allocates nothing.
 */
final class TridiagonalQr {

    /** Unit roundoff: a subdiagonal entry below this multiple of its diagonal neighbours is set to zero. */
    private static final double UNIT_ROUNDOFF = 0x1.0p-53;

    /**
     * A subdiagonal entry below this multiple of the Frobenius norm of T is set to zero whatever its neighbours,
     * so that blocks with zero diagonal deflate too; it perturbs the eigenvalues far below rounding.
     */
    private static final double ABSOLUTE_THRESHOLD = 0x1.0p-106;

    /** Above this, {@code x^2 + z^2} has lost no precision to underflow (and the inputs are scaled to O(1)). */
    private static final double SAFE_SQUARE = 0x1.0p-960;

    private final int k;
    private final double[][] rows;
    private final int maxStepsPerEigenvalue;
    /** The cosine and sine of the last rotation. */
    private final double[] cs = new double[2];

    /**
     * @param rows k x k, an array of rows; rotated in place when eigenvectors are wanted
     * @param maxStepsPerEigenvalue the budget of QR steps is this times k; two are typical, LAPACK allows 30
     */
    TridiagonalQr(int k, double[][] rows, int maxStepsPerEigenvalue) {
        this.k = k;
        this.rows = rows;
        this.maxStepsPerEigenvalue = maxStepsPerEigenvalue;
    }

    /**
     * Diagonalises T, given by its diagonal {@code diag[0..k-1]} and subdiagonal {@code off[0..k-2]}, both
     * overwritten: the eigenvalues end in {@code diag}. When {@code withVectors}, the rotations are applied to
     * {@code rows} ({@code rows <- J rows} for each rotation J applied as {@code T <- J T J^T}), so rows that
     * held {@code Q^T} with {@code A = Q T Q^T} end holding the eigenvectors of A.
     *
     * @return false if the step budget ran out before T became diagonal (not observed; the caller then falls
     *         back to another method); true on success
     */
    boolean diagonalise(double[] diag, double[] off, boolean withVectors) {
        double floor = floor(diag, off, k);
        int budget = maxStepsPerEigenvalue * k;
        int hi = k - 1;
        while (hi > 0) {
            if (negligible(diag, off, hi - 1, floor)) {
                off[hi - 1] = 0;
                hi--;
                continue;
            }
            int lo = lowerEnd(diag, off, hi, floor);
            if (budget-- == 0) {
                return false;
            }
            double mu = diag[hi] - shiftOffset(diag, off, hi);
            double x = diag[lo] - mu;
            double z = off[lo];
            for (int i = lo; i < hi; i++) {
                z = rotate(diag, off, lo, hi, i, x, z, cs);
                x = off[i];
                if (withVectors) {
                    rotateRows(rows, i, cs[0], cs[1]);
                }
            }
        }
        return true;
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
     * One rotation of an implicit QR step on the unreduced block {@code lo..hi} (Golub and Van Loan §8.3): the
     * first rotation, at {@code i = lo}, is chosen from the first column {@code (x, z)} of {@code T - mu I}; each
     * later one zeroes the bulge z at (i-1, i+1) that its predecessor created, x being the subdiagonal entry
     * above it. Applies {@code J = [c s; -s c]}, {@code J (x, z)^T = (r, 0)^T}, as {@code T <- J T J^T}, writes
     * {@code (c, s)} to {@code cs} and returns the new bulge at (i, i+2) (0 at the end of the block); the next x is
     * {@code off[i]}.
     */
    static double rotate(double[] diag, double[] off, int lo, int hi, int i, double x, double z, double[] cs) {
        // The chase is a chain of dependent rotations, so the short form (one square root, one division) is used
        // whenever r^2 is a normal number; tiny x and z take the form through a ratio of at most 1.
        double c;
        double s;
        double r2 = x * x + z * z;
        if (r2 >= SAFE_SQUARE) {
            double inverse = 1 / Math.sqrt(r2);
            c = x * inverse;
            s = z * inverse;
        } else if (z == 0) {
            c = 1;
            s = 0;
        } else if (Math.abs(z) > Math.abs(x)) {
            double t = x / z;
            s = 1 / Math.sqrt(1 + t * t);
            c = s * t;
        } else {
            double t = z / x;
            c = 1 / Math.sqrt(1 + t * t);
            s = c * t;
        }
        if (i > lo) {
            off[i - 1] = c * off[i - 1] + s * z; // the bulge at (i-1, i+1) is zeroed
        }
        double p = diag[i];
        double q = off[i];
        double t = diag[i + 1];
        double cc = c * c;
        double ss = s * s;
        double cs2 = 2 * c * s * q;
        diag[i] = cc * p + cs2 + ss * t;
        diag[i + 1] = ss * p - cs2 + cc * t;
        off[i] = c * s * (t - p) + (cc - ss) * q;
        cs[0] = c;
        cs[1] = s;
        if (i == hi - 1) {
            return 0;
        }
        double bulge = s * off[i + 1]; // the new bulge at (i, i+2)
        off[i + 1] *= c;
        return bulge;
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
}
