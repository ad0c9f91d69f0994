package dev.manifolddp.geometry.spd;

/**
 * Householder reduction of a k x k symmetric matrix A to tridiagonal form, {@code A = Q T Q^T} with
 * {@code Q = H_0 H_1 ... H_(k-3)} (Golub and Van Loan, Matrix Computations, §8.3): the reflection
 * {@code H_j = I - beta_j v_j v_j^T} maps the part of column j below the subdiagonal to zero and touches only rows
 * and columns {@code j+1 .. k-1}. About {@code 2 k^3} flops, and {@code 4/3 k^3} more to form Q.
 *
 * <p>Works in place on a {@link SymmetricEigen}'s scratch, arrays of rows so that every inner loop runs over
 * distinct row arrays at the same index, which the JIT vectorises: {@code work} holds A (both triangles) and is
 * destroyed, its row j keeping {@code v_j}; Q is returned transposed in {@code rows} (row i = column i of Q)
 * because the QR iteration that follows rotates eigenvectors as rows. Allocates nothing.
 *
 * <p>The updates use {@link Math#fma} (one rounding per multiply-add; intrinsified on x86-64 with FMA3 and on
 * AArch64) and share loads between rows: four rows per pass in the rank-2 update and in the sums
 * {@code p = beta A22 v} and {@code v^T Q}, two in the update of Q. Issue 11 item 4, k = 30, quiet machine, the
 * former and this code in one harness run: the reduction 7.3 -> 4.7 us, with Q 13.2 -> 8.8 us.
 */
final class HouseholderTridiagonal {

    private final int k;
    private final double[][] work;
    private final double[][] rows;
    private final double[] betas;
    /** {@code p = beta A22 v}, then {@code w = p - (beta p^T v / 2) v}; later {@code v^T Q}. */
    private final double[] w;

    /** Works on the caller's k x k arrays {@code work} and {@code rows}; owns two vectors of length k. */
    HouseholderTridiagonal(int k, double[][] work, double[][] rows) {
        this.k = k;
        this.work = work;
        this.rows = rows;
        this.betas = new double[k];
        this.w = new double[k];
    }

    /**
     * Writes the diagonal {@code diag[0..k-1]} and subdiagonal {@code off[0..k-2]} of T; when {@code withVectors},
     * {@code rows} must hold the identity on entry and holds {@code Q^T} on exit. The entries of {@code work} must
     * be moderate (the caller scales them below 2 in absolute value) so that no sum of squares overflows.
     */
    void reduce(double[] diag, double[] off, boolean withVectors) {
        int n = k;
        for (int j = 0; j < n - 2; j++) {
            // The column below the diagonal, x = A(j+1:n, j), is read from row j (A is kept symmetric); row j
            // is not needed afterwards and receives v.
            double[] v = work[j];
            diag[j] = v[j];
            double x0 = v[j + 1];
            double sigma = 0;
            for (int c = j + 2; c < n; c++) {
                sigma += v[c] * v[c];
            }
            if (sigma == 0) {
                off[j] = x0; // already reduced: H_j = I
                betas[j] = 0;
                continue;
            }
            // v = x - alpha e_1 with alpha = -sign(x0) |x|: adding magnitudes, |v_0| = |x0| + |x|, cannot cancel.
            double mu = Math.sqrt(x0 * x0 + sigma);
            double v0 = x0 >= 0 ? x0 + mu : x0 - mu;
            off[j] = x0 >= 0 ? -mu : mu;
            double beta = 2 * v0 * v0 / (v0 * v0 + sigma); // 2 / (v^T v) for v scaled to v_0 = 1
            betas[j] = beta;
            double inverse = 1 / v0;
            v[j + 1] = 1;
            for (int c = j + 2; c < n; c++) {
                v[c] *= inverse;
            }
            // A22 <- H A22 H = A22 - v w^T - w v^T with p = beta A22 v and w = p - (beta p^T v / 2) v (ibid.).
            // p is summed as a combination of the rows of A22 (its columns, by symmetry). The rank-2 update runs
            // four rows per pass, sharing the loads of w and v (with fused multiply-adds; without them two rows
            // per pass measured slower than one).
            combineRows(work, v, beta, j + 1);
            double pv = 0;
            for (int c = j + 1; c < n; c++) {
                pv += w[c] * v[c];
            }
            double half = 0.5 * beta * pv;
            for (int c = j + 1; c < n; c++) {
                w[c] -= half * v[c];
            }
            int r = j + 1;
            for (; r + 3 < n; r += 4) {
                double[] a0 = work[r];
                double[] a1 = work[r + 1];
                double[] a2 = work[r + 2];
                double[] a3 = work[r + 3];
                double v0r = v[r];
                double w0r = w[r];
                double v1r = v[r + 1];
                double w1r = w[r + 1];
                double v2r = v[r + 2];
                double w2r = w[r + 2];
                double v3r = v[r + 3];
                double w3r = w[r + 3];
                for (int c = j + 1; c < n; c++) {
                    double wc = w[c];
                    double vc = v[c];
                    a0[c] = Math.fma(-v0r, wc, Math.fma(-w0r, vc, a0[c]));
                    a1[c] = Math.fma(-v1r, wc, Math.fma(-w1r, vc, a1[c]));
                    a2[c] = Math.fma(-v2r, wc, Math.fma(-w2r, vc, a2[c]));
                    a3[c] = Math.fma(-v3r, wc, Math.fma(-w3r, vc, a3[c]));
                }
            }
            for (; r < n; r++) {
                double[] a = work[r];
                double vr = v[r];
                double wr = w[r];
                for (int c = j + 1; c < n; c++) {
                    a[c] = Math.fma(-vr, w[c], Math.fma(-wr, v[c], a[c]));
                }
            }
        }
        if (n >= 2) {
            diag[n - 2] = work[n - 2][n - 2];
            off[n - 2] = work[n - 2][n - 1];
        }
        diag[n - 1] = work[n - 1][n - 1];
        if (withVectors) {
            accumulate();
        }
    }

