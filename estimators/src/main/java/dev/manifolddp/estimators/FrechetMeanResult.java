package dev.manifolddp.estimators;

import java.util.Arrays;

/**
 * A sample Frechet mean with its convergence report.
 *
 * @param mean the estimate (point layout of the geometry); the accessor returns a copy
 * @param iterations the number of gradient-descent updates taken (0 for the closed form or an already stationary
 *     start)
 * @param gradientNorm {@code |grad F(mean)|_mean = (1/n) |sum_i log(mean, x_i)|}, the final residual
 * @param converged whether the stop rule was met before the iteration limit (always true for the closed form)
 * @param method {@link FrechetMean#CLOSED_FORM} or {@link FrechetMean#GRADIENT_DESCENT}
 */
public record FrechetMeanResult(double[] mean, int iterations, double gradientNorm, boolean converged,
                                String method) {

    public FrechetMeanResult {
        mean = mean.clone();
    }

    @Override
    public double[] mean() {
        return mean.clone();
    }

    /**
     * The mean, or an {@link IllegalStateException} when the iteration stopped at its limit without meeting the
     * stop rule, for callers that must not go on with an unconverged estimate.
     */
    public double[] requireConverged() {
        if (!converged) {
            throw new IllegalStateException(String.format(
                    "the Frechet mean did not converge: %d iterations, final gradient norm %.3g; raise "
                            + "maxIterations or the tolerance, or check that the data lie in a ball of Assumption 1",
                    iterations, gradientNorm));
        }
        return mean.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FrechetMeanResult that && Arrays.equals(mean, that.mean)
                && iterations == that.iterations && Double.compare(gradientNorm, that.gradientNorm) == 0
                && converged == that.converged && method.equals(that.method);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(mean) * 31 + Integer.hashCode(iterations) * 17 + Double.hashCode(gradientNorm)
                + Boolean.hashCode(converged) + method.hashCode();
    }

    @Override
    public String toString() {
        return String.format("FrechetMeanResult[method=%s, converged=%s, iterations=%d, gradientNorm=%.3g, mean=%s]",
                method, converged, iterations, gradientNorm, Arrays.toString(mean));
    }
}
