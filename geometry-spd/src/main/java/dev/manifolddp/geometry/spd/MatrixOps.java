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

    /**
     * {@code out = B diag(d) B^T}: a matrix function applied in the eigenbasis B. Each entry is the sum
     * {@code sum_l (b_il d_l) b_jl} in the order of l, so results do not depend on the blocking: four entries of a
     * row are summed at once, sharing the loads of {@code b_il d_l} and keeping four independent additions in
     * flight (one running sum would wait for the latency of every addition; issue 11 item 4 measured 11 us at
     * k = 30 with one sum).
     */
    static void scaledGram(double[] b, double[] d, double[] out, int k) {
        for (int i = 0; i < k; i++) {
            int ri = i * k;
            int j = i;
            for (; j + 3 < k; j += 4) {
                int r0 = j * k;
                int r1 = r0 + k;
                int r2 = r1 + k;
                int r3 = r2 + k;
                double s0 = 0;
                double s1 = 0;
                double s2 = 0;
                double s3 = 0;
                for (int l = 0; l < k; l++) {
                    double w = b[ri + l] * d[l];
                    s0 += w * b[r0 + l];
                    s1 += w * b[r1 + l];
                    s2 += w * b[r2 + l];
                    s3 += w * b[r3 + l];
                }
                out[ri + j] = s0;
                out[ri + j + 1] = s1;
                out[ri + j + 2] = s2;
                out[ri + j + 3] = s3;
                out[r0 + i] = s0;
                out[r1 + i] = s1;
                out[r2 + i] = s2;
                out[r3 + i] = s3;
            }
            for (; j < k; j++) {
                int rj = j * k;
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    sum += b[ri + l] * d[l] * b[rj + l];
                }
                out[ri + j] = sum;
                out[rj + i] = sum;
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
