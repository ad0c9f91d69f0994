package dev.manifolddp.geometry.spd;

/**
 * The logarithm of a 3 x 3 symmetric positive definite matrix from its eigenvalues alone, without eigenvectors: the
 * interpolation (Sylvester) form of a matrix function (Higham, Functions of Matrices, §1.2.2). With the eigenvalues
 * sorted, {@code a <= b <= c}, the polynomial of degree 2 that agrees with ln at them, in Newton's form, gives
 * <pre>    Logm(A) = ln(a) I + f[a,b] P + f[a,b,c] P Q,    P = A - a I,  Q = A - b I,</pre>
 * with the divided differences {@code f[a,b] = (ln a - ln b)/(a - b)} ({@link DividedDifferences#log}, accurate also
 * for a ~ b) and {@code f[a,b,c] = (f[b,c] - f[a,b])/(c - a)} ({@code -1/(2a^2)} when a = c). It is exact for
 * exact eigenvalues, since a symmetric A is diagonalisable and the polynomial matches ln on its spectrum.
 *
 * <p>Accuracy. The second difference cancels when the eigenvalues cluster: its relative error is about
 * {@code u 2b/(c - a)} (u = 2^-53), but it multiplies P Q, whose norm is at most {@code (c - a)^2}, so the term's
 * absolute error stays below about {@code u (c - a)/a}. With eigenvalues computed to {@code O(u |A|)} the polynomial
 * is the interpolant at slightly moved nodes, whose error at the true eigenvalues is of the same order times the
 * interpolant's slope, and the terms cancel by at most about {@code c/a} when the spectrum is spread. So this form is
 * used only for condition numbers {@code c/a < }{@value #MAX_CONDITION} (every whitened record of a ball of radius
 * below about 1.47, where {@code c/a <= e^(sqrt(2) 2r)}); {@link #log} refuses the rest, and the caller takes the
 * eigenvector path. {@code SymmetricLog3Test} compares both paths, clusters and ties included.
 *
 * <p>What it saves: the eigenvectors. An eigenvalue-only decomposition and the 18 multiply-adds of P Q cost about
 * a third of the decomposition with vectors and {@code V diag(ln) V^T} (see {@link AffineInvariantLogSums}). Allocates
 * nothing.
 */
final class SymmetricLog3 {

    /** The largest condition number c/a this form takes; the measured error stays below 1e-14 |Logm| up to it. */
    static final double MAX_CONDITION = 64;

    /** How close to 1 {@code |r|} of {@link #eigenvalues} may come: acos then amplifies rounding at most ~70x. */
    static final double NEAR_DOUBLE = 1e-4;
    private static final double SQRT3 = Math.sqrt(3);

    private SymmetricLog3() {
    }

