package dev.manifolddp.geometry.spd;

/**
 * Whitening of 2 x 2 symmetric matrices by an SPD(2) base point p in p's own eigenbasis, for the closed-form
 * logarithm and distance of affine-invariant SPD(2): with {@code p = U diag(l1, l2) U^T}, {@code U = [c -s; s c]},
 * a matrix q becomes {@code A = diag(l)^(-1/2) U^T q U diag(l)^(-1/2)}, and a matrix L of that frame goes back as
 * {@code U diag(l)^(1/2) L diag(l)^(1/2) U^T}.
 *
 * <p>Why the eigenbasis: q's component along p's small eigendirection is known only to {@code u |q|}, so the entry of
 * A along it carries an error of about {@code u cond(p)}. In the eigenbasis that error stays in its own entry, which
 * the way back multiplies by the small eigenvalue, leaving about {@code u |p|}. Whitening with {@code p^(-1/2)} in the
 * original basis spreads it over every entry of A, and the way back multiplies it by the large eigenvalue: against a
 * 80-digit reference, on the 400 pairs of {@code AffineInvariantSpd2ClosedFormTest} (condition numbers up to 1e10),
 * the logarithm's largest error fell from 3e5 to 3.6 units of {@code max(|p|, |log|) u} for q within 1e-9 of p, and
 * from 9.1 to 5.9 for the other pairs. The logarithm's {@code alpha = ln(det A)/2} must then match A's rounded entries
 * where A is well-conditioned ({@link #halfLogDet}).
 *
 * <p>Mutable scratch: not thread-safe, allocation-free.
 */
final class EigenbasisWhitening {

    /** Below this {@code |y| = |det A / (det q / det p) - 1|}, {@code ln(1 + y) = y} to within {@code 2^-56}. */
    private static final double FIRST_ORDER = 0x1.0p-27;

    private double c;
    private double s;
    private double l1;
    private double l2;
    private double inverse1;
    private double inverse2;
    private double inverseMixed;
    private double rootMixed;
    /** The last whitened matrix {@code [a11 a12; a12 a22]}. */
    double a11;
    double a12;
    double a22;
    /** Its half trace, half diagonal difference and eigenvalue half-gap: its eigenvalues are {@code m +- root}. */
    double m;
    double h;
    double root;

    /**
     * Sets the base point {@code p = [pa pb; pb pd]} of determinant {@code det > 0} (from
     * {@link SymmetricLog2#determinant}, so that the small eigenvalue {@code det / l1} keeps its relative accuracy).
     */
    void setBase(double pa, double pb, double pd, double det) {
        double half = 0.5 * (pa - pd);
        double radius = Math.sqrt(half * half + pb * pb);
        l1 = 0.5 * (pa + pd) + radius;
        l2 = det / l1;
        // the eigenvector of l1, from whichever of the two equivalent forms adds magnitudes
        double x;
        double y;
        if (radius == 0) {
            x = 1;
            y = 0;
        } else if (half >= 0) {
            x = half + radius;
            y = pb;
        } else {
            x = pb;
            y = radius - half;
        }
        double norm = Math.sqrt(x * x + y * y);
        c = x / norm;
        s = y / norm;
        inverse1 = 1 / l1;
        inverse2 = 1 / l2;
        rootMixed = Math.sqrt(det);
        inverseMixed = 1 / rootMixed;
    }

    /** Whitens {@code q = [qa qb; qb qd]} into {@link #a11}, {@link #a12}, {@link #a22}, with m, h and root. */
    void whiten(double qa, double qb, double qd) {
        double cc = c * c;
        double ss = s * s;
        double cs2 = 2 * c * s;
        a11 = (cc * qa + cs2 * qb + ss * qd) * inverse1;
        a22 = (ss * qa - cs2 * qb + cc * qd) * inverse2;
        a12 = (c * s * (qd - qa) + (cc - ss) * qb) * inverseMixed;
        m = 0.5 * (a11 + a22);
        h = 0.5 * (a11 - a22);
        root = Math.sqrt(h * h + a12 * a12);
    }

    /**
     * {@code ln(det A)/2} for the last whitened A, given the same value read from
     * the determinants, {@code fromDeterminants = ln(det q / det p)/2}, and {@code ratio = det q / det p}. Where A is
     * well-conditioned ({@code root < m/2}) the value that matches A's rounded entries, so that their errors cancel in
     * {@code alpha I + beta (A - m I)}; elsewhere the determinants' value, which stays accurate when A is
     * ill-conditioned and its entries' determinant cancels. No logarithm in the common case: the correction is
     * {@code ln(1 + y)/2} with y of the order of the rounding of A.
     */
    double halfLogDet(double fromDeterminants, double ratio) {
        if (!(root < 0.5 * m) || !(ratio > 0 && ratio < Double.POSITIVE_INFINITY)) {
            return fromDeterminants;
        }
        double y = SymmetricLog2.determinant(a11, a12, a22) / ratio - 1;
        if (Math.abs(y) < FIRST_ORDER) {
            return fromDeterminants + 0.5 * y;
        }
        return y > -1 ? fromDeterminants + 0.5 * Math.log1p(y) : fromDeterminants;
    }

    /** {@code out = U diag(l)^(1/2) [l11 l12; l12 l22] diag(l)^(1/2) U^T}, row-major 2 x 2, exactly symmetric. */
    void unwhiten(double l11, double l12, double l22, double[] out) {
        double m11 = l1 * l11;
        double m22 = l2 * l22;
        double m12 = rootMixed * l12;
        double cc = c * c;
        double ss = s * s;
        double cs = c * s;
        double off = cs * (m11 - m22) + (cc - ss) * m12;
        out[0] = cc * m11 - 2 * cs * m12 + ss * m22;
        out[1] = off;
        out[2] = off;
        out[3] = ss * m11 + 2 * cs * m12 + cc * m22;
    }
}
