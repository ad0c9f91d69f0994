package dev.manifolddp.geometry.spd;

/**
 * The spectrum of a whitened pair without forming the whitened matrix: with {@code p = L_p L_p^T} and
 * {@code q = L_q L_q^T} (Cholesky), {@code B = L_p^-1 L_q} has {@code B B^T = L_p^-1 q L_p^-T}, which is similar to
 * {@code p^(-1/2) q p^(-1/2)} through the orthogonal {@code O = p^(-1/2) L_p}. One-sided Jacobi (Hestenes) rotates
 * the rows of B until they are orthogonal, {@code R B = diag(sigma) W^T}, so {@code B B^T = V diag(sigma^2) V^T} with
 * {@code V = R^T}. Then, since {@code p^(1/2) O = L_p}:
 *
 * <ul>
 *   <li>{@code log(p, q) = L_p V diag(2 ln sigma) V^T L_p^T},</li>
 *   <li>{@code rho(p, q) = sqrt(sum_i (2 ln sigma_i)^2)},</li>
 *   <li>the transport's {@code E = p^(1/2) (p^(-1/2) q p^(-1/2))^(1/2) p^(-1/2) = L_p V diag(sigma) V^T L_p^-1},</li>
 *   <li>the Hessian's frame {@code p^(-1/2) V_M = L_p^-T V} (V_M the eigenvectors of the whitened matrix).</li>
 * </ul>
 *
 * <p>Why: forming {@code p^(-1/2) q p^(-1/2)} and taking its eigenvalues gives each an absolute error of about
 * {@code 2^-52} times the largest, so a valid q far from p (whitened eigenvalues across more than 10^13) came out with
 * a negative whitened eigenvalue and was refused (issue 23, the DTI row at epsilon = 0.01). The squared singular
 * values are positive by construction, and one-sided Jacobi computes each singular value to a relative error of a
 * few units of {@code 2^-52} times the condition number of B with its rows scaled to unit length, not of B itself
 * (Demmel and Veselic 1992): the small ones keep their digits where the whitened matrix's eigenvalues had
 * none. The factors' own backward error ({@code L L^T = q + E}, {@code |E| <= c u |L| |L^T|}) is the rounding of q's
 * entries that any double-precision method starts from.
 *
 * <p>Used by {@link AffineInvariantSpd} where the direct route's whitened spectrum is ill-conditioned, so
 * well-conditioned pairs keep their bits. Per-thread (held by {@link SpdWorkspace}); allocates nothing after
 * construction.
 */
final class WhitenedSvd {

    /** Sweeps after which Jacobi stops even if a pair is not yet orthogonal (it converges quadratically, in ~5). */
    private static final int MAX_SWEEPS = 60;
    /** Rows count as orthogonal below this cosine: a few units of roundoff, (Demmel and Veselic 1992). */
    private static final double ORTHOGONAL = 4 * Math.ulp(1.0);

    private final int k;
    /** L_p, lower triangle, zero above. */
    final double[] lp;
    /** B = L_p^-1 L_q, rotated in place into diag(sigma) W^T. */
    private final double[] b;
    /** R = V^T, the accumulated row rotations. */
    private final double[] r;
    /** The singular values of B, in R's row order. */
    final double[] sigma;

    WhitenedSvd(int k) {
        this.k = k;
        this.lp = new double[k * k];
        this.b = new double[k * k];
        this.r = new double[k * k];
        this.sigma = new double[k];
    }

