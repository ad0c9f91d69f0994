package dev.manifolddp.sampling.data;

/**
 * Dense k x k row-major matrix helpers for the SPD generators, so that the sampling module needs no linear-algebra
 * library and no concrete geometry.
 */
final class SmallMatrices {

    private SmallMatrices() {
    }

    /** The identity, row-major. */
    static double[] identity(int k) {
        double[] m = new double[k * k];
        for (int i = 0; i < k; i++) {
            m[i * k + i] = 1;
        }
        return m;
    }

    /**
     * Lower-triangular L with {@code L L^T = a} (Cholesky-Banachiewicz); throws when {@code a} is not symmetric
     * positive definite.
     */
    static double[] cholesky(double[] a, int k, String name) {
        double[] l = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j <= i; j++) {
                if (Math.abs(a[i * k + j] - a[j * k + i]) > 1e-12 * (Math.abs(a[i * k + j]) + Math.abs(a[j * k + i]))
                        + 1e-300) {
                    throw new IllegalArgumentException(String.format(
                            "%s must be symmetric; entries (%d,%d) and (%d,%d) differ. Provided value: %s and %s",
                            name, i, j, j, i, a[i * k + j], a[j * k + i]));
                }
                double sum = a[i * k + j];
                for (int m = 0; m < j; m++) {
                    sum -= l[i * k + m] * l[j * k + m];
                }
                if (i == j) {
                    if (!(sum > 0)) {
                        throw new IllegalArgumentException(String.format(
                                "%s must be symmetric positive definite; its Cholesky pivot %d is %s. "
                                        + "Provided value: %s", name, i, sum, java.util.Arrays.toString(a)));
                    }
                    l[i * k + i] = Math.sqrt(sum);
                } else {
                    l[i * k + j] = sum / l[j * k + j];
                }
            }
        }
        return l;
    }

    /** {@code out = a b} (out must alias neither). */
    static void multiply(double[] a, double[] b, int k, double[] out) {
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double sum = 0;
                for (int m = 0; m < k; m++) {
                    sum += a[i * k + m] * b[m * k + j];
                }
                out[i * k + j] = sum;
            }
        }
    }

    /** {@code out = b b^T}, symmetrised exactly (out must not alias b). */
    static void gram(double[] b, int k, double[] out) {
        for (int i = 0; i < k; i++) {
            for (int j = 0; j <= i; j++) {
                double sum = 0;
                for (int m = 0; m < k; m++) {
                    sum += b[i * k + m] * b[j * k + m];
                }
                out[i * k + j] = sum;
                out[j * k + i] = sum;
            }
        }
    }
}
