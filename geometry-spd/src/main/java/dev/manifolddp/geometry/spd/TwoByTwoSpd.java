package dev.manifolddp.geometry.spd;

/**
 * Closed forms for 2 x 2 symmetric matrices (row-major, only the symmetric part read), used by
 * {@link AffineInvariantSpd} at k = 2 in place of the eigensolver. A 2 x 2 symmetric A with half trace m and
 * eigenvalues {@code m +- s} satisfies {@code (A - m I)^2 = s^2 I} (Cayley-Hamilton), so every function of A is affine
 * in A: {@code f(A) = (f(m + s) + f(m - s))/2 I + (f(m + s) - f(m - s))/(2 s) (A - m I)}. That gives
 * {@code A^(1/2) = (A + delta I)/t} with {@code delta = sqrt(det A)}, {@code t = sqrt(tr A + 2 delta)},
 * {@code A^(-1/2) = adj(A + delta I)/(delta t)} and {@code Expm(A) = e^m (cosh(s) I + sinh(s)/s (A - m I))}; the
 * logarithm is {@link SymmetricLog2}. Allocation-free.
 */
final class TwoByTwoSpd {

    /** Below this s the series of sinh(s)/s; its first omitted term is {@code s^14/15! < 8e-27} there. */
    private static final double SINHC_SERIES_LIMIT = 0.1;

    /** e^x is a positive normal double for |x| below this; beyond it {@link #expm} checks the eigenvalues. */
    private static final double SAFE_EXPONENT = 700;

    private TwoByTwoSpd() {
    }

    /**
     * Checks that {@code sym(p)} is finite and positive definite and returns its determinant ({@link
     * SymmetricLog2#determinant}). The messages are those of the eigensolver path ({@link SymmetricEigen},
     * {@link MatrixFunctions#requirePositive}).
     *
     * @throws IllegalArgumentException naming {@code what} and the offending entry or the smallest eigenvalue
     */
    static double requirePositiveDefinite(double[] p, String what) {
        for (int i = 0; i < 4; i++) {
            if (!(Math.abs(p[i]) <= Double.MAX_VALUE)) {
                throw new IllegalArgumentException(String.format(
                        "%s has the non-finite entry %s at (%d, %d); every entry must be finite", what, p[i],
                        i / 2, i % 2));
            }
        }
        double a = p[0];
        double b = 0.5 * (p[1] + p[2]);
        double d = p[3];
        double det = SymmetricLog2.determinant(a, b, d);
        if (det > 0 && a > 0 && det < Double.POSITIVE_INFINITY) {
            return det;
        }
        double m = 0.5 * (a + d);
        double h = 0.5 * (a - d);
        throw new IllegalArgumentException(String.format(
                "%s is not symmetric positive definite: its smallest eigenvalue is %.6g", what,
                m - Math.sqrt(h * h + b * b)));
    }

    /**
     * Writes {@code p^(1/2)} into {@code root} and {@code p^(-1/2)} into {@code inverseRoot}, given the determinant
     * of a positive definite p from {@link #requirePositiveDefinite}.
     */
    static void roots(double[] p, double det, double[] root, double[] inverseRoot) {
        double a = p[0];
        double b = 0.5 * (p[1] + p[2]);
        double d = p[3];
        double delta = Math.sqrt(det);
        double t = Math.sqrt(a + d + 2 * delta);
        double r = 1 / t;
        root[0] = (a + delta) * r;
        root[1] = b * r;
        root[2] = b * r;
        root[3] = (d + delta) * r;
        double w = 1 / (delta * t);
        inverseRoot[0] = (d + delta) * w;
        inverseRoot[1] = -b * w;
        inverseRoot[2] = -b * w;
        inverseRoot[3] = (a + delta) * w;
    }

    /** {@code out = r sym(x) r} for a symmetric r; exactly symmetric. */
    static void congruence(double[] r, double[] x, double[] out) {
        double r11 = r[0];
        double r12 = r[1];
        double r22 = r[3];
        double x12 = 0.5 * (x[1] + x[2]);
        double t11 = r11 * x[0] + r12 * x12;
        double t12 = r11 * x12 + r12 * x[3];
        double t21 = r12 * x[0] + r22 * x12;
        double t22 = r12 * x12 + r22 * x[3];
        double o12 = t11 * r12 + t12 * r22;
        out[0] = t11 * r11 + t12 * r12;
        out[1] = o12;
        out[2] = o12;
        out[3] = t21 * r12 + t22 * r22;
    }

    /**
     * {@code out = Expm(sym(x))}, refusing a result whose eigenvalues {@code e^(m +- s)} overflow or underflow the
     * double range, as {@link MatrixFunctions#exp} does.
     *
     * @param what names the result in the error message
     */
    static void expm(double[] x, double[] out, String what) {
        double m = 0.5 * (x[0] + x[3]);
        double h = 0.5 * (x[0] - x[3]);
        double o = 0.5 * (x[1] + x[2]);
        double s = Math.sqrt(h * h + o * o);
        if (!(m + s <= SAFE_EXPONENT) || !(m - s >= -SAFE_EXPONENT)) {
            requireRepresentable(m + s, what);
            requireRepresentable(m - s, what);
        }
        double em = Math.exp(m);
        double es = Math.exp(s);
        double cosh = 0.5 * (es + 1 / es);
        double sinhc;
        if (s < SINHC_SERIES_LIMIT) {
            double s2 = s * s;
            sinhc = 1 + s2 / 6 * (1 + s2 / 20 * (1 + s2 / 42 * (1 + s2 / 72 * (1 + s2 / 110 * (1 + s2 / 156)))));
        } else {
            sinhc = 0.5 * (es - 1 / es) / s;
        }
        double diagonal = em * cosh;
        double slope = em * sinhc;
        out[0] = diagonal + slope * h;
        out[1] = slope * o;
        out[2] = slope * o;
        out[3] = diagonal - slope * h;
    }

    private static void requireRepresentable(double exponent, String what) {
        double e = Math.exp(exponent);
        if (!(e > 0) || e == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(String.format(
                    "%s is not representable: it has the eigenvalue e^%.6g, which %s the double range; "
                            + "use a shorter tangent vector", what, exponent, exponent > 0 ? "overflows" : "underflows"));
        }
    }
}