    /**
     * Factors p and q and computes sigma and V. Returns false, with nothing usable, when a Cholesky factor fails
     * (p or q not positive definite in floating point, or out of the double range) or B is not finite.
     */
    boolean decompose(double[] p, double[] q) {
        if (!CholeskyWhitening.factor(p, lp, k) || !CholeskyWhitening.factor(q, b, k)) {
            return false;
        }
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                lp[i * k + j] = 0; // factor writes the lower triangles only
                b[i * k + j] = 0;
            }
        }
        CholeskyWhitening.forwardSolveInPlace(lp, b, k);
        for (int i = 0; i < k * k; i++) {
            if (!Double.isFinite(b[i])) {
                return false;
            }
            r[i] = 0;
        }
        for (int i = 0; i < k; i++) {
            r[i * k + i] = 1;
        }
        for (int sweep = 0; sweep < MAX_SWEEPS && rotateSweep(); sweep++) {
            // each sweep rotates every pair of rows once; stop after one without a rotation
        }
        for (int i = 0; i < k; i++) {
            double sum = 0;
            for (int j = 0; j < k; j++) {
                sum += b[i * k + j] * b[i * k + j];
            }
            sigma[i] = Math.sqrt(sum);
            if (!(sigma[i] > 0)) {
                return false;
            }
        }
        return true;
    }

    /** One cyclic sweep over the row pairs; returns whether any pair was rotated. */
    private boolean rotateSweep() {
        boolean rotated = false;
        for (int i = 0; i < k - 1; i++) {
            for (int j = i + 1; j < k; j++) {
                double alpha = 0;
                double beta = 0;
                double gamma = 0;
                for (int c = 0; c < k; c++) {
                    double x = b[i * k + c];
                    double y = b[j * k + c];
                    alpha += x * x;
                    beta += y * y;
                    gamma += x * y;
                }
                if (!(Math.abs(gamma) > ORTHOGONAL * Math.sqrt(alpha) * Math.sqrt(beta))) {
                    continue;
                }
                rotated = true;
                // t = tan(theta), the smaller root of t^2 + 2 zeta t - 1 = 0, makes the rotated rows orthogonal
                double zeta = (beta - alpha) / (2 * gamma);
                double t = Math.abs(zeta) > 1e150 ? 0.5 / zeta
                        : Math.signum(zeta == 0 ? 1 : zeta) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
                double cos = 1 / Math.sqrt(1 + t * t);
                double sin = cos * t;
                rotateRows(b, i, j, cos, sin);
                rotateRows(r, i, j, cos, sin);
            }
        }
        return rotated;
    }

    /** {@code (x_i, x_j) <- (c x_i - s x_j, s x_i + c x_j)} on rows i and j. */
    private void rotateRows(double[] x, int i, int j, double cos, double sin) {
        for (int c = 0; c < k; c++) {
            double xi = x[i * k + c];
            double xj = x[j * k + c];
            x[i * k + c] = cos * xi - sin * xj;
            x[j * k + c] = sin * xi + cos * xj;
        }
    }

    /** {@code out_i = 2 ln sigma_i}: the logarithms of the whitened eigenvalues. */
    void logEigenvalues(double[] out) {
        for (int i = 0; i < k; i++) {
            out[i] = 2 * Math.log(sigma[i]);
        }
    }

    /** {@code out = L_p V}, V's columns being R's rows: {@code out_ac = sum_(m<=a) L_am R_cm}. */
    void factorTimesVectors(double[] out) {
        for (int a = 0; a < k; a++) {
            for (int c = 0; c < k; c++) {
                double sum = 0;
                for (int m = 0; m <= a; m++) {
                    sum += lp[a * k + m] * r[c * k + m];
                }
                out[a * k + c] = sum;
            }
        }
    }

    /**
     * {@code out = L_p^-T V}, by back substitution down from the last row: {@code L_p^T X = V} gives
     * {@code X_a = (V_a - sum_(m>a) L_ma X_m) / L_aa}.
     */
    void inverseTransposeFactorTimesVectors(double[] out) {
        for (int a = k - 1; a >= 0; a--) {
            for (int c = 0; c < k; c++) {
                double sum = r[c * k + a];
                for (int m = a + 1; m < k; m++) {
                    sum -= lp[m * k + a] * out[m * k + c];
                }
                out[a * k + c] = sum / lp[a * k + a];
            }
        }
    }

    /**
     * {@code out = E v E^T} with {@code E = L_p V diag(sigma) V^T L_p^-1}: whiten v by L_p, rotate into V, scale by
     * {@code sigma_i sigma_j}, rotate back and unwhiten. Uses {@code m1}, {@code m2} and {@code tmp}.
     */
    void transport(double[] v, double[] out, double[] m1, double[] m2, double[] tmp) {
        CholeskyWhitening.whiten(lp, v, m1, tmp, k); // m1 = L_p^-1 v L_p^-T
        MatrixOps.congruence(r, m1, m2, tmp, k); // V^T m1 V = R m1 R^T
        MatrixOps.scaleSymmetric(m2, sigma, k);
        MatrixOps.transposeCongruence(r, m2, m1, tmp, k); // V m2 V^T = R^T m2 R
        MatrixOps.congruence(lp, m1, out, tmp, k);
    }
}
