package dev.manifolddp.geometry.spd;

/**
 * First divided differences {@code (f(x) - f(y)) / (x - y)} (equal to {@code f'(x)} when x = y) of log and exp.
 * They are the entries of the Daleckii-Krein matrix: for a symmetric {@code A = U diag(a) U^T} the Frechet
 * derivative of the matrix function f is {@code Df_A[H] = U ((U^T H U) o G) U^T} with
 * {@code G_ij = f[a_i, a_j]} (Higham, Functions of Matrices, Thm. 3.11). The naive quotient cancels when
 * {@code a_i ~ a_j}; both forms here keep full relative accuracy there.
 */
final class DividedDifferences {

    private DividedDifferences() {
    }

    /**
     * {@code (ln x - ln y) / (x - y)} for x, y > 0, {@code 1/x} when x = y. For {@code x/y} in (1/2, 2) the
     * difference {@code x - y} is exact (Sterbenz) and {@code ln x - ln y = log1p((x - y)/y)} has no cancellation.
     */
    static double log(double x, double y) {
        if (x == y) {
            return 1 / x;
        }
        double d = x - y;
        double ratio = x / y;
        if (ratio > 0.5 && ratio < 2) {
            return Math.log1p(d / y) / d;
        }
        return (Math.log(x) - Math.log(y)) / d;
    }

    /**
     * {@code (e^a - e^b) / (a - b)}, {@code e^a} when a = b, written {@code e^max(a,b) * expm1(-|a-b|)/(-|a-b|)}:
     * expm1 is accurate to a few ulps relative for small arguments, so the quotient is accurate for every
     * {@code |a - b|} down to the subnormal range (it tends to 1, the limit of the series
     * {@code 1 - d/2 + d^2/6 - ...}), and nothing overflows beyond {@code e^max}.
     */
    static double exp(double a, double b) {
        double d = Math.abs(a - b);
        double top = Math.exp(Math.max(a, b));
        if (d == 0) {
            return top;
        }
        return top * (-Math.expm1(-d) / d);
    }
}
