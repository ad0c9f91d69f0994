package dev.manifolddp.utility;

/**
 * How a value of an estimator's parameter space predicts a response at a covariate, for estimators whose records
 * carry one ({@code [y..., x]}): a geodesic regression's packed (footpoint, vector) predicts {@code exp(p, t(x) v)}.
 * It lets a utility measure a release against the records (a prediction error) without knowing how the estimator
 * packs its values.
 */
@FunctionalInterface
public interface Prediction {

    /** The response {@code value} predicts at {@code covariate}, a point of the data's manifold (a new array). */
    double[] at(double[] value, double covariate);
}
