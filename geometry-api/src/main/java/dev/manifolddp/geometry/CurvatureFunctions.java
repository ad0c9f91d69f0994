package dev.manifolddp.geometry;

/**
 * The curvature-dependent factors of the papers: Lemma 1's gradient bounds {@code h_max}, {@code h_min} (Soto et al.
 * 2022, eq. (1) and (2)) and the Jacobi-field factors {@code C_k}, {@code S_k} (Kulkarni and Soto 2025, eq. (15), (40)).
 */
public final class CurvatureFunctions {

    /** Below this |x|, {@code x cot x} and {@code x coth x} use their Taylor series (error below 1e-17). */
    private static final double SERIES_LIMIT = 1e-3;

    private CurvatureFunctions() {
    }

    /**
     * {@code h_max(s, kmax) = s sqrt(kmax) cot(s sqrt(kmax))} for kmax > 0, else 1. Positive only while
     * {@code s sqrt(kmax) < pi/2}; beyond {@code s sqrt(kmax) >= pi} the bound is meaningless and this throws.
     */
    public static double hMax(double s, double kmax) {
        double x = checkedAngle("h_max(s, kmax)", s, kmax);
        if (kmax <= 0) {
            return 1.0;
        }
        if (x < SERIES_LIMIT) {
            double x2 = x * x;
            return 1 - x2 / 3 - x2 * x2 / 45;
        }
        return x / Math.tan(x);
    }

    /**
     * The Rauch factor {@code g(s, kmax) = s sqrt(kmax) / sin(s sqrt(kmax))} for kmax > 0, else 1: on a manifold of
     * sectional curvature at most kmax, {@code |d(log_x)_y| <= g(rho(x, y), kmax)} while {@code rho(x, y)} is below
     * the injectivity radius and {@code pi / sqrt(kmax)} (Cheeger and Ebin 1975, Thm 1.29; docs/sensitivity-bounds.md
     * §2). Needs {@code s sqrt(kmax) < pi}; this throws beyond.
     */
    public static double rauchFactor(double s, double kmax) {
        double x = checkedAngle("the Rauch factor", s, kmax);
        if (kmax <= 0) {
            return 1.0;
        }
        if (x < SERIES_LIMIT) {
            double x2 = x * x;
            return 1 + x2 / 6 + 7 * x2 * x2 / 360;
        }
        return x / Math.sin(x);
    }

    /** {@code h_min(s, kmin) = s sqrt(|kmin|) coth(s sqrt(|kmin|))} for {@code kmin < 0}, else 1. */
    public static double hMin(double s, double kmin) {
        requireNonNegative("s", s);
        requireFinite("kmin", kmin);
        if (kmin >= 0) {
            return 1.0;
        }
        double x = s * Math.sqrt(-kmin);
        if (x < SERIES_LIMIT) {
            double x2 = x * x;
            return 1 + x2 / 3 - x2 * x2 / 45;
        }
        return x / Math.tanh(x);
    }

    /** {@code C_k(s)}: {@code cos(sqrt(k) s)} for k > 0, 1 for k = 0, {@code cosh(sqrt(-k) s)} for {@code k < 0}. */
    public static double cK(double k, double s) {
        requireFinite("k", k);
        requireFinite("s", s);
        if (k > 0) {
            return Math.cos(Math.sqrt(k) * s);
        }
        if (k < 0) {
            return Math.cosh(Math.sqrt(-k) * s);
        }
        return 1.0;
    }

    /** {@code S_k(s)}: {@code sin(sqrt(k) s)/sqrt(k)} for k > 0, s for k = 0, {@code sinh(sqrt(-k) s)/sqrt(-k)}. */
    public static double sK(double k, double s) {
        requireFinite("k", k);
        requireFinite("s", s);
        if (k > 0) {
            double root = Math.sqrt(k);
            return Math.sin(root * s) / root;
        }
        if (k < 0) {
            double root = Math.sqrt(-k);
            return Math.sinh(root * s) / root;
        }
        return s;
    }

    /**
     * {@code s sqrt(kmax)}, the angle both comparison functions take (0 where kmax <= 0, which they read as flat), after
     * the checks they share: s >= 0, kmax finite, and the angle below pi, beyond which neither bound means anything.
     */
    private static double checkedAngle(String what, double s, double kmax) {
        requireNonNegative("s", s);
        requireFinite("kmax", kmax);
        if (kmax <= 0) {
            return 0;
        }
        double x = s * Math.sqrt(kmax);
        if (x >= Math.PI) {
            throw new IllegalArgumentException(String.format("%s needs s sqrt(kmax) < pi. Provided value: s = %s, "
                    + "kmax = %s", what, s, kmax));
        }
        return x;
    }

    private static void requireNonNegative(String name, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite and >= 0. Provided value: " + value);
        }
    }

    private static void requireFinite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite. Provided value: " + value);
        }
    }
}
