package dev.manifolddp.geometry.kendall;

/**
 * Trigonometric ratios that are removable singularities at zero, evaluated without cancellation for small angles.
 * Used by exp (sin t / t) and by parallel transport ((1 - cos t) / t^2).
 */
final class SmallAngle {

    /** Below this angle the Taylor series are used; their truncation error is below 1e-24 there. */
    private static final double SERIES_LIMIT = 1e-4;

    private SmallAngle() {
    }

    /** {@code sin(t) / t}, with the value 1 at t = 0. */
    static double sinc(double t) {
        if (Math.abs(t) < SERIES_LIMIT) {
            double t2 = t * t;
            return 1 - t2 / 6 * (1 - t2 / 20);
        }
        return Math.sin(t) / t;
    }

    /**
     * {@code (1 - cos t) / t^2}, with the value 1/2 at t = 0. Written as {@code 2 sin^2(t/2) / t^2}, which has no
     * cancellation for small t (1 - cos t would lose all digits below t ~ 1e-8).
     */
    static double versineOverSquare(double t) {
        if (Math.abs(t) < SERIES_LIMIT) {
            double t2 = t * t;
            return 0.5 - t2 / 24 * (1 - t2 / 30);
        }
        double half = Math.sin(0.5 * t) / t;
        return 2 * half * half;
    }

    /** {@code t cot t}, with the value 1 at t = 0: the Hessian factor of {@code rho^2/2} across a geodesic. */
    static double xCotX(double t) {
        if (Math.abs(t) < SERIES_LIMIT) {
            double t2 = t * t;
            return 1 - t2 / 3 * (1 + t2 / 15);
        }
        return t / Math.tan(t);
    }
}