    /**
     * The eigenvalues of the symmetric part of the 3 x 3 matrix {@code m} into {@code values} by the trigonometric
     * closed form (Smith 1961): with {@code q = tr(A)/3}, {@code B = A - q I}, {@code p = sqrt(tr(B^2)/6)} and
     * {@code r = det(B)/(2 p^3)} in [-1, 1], they are {@code q + 2 p cos(phi + 2 pi j/3)}, {@code phi = acos(r)/3}.
     * Returns false, with {@code values} unusable, where that form loses accuracy: {@code |r|} within
     * {@value #NEAR_DOUBLE} of 1 (two eigenvalues nearly equal, where acos amplifies the rounding of r by
     * {@code 1/sqrt(1 - r^2)}), or a non-finite entry; the caller then uses the QR eigensolver. Elsewhere the
     * amplification is at most about 70, so every eigenvalue is within a few hundred ulps of {@code |A|} of the
     * exact one (and the interpolation form of {@link #log} moves by at most its slope times that).
     */
    static boolean eigenvalues(double[] m, double[] values) {
        double a01 = 0.5 * (m[1] + m[3]);
        double a02 = 0.5 * (m[2] + m[6]);
        double a12 = 0.5 * (m[5] + m[7]);
        double q = (m[0] + m[4] + m[8]) / 3;
        double b00 = m[0] - q;
        double b11 = m[4] - q;
        double b22 = m[8] - q;
        double p2 = (b00 * b00 + b11 * b11 + b22 * b22 + 2 * (a01 * a01 + a02 * a02 + a12 * a12)) / 6;
        if (p2 == 0) {
            values[0] = values[1] = values[2] = q; // a multiple of the identity (or q is NaN: refused later)
            return q == q;
        }
        double p = Math.sqrt(p2);
        double det = b00 * (b11 * b22 - a12 * a12) - a01 * (a01 * b22 - a12 * a02) + a02 * (a01 * a12 - b11 * a02);
        double r = det / (2 * p2 * p);
        if (!(Math.abs(r) < 1 - NEAR_DOUBLE)) { // also NaN and infinite entries
            return false;
        }
        double phi = Math.acos(r) / 3;
        double cos = Math.cos(phi);
        double sin = Math.sin(phi);
        values[0] = q + 2 * p * cos;
        values[2] = q + p * (-cos - SQRT3 * sin); // 2 p cos(phi + 2 pi/3)
        values[1] = q + p * (-cos + SQRT3 * sin); // 2 p cos(phi - 2 pi/3)
        return true;
    }

    /**
     * Writes {@code Logm(A)} (3 x 3 row-major, exactly symmetric) into {@code out} for the symmetric part of the
     * 3 x 3 matrix {@code m} with eigenvalues {@code values} (any order), and returns true; returns false, writing
     * nothing, unless the eigenvalues are positive, finite and of condition below {@link #MAX_CONDITION}.
     */
    static boolean log(double[] m, double[] values, double[] out) {
        double a = values[0];
        double b = values[1];
        double c = values[2];
        // sort a <= b <= c with three compare-exchanges
        if (a > b) {
            double t = a;
            a = b;
            b = t;
        }
        if (b > c) {
            double t = b;
            b = c;
            c = t;
        }
        if (a > b) {
            double t = a;
            a = b;
            b = t;
        }
        if (!(a > 0 && c < MAX_CONDITION * a)) { // also NaN
            return false;
        }
        double ab = DividedDifferences.log(a, b);
        double abc = c == a ? -0.5 / (a * a) : (DividedDifferences.log(b, c) - ab) / (c - a);
        double lnA = Math.log(a);
        // P = sym(m) - a I and Q = P - (b - a) I: upper triangles
        double p00 = m[0] - a;
        double p11 = m[4] - a;
        double p22 = m[8] - a;
        double p01 = 0.5 * (m[1] + m[3]);
        double p02 = 0.5 * (m[2] + m[6]);
        double p12 = 0.5 * (m[5] + m[7]);
        double shift = b - a;
        double q00 = p00 - shift;
        double q11 = p11 - shift;
        double q22 = p22 - shift;
        // P Q is symmetric (P and Q commute); its upper triangle, row of P times column of Q
        double r00 = p00 * q00 + p01 * p01 + p02 * p02;
        double r01 = p00 * p01 + p01 * q11 + p02 * p12;
        double r02 = p00 * p02 + p01 * p12 + p02 * q22;
        double r11 = p01 * p01 + p11 * q11 + p12 * p12;
        double r12 = p01 * p02 + p11 * p12 + p12 * q22;
        double r22 = p02 * p02 + p12 * p12 + p22 * q22;
        out[0] = lnA + ab * p00 + abc * r00;
        out[4] = lnA + ab * p11 + abc * r11;
        out[8] = lnA + ab * p22 + abc * r22;
        out[1] = out[3] = ab * p01 + abc * r01;
        out[2] = out[6] = ab * p02 + abc * r02;
        out[5] = out[7] = ab * p12 + abc * r12;
        return true;
    }
}