    /**
     * {@code rows <- Q^T}. Q is built as {@code H_0 (H_1 ( ... (H_(k-3) I)))}, the backward accumulation of Golub
     * and Van Loan §5.1: before {@code H_j} is applied the product differs from I only in its trailing block
     * {@code j+2 .. k-1}, so {@code H_j Q = Q - beta v (v^T Q)} touches only rows and columns {@code j+1 .. k-1},
     * each update a combination of rows. The transpose costs k^2 moves.
     */
    private void accumulate() {
        int n = k;
        for (int j = n - 3; j >= 0; j--) {
            double beta = betas[j];
            if (beta == 0) {
                continue;
            }
            double[] v = work[j];
            combineRows(rows, v, 1, j + 1);
            int r = j + 1;
            for (; r + 1 < n; r += 2) { // two rows per pass share the loads of w
                double[] q0 = rows[r];
                double[] q1 = rows[r + 1];
                double s0 = beta * v[r];
                double s1 = beta * v[r + 1];
                for (int c = j + 1; c < n; c++) {
                    double wc = w[c];
                    q0[c] = Math.fma(-s0, wc, q0[c]);
                    q1[c] = Math.fma(-s1, wc, q1[c]);
                }
            }
            if (r < n) {
                double[] q = rows[r];
                double scaled = beta * v[r];
                for (int c = j + 1; c < n; c++) {
                    q[c] = Math.fma(-scaled, w[c], q[c]);
                }
            }
        }
        for (int r = 1; r < n; r++) {
            double[] q = rows[r];
            for (int c = 0; c < r; c++) {
                double swap = q[c];
                q[c] = rows[c][r];
                rows[c][r] = swap;
            }
        }
    }

    /**
     * {@code w[from..k-1] = sum_r (scale v_r) m_r[from..k-1]} over the rows {@code r = from .. k-1} of m, one fused
     * multiply-add per term in the order of r whatever the blocking. Four rows per pass, so that each pass loads
     * and stores w once for four rows (the JIT vectorises the pass over c; one row per pass was bound by the loads
     * and stores of w).
     */
    private void combineRows(double[][] m, double[] v, double scale, int from) {
        int n = k;
        for (int c = from; c < n; c++) {
            w[c] = 0;
        }
        int r = from;
        for (; r + 3 < n; r += 4) {
            double[] m0 = m[r];
            double[] m1 = m[r + 1];
            double[] m2 = m[r + 2];
            double[] m3 = m[r + 3];
            double s0 = scale * v[r];
            double s1 = scale * v[r + 1];
            double s2 = scale * v[r + 2];
            double s3 = scale * v[r + 3];
            for (int c = from; c < n; c++) {
                w[c] = Math.fma(s3, m3[c], Math.fma(s2, m2[c], Math.fma(s1, m1[c], Math.fma(s0, m0[c], w[c]))));
            }
        }
        for (; r + 1 < n; r += 2) {
            double[] m0 = m[r];
            double[] m1 = m[r + 1];
            double s0 = scale * v[r];
            double s1 = scale * v[r + 1];
            for (int c = from; c < n; c++) {
                w[c] = Math.fma(s1, m1[c], Math.fma(s0, m0[c], w[c]));
            }
        }
        if (r < n) {
            double[] m0 = m[r];
            double s0 = scale * v[r];
            for (int c = from; c < n; c++) {
                w[c] = Math.fma(s0, m0[c], w[c]);
            }
        }
    }
}
