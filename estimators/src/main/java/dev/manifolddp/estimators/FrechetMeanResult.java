package dev.manifolddp.estimators;

import java.util.Arrays;
import java.util.Locale;

/**
 * A sample Frechet mean with its convergence report.
 *
 * @param mean the estimate (point layout of the geometry); the accessor returns a copy
 * @param iterations the number of updates taken (gradient or Newton) (0 for the closed form or an already stationary
 *     start)
 * @param gradientNorm {@code |grad F(mean)|_mean = (1/n) |sum_i log(mean, x_i)|}, the final residual
 * @param converged whether the stop rule was met before the iteration limit <em>and</em> the point found is
 *     certified to be the mean (the data lie in a ball of Assumption 1 that contains it; see
 *     {@link FrechetMean#fit}). A critical point that may not be the mean is never reported as converged.
 * @param method {@link FrechetMean#CLOSED_FORM}, {@link FrechetMean#GRADIENT_DESCENT} or {@link FrechetMean#NEWTON}
 * @param reason why {@code converged} is false, empty when it is true
 * @param stagnated whether the iteration stopped because its gradient norm no longer decreased (the tolerance is
 *     below the rounding floor of these data) at a point the data certify to be the mean: the mean then is the
 *     minimiser to within rounding, and {@link #reason()} gives the floor reached. Never true with {@code converged}.
 */
public record FrechetMeanResult(double[] mean, int iterations, double gradientNorm, boolean converged,
                                String method, String reason, boolean stagnated) {

    /** {@link #reason()} of a run stopped by its iteration limit. */
    public static final String ITERATION_LIMIT = "the iteration limit was reached before the stop rule was met";

    public FrechetMeanResult {
        if (mean == null || method == null || reason == null) {
            throw new IllegalArgumentException("mean, method and reason must not be null. Provided value: null");
        }
        if (converged && stagnated) {
            throw new IllegalArgumentException("a result that stagnated above its tolerance has not converged. "
                    + "Provided value: converged = true, stagnated = true");
        }
        if (converged != reason.isEmpty()) {
            throw new IllegalArgumentException(String.format(
                    "reason must be empty exactly when converged is true. Provided value: converged = %s, "
                            + "reason = '%s'", converged, reason));
        }
        mean = mean.clone();
    }

    /** A result that did not stagnate. */
    public FrechetMeanResult(double[] mean, int iterations, double gradientNorm, boolean converged, String method,
                             String reason) {
        this(mean, iterations, gradientNorm, converged, method, reason, false);
    }

    /** A result whose only possible failure is the iteration limit (the form before reasons were recorded). */
    public FrechetMeanResult(double[] mean, int iterations, double gradientNorm, boolean converged, String method) {
        this(mean, iterations, gradientNorm, converged, method, converged ? "" : ITERATION_LIMIT);
    }

    @Override
    public double[] mean() {
        return mean.clone();
    }

    /**
     * The mean, or an {@link IllegalStateException} that gives the {@link #reason()} when the result is not a
     * certified mean, for callers that must not go on with it.
     */
    public double[] requireConverged() {
        if (!converged) {
            throw new IllegalStateException(String.format(Locale.ROOT,
                    "the Frechet mean did not converge: %s (%d iterations, final gradient norm %.3g). Raise "
                            + "maxIterations or the tolerance if the limit was reached, and check that the data lie "
                            + "in a ball of Assumption 1", reason, iterations, gradientNorm));
        }
        return mean.clone();
    }

    /**
     * The mean when it is the minimiser to the accuracy double precision allows: converged, or {@link #stagnated()}
     * at the rounding floor above a tolerance too small to be met (the point is then within rounding of the
     * certified mean). Otherwise the {@link IllegalStateException} of {@link #requireConverged()}. For callers that
     * measure against the mean (an experiment's reference), where a tolerance below the floor should mean "as
     * accurate as the data allow", not a failure.
     */
    public double[] requireAttained() {
        return stagnated ? mean.clone() : requireConverged();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FrechetMeanResult that && Arrays.equals(mean, that.mean)
                && iterations == that.iterations && Double.compare(gradientNorm, that.gradientNorm) == 0
                && converged == that.converged && method.equals(that.method) && reason.equals(that.reason)
                && stagnated == that.stagnated;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(mean) * 31 + Integer.hashCode(iterations) * 17 + Double.hashCode(gradientNorm)
                + Boolean.hashCode(converged) + method.hashCode() + 7 * reason.hashCode() + 3 * Boolean.hashCode(stagnated);
    }

    @Override
    public String toString() {
        return String.format("FrechetMeanResult[method=%s, converged=%s, iterations=%d, gradientNorm=%.3g, mean=%s%s]",
                method, converged, iterations, gradientNorm, Arrays.toString(mean),
                converged ? "" : ", reason=" + reason);
    }
}
