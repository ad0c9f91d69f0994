package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;

/**
 * The capability of an estimator whose value predicts a response at a covariate ({@link CovariateRecords}): a
 * geodesic regression's packed pair predicts the point of its geodesic at the covariate. Utilities measure a
 * release's prediction error on the records through it without knowing how the value is packed. Asked for through
 * {@link Estimator#capability}, never by an estimator's class.
 */
public interface ResponsePrediction {

    /**
     * The response {@code value} (a point of the estimator's parameter space) predicts at {@code covariate}: a point
     * of {@code dataSpace}, a new array.
     */
    double[] predict(Geometry dataSpace, double[] value, double covariate);
}
