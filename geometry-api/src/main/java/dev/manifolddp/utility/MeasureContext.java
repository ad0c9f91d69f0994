package dev.manifolddp.utility;

import dev.manifolddp.geometry.Geometry;

/**
 * What the runner knows around one release, for measures that need more than the value and the estimate: the wall
 * times, the public ball's centre, and the replicate's records with the geometry they lie on. Measures that read the
 * records (a prediction error) are research diagnostics of the run, never part of a release.
 *
 * @param timing     the wall times the runner measured around the release
 * @param ballCentre the centre of the replicate's public ball, or null when releases live on another space than the
 *                   data (an estimator's parameter space)
 * @param dataSpace  the geometry the records' points lie on
 * @param records    the replicate's records as the estimator reads them (with a covariate after the point for an
 *                   estimator whose records carry one)
 * @param prediction how a value predicts a response at a covariate, or null for an estimator without covariates
 */
public record MeasureContext(Timing timing, double[] ballCentre, Geometry dataSpace, double[][] records,
        Prediction prediction) {
}
