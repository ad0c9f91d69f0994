package dev.manifolddp.geometry.spd;

/**
 * The logarithm of a 2 x 2 symmetric positive definite matrix without an eigenvector solve. With eigenvalues
 * {@code m +- s} ({@code m} half the trace, {@code s = sqrt(((a - d)/2)^2 + b^2)}) the matrix is
 * {@code A = m I + (A - m I)} with {@code (A - m I)^2 = s^2 I}, so every function of A is affine in A:
 * {@code Logm(A) = alpha I + beta (A - m I)} with {@code alpha = (ln mu_1 + ln mu_2)/2 = ln(det A)/2} and
 * {@code beta = (ln mu_1 - ln mu_2)/(2 s) = atanh(s/m)/s}. Near {@code s = 0} the quotient is 0/0 and the
 * difference of logarithms cancels, so there {@code beta = (1/m) atanh(z)/z}, {@code z = s/m}, by its series.
 * Allocation-free; the hot loops of {@link AffineInvariantLogSums2} use {@link #slope} directly.
 */
final class SymmetricLog2 {

    /** Below this z^2 the series of atanh(z)/z; its first omitted term is {@code z^16/17 < 6e-18} there. */
    static final double SERIES_LIMIT = 0.01;

    private SymmetricLog2() {
    }

    /**
     * {@code beta = atanh(s/m)/s} for eigenvalues {@code m +- s} ({@code 0 <= s < m}) and {@code alpha} half the
     * logarithm of their product. Outside the series range {@code atanh(z) = ln(m + s) - alpha}: with
     * {@code z^2 >= 0.01} the subtraction loses at most a factor 10 of relative accuracy, and {@code ln(m + s)} stays
     * accurate when the matrix is ill-conditioned (z near 1), where {@code ln(m - s)} would not.
     */
    static double slope(double m, double s, double alpha) {
        double z = s / m;
        double z2 = z * z;
        if (z2 < SERIES_LIMIT) {
            return atanhOverZ(z2) / m;
        }
        return (Math.log(m + s) - alpha) / s;
    }

    /** {@code atanh(z)/z = sum_j z^(2j)/(2j + 1)}, through {@code z^14/15}, for {@code z^2 < SERIES_LIMIT}. */
    static double atanhOverZ(double z2) {
        return 1 + z2 * (1.0 / 3 + z2 * (1.0 / 5 + z2 * (1.0 / 7 + z2 * (1.0 / 9 + z2 * (1.0 / 11
                + z2 * (1.0 / 13 + z2 * (1.0 / 15)))))));
    }

    /**
     * {@code a d - b^2} with one rounding error relative to its own size (Kahan's fused form), so that an
     * ill-conditioned matrix keeps the relative accuracy of its small eigenvalue {@code det / mu_max}.
     */
    static double determinant(double a, double b, double d) {
        double bb = b * b;
        double error = Math.fma(-b, b, bb);
        return Math.fma(a, d, -bb) + error;
    }

    /**
     * {@code ln(numerator / denominator)} for positive finite arguments: one logarithm of the quotient, which is
     * accurate to a few ulps absolutely when the two are close (where {@code ln n - ln d} would carry the rounding
     * of two large logarithms), or the difference when the quotient leaves the normal range.
     */
    static double logRatio(double numerator, double denominator) {
        double ratio = numerator / denominator;
        if (ratio >= Double.MIN_NORMAL && ratio < Double.POSITIVE_INFINITY) {
            return Math.log(ratio);
        }
        return Math.log(numerator) - Math.log(denominator);
    }

    /**
     * {@code out = Logm(sym(A))} for a 2 x 2 positive definite A (row-major). The closed form of the class comment.
     *
     * @throws IllegalArgumentException when A is not positive definite or has a non-finite entry
     */
    static void logm(double[] a, double[] out) {
        double a11 = a[0];
        double a12 = 0.5 * (a[1] + a[2]);
        double a22 = a[3];
        double det = determinant(a11, a12, a22);
        double m = 0.5 * (a11 + a22);
        if (!(det > 0 && m > 0) || !(Math.abs(m) < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(String.format(
                    "A is not a finite symmetric positive definite matrix: determinant %.6g, half trace %.6g",
                    det, m));
        }
        double h = 0.5 * (a11 - a22);
        double s = Math.sqrt(h * h + a12 * a12);
        double alpha = 0.5 * Math.log(det);
        double beta = slope(m, s, alpha);
        out[0] = alpha + beta * h;
        out[1] = beta * a12;
        out[2] = beta * a12;
        out[3] = alpha - beta * h;
    }
}
