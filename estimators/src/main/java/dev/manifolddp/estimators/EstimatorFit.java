package dev.manifolddp.estimators;

/**
 * A minimiser with its convergence report, as {@link Estimator#minimise} returns it.
 *
 * @param point        the minimiser found (parameter-space layout); the accessor returns a copy
 * @param iterations   the optimiser's updates
 * @param gradientNorm the objective's gradient norm at {@code point}
 * @param converged    whether the stop rule was met and the point is certified to be the minimiser
 * @param method       how it was computed (e.g. closed form, gradient descent)
 * @param reason       why {@code converged} is false; empty when it is true
 */
public record EstimatorFit(double[] point, int iterations, double gradientNorm, boolean converged, String method,
        String reason) {

    public EstimatorFit {
        if (point == null || method == null || reason == null) {
            throw new IllegalArgumentException("point, method and reason must not be null. Provided value: null");
        }
        point = point.clone();
    }

    @Override
    public double[] point() {
        return point.clone();
    }
}
