package dev.manifolddp.geometry.spd;

/**
 * Scalar functions applied to eigenvalues, with the checks that keep NaN and infinities out of results, and the
 * matrix functions Logm and Expm of symmetric matrices built on them ({@code f(A) = U diag(f(a)) U^T}).
 * Allocation-free; the matrix functions use a {@link SpdWorkspace} (its {@code A} slots).
 */
final class MatrixFunctions {

    private MatrixFunctions() {
    }

    /**
     * Throws unless every eigenvalue is {@code > 0}.
     *
     * @param what names the matrix, e.g. {@code "q"}
     * @throws IllegalArgumentException naming the smallest eigenvalue when the matrix is not positive definite
     */
    static void requirePositive(double[] values, int k, String what) {
        double smallest = min(values, k);
        if (!(smallest > 0)) {
            throw new IllegalArgumentException(String.format(
                    "%s is not symmetric positive definite: its smallest eigenvalue is %.6g", what, smallest));
        }
    }

    /** The smallest of the first k values; NaN if one of them is NaN. */
    static double min(double[] values, int k) {
        double smallest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            smallest = Math.min(smallest, values[i]);
        }
        return smallest;
    }

    /** The largest of the first k values. */
    static double max(double[] values, int k) {
        double largest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            largest = Math.max(largest, values[i]);
        }
        return largest;
    }

    /** {@code out[i] = ln(values[i])}; the values must be positive (checked by the caller). */
    static void log(double[] values, double[] out, int k) {
        for (int i = 0; i < k; i++) {
            out[i] = Math.log(values[i]);
        }
    }

    /**
     * {@code out[i] = e^(values[i])}, refusing results that are not positive finite doubles: an infinite entry
     * means the matrix exponential overflows, a zero one that it is singular in double precision.
     *
     * @param what names the operation in the error message
     */
    static void exp(double[] values, double[] out, int k, String what) {
        for (int i = 0; i < k; i++) {
            double e = Math.exp(values[i]);
            if (!(e > 0) || e == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException(String.format(
                        "%s is not representable: it has the eigenvalue e^%.6g, which %s the double range; "
                                + "use a shorter tangent vector", what, values[i],
                        values[i] > 0 ? "overflows" : "underflows"));
            }
            out[i] = e;
        }
    }

    /**
     * {@code out = Logm(p)}, the symmetric logarithm of a positive definite p (row-major k x k). Uses the
     * workspace's {@code valuesA, vectorsA, auxA}.
     */
    static void logm(double[] p, double[] out, SpdWorkspace w, String what) {
        int k = w.k;
        w.eigen.decompose(p, w.valuesA, w.vectorsA, what);
        requirePositive(w.valuesA, k, what);
        log(w.valuesA, w.auxA, k);
        w.gram.matrix(w.vectorsA, w.auxA, out);
    }

    /**
     * {@code out = Expm(s)} for a symmetric s (row-major k x k). Uses the workspace's
     * {@code valuesA, vectorsA, auxA}.
     *
     * @param what names the result in the error message, e.g. {@code "Expm(invvecd(y))"}
     */
    static void expm(double[] s, double[] out, SpdWorkspace w, String what) {
        int k = w.k;
        w.eigen.decompose(s, w.valuesA, w.vectorsA, what);
        exp(w.valuesA, w.auxA, k, what);
        w.gram.matrix(w.vectorsA, w.auxA, out);
    }
}
