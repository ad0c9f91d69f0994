package dev.manifolddp.estimators;

/**
 * A capability of an {@link Estimator}: its estimand is the Frechet mean of the records (the minimiser of the mean
 * squared geodesic distance), whatever algorithm computes it. Mechanisms that perturb a mean of the records' own
 * coordinates (chart, ambient and landmark mechanisms), and calibrations proved for the mean only (the papers' KNG
 * and Laplace scales, the data-dependent KNG envelope), ask for it through {@link Estimator#capability} instead of
 * testing an estimator's class, so a plugin estimator of the mean can declare it.
 */
public interface FrechetMeanEstimand {
}
