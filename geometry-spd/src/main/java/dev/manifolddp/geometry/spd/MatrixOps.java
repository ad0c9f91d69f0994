package dev.manifolddp.geometry.spd;

/**
 * Allocation-free products of k x k matrices stored row-major, the few this module needs. Outputs never alias
 * inputs. Products that are symmetric in exact arithmetic are computed on the upper triangle and mirrored, so
 * that results are exactly symmetric in floating point.
 */
final class MatrixOps {

    private MatrixOps() {
    }

    /** {@code out = A^T sym(X) A}, with {@code sym(X) = (X + X^T)/2}. Uses {@code tmp}. */
    static void transposeCongruence(double[] a, double[] x, double[] out, double[] tmp, int k) {
        // tmp = sym(X) A
        for (int r = 0; r < k; r++) {
            for (int j = 0; j < k; j++) {
                double sum = 0;
                for (int s = 0; s < k; s++) {
                    sum += 0.5 * (x[r * k + s] + x[s * k + r]) * a[s * k + j];
                }
                tmp[r * k + j] = sum;
            }
        }
        // out = A^T tmp, upper triangle mirrored
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double sum = 0;
                for (int r = 0; r < k; r++) {
                    sum += a[r * k + i] * tmp[r * k + j];
                }
                out[i * k + j] = sum;
                out[j * k + i] = sum;
            }
        }
    }

    /** {@code out = A sym(X) A^T}. Uses {@code tmp}. */
    static void congruence(double[] a, double[] x, double[] out, double[] tmp, int k) {
        // tmp = sym(X) A^T
        for (int r = 0; r < k; r++) {
            for (int j = 0; j < k; j++) {
                double sum = 0;
                for (int s = 0; s < k; s++) {
                    sum += 0.5 * (x[r * k + s] + x[s * k + r]) * a[j * k + s];
                }
                tmp[r * k + j] = sum;
            }
        }
        // out = A tmp, upper triangle mirrored
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double sum = 0;
                for (int r = 0; r < k; r++) {
                    sum += a[i * k + r] * tmp[r * k + j];
                }
                out[i * k + j] = sum;
                out[j * k + i] = sum;
            }
        }
    }

    /** {@code out = A B}. */
    static void multiply(double[] a, double[] b, double[] out, int k) {
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    sum += a[i * k + l] * b[l * k + j];
                }
                out[i * k + j] = sum;
            }
        }
    }

    /** {@code out = A^T B}. */
    static void transposeMultiply(double[] a, double[] b, double[] out, int k) {
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    sum += a[l * k + i] * b[l * k + j];
                }
                out[i * k + j] = sum;
            }
        }
    }

    /** {@code out = A diag(d)}: scales column l of A by {@code d[l]}. */
    static void scaleColumns(double[] a, double[] d, double[] out, int k) {
        for (int i = 0; i < k; i++) {
            for (int l = 0; l < k; l++) {
                out[i * k + l] = a[i * k + l] * d[l];
            }
        }
    }

    /** {@code x_ij <- x_ij * d_i * d_j} in place: the congruence {@code diag(d) X diag(d)}. */
    static void scaleSymmetric(double[] x, double[] d, int k) {
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                x[i * k + j] *= d[i] * d[j];
            }
        }
    }
}
