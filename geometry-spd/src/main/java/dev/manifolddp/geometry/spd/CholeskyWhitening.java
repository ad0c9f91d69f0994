package dev.manifolddp.geometry.spd;

/**
 * Whitening by a Cholesky factor: {@code sym(p) = L L^T} and {@code L^-1 sym(x) L^-T}, which is similar to
 * {@code p^(-1/2) x p^(-1/2)} (conjugate by the orthogonal {@code p^(-1/2) L}) and so has the same eigenvalues at
 * about a third of the cost of the eigendecomposition of p that the symmetric square root needs
 * ({@code k^3/3} flops for the factor, {@code k^3} for the two triangular solves). The affine-invariant distance needs
 * only those eigenvalues. Row-major k x k arrays; the solves update whole rows, loops the JIT vectorises. Allocates
 * nothing.
 */
final class CholeskyWhitening {

    private CholeskyWhitening() {
    }

    /**
     * Writes the lower Cholesky factor of {@code sym(p) = (p + p^T)/2} into the lower triangle of {@code l} (its
     * strict upper triangle is not written). Returns false, with {@code l} unusable, when a pivot is not a positive
     * finite number: p is not positive definite in floating point, or has a non-finite entry, or is so large or
     * small that squares leave the double range; the caller then takes a path that scales and names the problem.
     */
    static boolean factor(double[] p, double[] l, int k) {
        for (int j = 0; j < k; j++) {
            int rowJ = j * k;
            double pivot = p[rowJ + j];
            for (int m = 0; m < j; m++) {
                pivot -= l[rowJ + m] * l[rowJ + m];
            }
            if (!(pivot > 0 && pivot < Double.POSITIVE_INFINITY)) {
                return false;
            }
            double diagonal = Math.sqrt(pivot);
            l[rowJ + j] = diagonal;
            double inverse = 1 / diagonal;
            for (int i = j + 1; i < k; i++) {
                int rowI = i * k;
                double sum = 0.5 * (p[rowI + j] + p[rowJ + i]);
                for (int m = 0; m < j; m++) {
                    sum -= l[rowI + m] * l[rowJ + m];
                }
                l[rowI + j] = sum * inverse;
            }
        }
        return true;
    }

    /**
     * {@code out = L^-1 sym(x) L^-T} for the factor of {@link #factor}: {@code Y = L^-1 sym(x)} by forward
     * substitution, then {@code out = L^-1 Y^T}, which is the product because {@code Y^T = sym(x) L^-T}. The result
     * is symmetric up to rounding (the eigensolver reads its symmetric part). Uses {@code tmp}.
     */
    static void whiten(double[] l, double[] x, double[] out, double[] tmp, int k) {
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                tmp[i * k + j] = 0.5 * (x[i * k + j] + x[j * k + i]);
            }
        }
        forwardSolveInPlace(l, tmp, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                out[i * k + j] = tmp[j * k + i];
            }
        }
        forwardSolveInPlace(l, out, k);
    }

    /** {@code b <- L^-1 b}, row by row: row i of the solution is {@code (b_i - sum_(m<i) L_im y_m) / L_ii}. */
    static void forwardSolveInPlace(double[] l, double[] b, int k) {
        for (int i = 0; i < k; i++) {
            int rowI = i * k;
            for (int m = 0; m < i; m++) {
                double factor = l[rowI + m];
                int rowM = m * k;
                for (int j = 0; j < k; j++) {
                    b[rowI + j] -= factor * b[rowM + j];
                }
            }
            double inverse = 1 / l[rowI + i];
            for (int j = 0; j < k; j++) {
                b[rowI + j] *= inverse;
            }
        }
    }
}
