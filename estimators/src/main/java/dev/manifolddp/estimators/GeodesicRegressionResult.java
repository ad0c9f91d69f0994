package dev.manifolddp.estimators;

import java.util.Arrays;
import java.util.Locale;

/**
 * A non-private geodesic regression fit with its convergence report (see {@link GeodesicRegression}).
 *
 * <p>Two parametrisations of the same geodesic {@code gamma}:
 * <ul>
 *   <li>the caller's: {@link #footpoint()} is {@code gamma} at covariate x = 0 and {@link #shootingVector()} its
 *   velocity per unit of x, so the prediction at x is {@code exp(footpoint, x shootingVector)} (geomstats'
 *   {@code intercept} and {@code coef} with {@code center_X=False});</li>
 *   <li>the internal one on {@code x' = (x - low)/(high - low)} in [0, 1]: {@link #scaledFootpoint()} is
 *   {@code gamma} at x = low and {@link #scaledShootingVector()} its velocity per unit of x'. This is the one the
 *   optimiser, the gradient fields and Kulkarni and Soto 2025's sensitivity bounds use.</li>
 * </ul>
 * The per-record gradients {@code grad_p E_i} and {@code grad_v E_i} (Kulkarni and Soto 2025, eq. (5), (6), with
 * {@code grad E = (1/n) sum_i grad E_i}) are stored at the fit, in the internal parametrisation; the accessors copy
 * them into a caller's array and allocate nothing. Immutable; accessors return copies.
 */
public final class GeodesicRegressionResult {

    private final double[] footpoint;
    private final double[] shootingVector;
    private final double[] scaledFootpoint;
    private final double[] scaledShootingVector;
    private final double energy;
    private final int iterations;
    private final double gradientNorm;
    private final boolean converged;
    private final String reason;
    private final String method;
    private final CovariateRange covariateRange;
    private final String start;
    private final boolean startIsDataDerived;
    private final double[][] footpointGradients;
    private final double[][] velocityGradients;

    @SuppressWarnings("checkstyle:ParameterNumber")
    GeodesicRegressionResult(double[] footpoint, double[] shootingVector, double[] scaledFootpoint,
                             double[] scaledShootingVector, double energy, int iterations, double gradientNorm,
                             boolean converged, String reason, String method, CovariateRange covariateRange,
                             String start, boolean startIsDataDerived, double[][] footpointGradients,
                             double[][] velocityGradients) {
        this.footpoint = footpoint;
        this.shootingVector = shootingVector;
        this.scaledFootpoint = scaledFootpoint;
        this.scaledShootingVector = scaledShootingVector;
        this.energy = energy;
        this.iterations = iterations;
        this.gradientNorm = gradientNorm;
        this.converged = converged;
        this.reason = reason;
        this.method = method;
        this.covariateRange = covariateRange;
        this.start = start;
        this.startIsDataDerived = startIsDataDerived;
        this.footpointGradients = footpointGradients;
        this.velocityGradients = velocityGradients;
    }

    /** The point of the fitted geodesic at the caller's covariate x = 0 (geomstats' intercept). */
    public double[] footpoint() {
        return footpoint.clone();
    }

    /** The velocity at {@link #footpoint()} per unit of the caller's covariate (geomstats' coef). */
    public double[] shootingVector() {
        return shootingVector.clone();
    }

    /** The point of the fitted geodesic at x = low, the footpoint of the rescaled model on [0, 1]. */
    public double[] scaledFootpoint() {
        return scaledFootpoint.clone();
    }

    /** The velocity at {@link #scaledFootpoint()} per unit of the rescaled covariate: {@code (high - low) v}. */
    public double[] scaledShootingVector() {
        return scaledShootingVector.clone();
    }

    /** {@code E = (1/2n) sum_i rho(exp(p, x_i v), y_i)^2} at the fit (either parametrisation gives the same). */
    public double energy() {
        return energy;
    }

    /** The optimiser's accepted steps (0 for the closed form in an isometric chart). */
    public int iterations() {
        return iterations;
    }

    /**
     * {@code sqrt(|grad_p E|^2 + |grad_v E|^2)} at the fit in the internal parametrisation, evaluated by the
     * adjoint Jacobi fields ({@link GeodesicRegressionGradient}).
     */
    public double gradientNorm() {
        return gradientNorm;
    }

    /** Whether the stop rule ({@code |grad E| <= tolerance}) was met. */
    public boolean converged() {
        return converged;
    }

    /** Why {@link #converged()} is false; empty when it is true. */
    public String reason() {
        return reason;
    }

    /** {@code "levenberg-marquardt"} or {@code "chart-least-squares"} (isometric chart). */
    public String method() {
        return method;
    }

    /** The covariate range rescaled to [0, 1], and whether it was public or read from the data. */
    public CovariateRange covariateRange() {
        return covariateRange;
    }

    /** How the optimiser started, e.g. {@code "frechet-mean"} (of the responses, v = 0) or {@code "public"}. */
    public String start() {
        return start;
    }

    /** True when the start was computed from the data (not allowed in a private release). */
    public boolean startIsDataDerived() {
        return startIsDataDerived;
    }

    /** The number of records n. */
    public int size() {
        return footpointGradients.length;
    }

    /** Copies {@code grad_p E_i} at the fit (internal parametrisation) into {@code out}. Allocates nothing. */
    public void footpointGradient(int i, double[] out) {
        copyRow(footpointGradients, i, out, "footpointGradient");
    }

    /** Copies {@code grad_v E_i} at the fit (internal parametrisation) into {@code out}. Allocates nothing. */
    public void velocityGradient(int i, double[] out) {
        copyRow(velocityGradients, i, out, "velocityGradient");
    }

    private static void copyRow(double[][] rows, int i, double[] out, String what) {
        if (i < 0 || i >= rows.length) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: record index i must lie in [0, %d). Provided value: %d", what, rows.length, i));
        }
        if (out == null || out.length != rows[i].length) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: out must be an array of length %d. Provided value: %s", what, rows[i].length,
                    out == null ? "null" : "length " + out.length));
        }
        System.arraycopy(rows[i], 0, out, 0, out.length);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT,
                "GeodesicRegressionResult[method=%s, converged=%s, iterations=%d, energy=%.17g, gradientNorm=%.3g, "
                        + "footpoint=%s, shootingVector=%s, range=[%s, %s] (%s), start=%s%s]",
                method, converged, iterations, energy, gradientNorm, Arrays.toString(footpoint),
                Arrays.toString(shootingVector), covariateRange.low(), covariateRange.high(),
                covariateRange.isPublic() ? "public" : "data-derived", start,
                converged ? "" : ", reason=" + reason);
    }
}
