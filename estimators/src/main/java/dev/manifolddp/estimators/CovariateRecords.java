package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;

/**
 * The capability of an estimator whose records carry a real covariate after the point: each record is the array
 * {@code [y..., x]}, y a point of the data's manifold (the response) and x its covariate, as a geodesic regression's.
 * The public ball and the point checks apply to the responses only: a release's first stage
 * ({@code Calibration.start}) checks {@link #responses} against the ball, and the estimator reads the covariates
 * through {@link #covariates}, which checks them against its public range. Asked for through
 * {@link Estimator#capability}, never by an estimator's class.
 */
public interface CovariateRecords {

    /**
     * The responses of the records (copies of their first L coordinates, L the data space's point length).
     *
     * @throws IllegalArgumentException naming the first record whose length is not L + 1
     */
    double[][] responses(Geometry dataSpace, double[][] records);

    /**
     * The covariates of the records (their last coordinate), each checked against the estimator's public range.
     *
     * @throws IllegalArgumentException naming the first record whose length is not L + 1 or whose covariate is not
     *     finite or lies outside the public range
     */
    double[] covariates(Geometry dataSpace, double[][] records);

    /**
     * The public covariate range {@code {low, high}} every record's covariate lies in, where the estimator states one
     * (a caller that builds records, such as the auditor's worst-case pairs, places covariates in it); empty by
     * default.
     */
    default java.util.Optional<double[]> covariateRange() {
        return java.util.Optional.empty();
    }

    /**
     * The points of {@code records} that the public ball holds: for an estimator with covariate records their
     * responses, after checking every covariate against its public range; otherwise the records themselves. The one
     * reading of records every release's first stage and every runner's replicate check use.
     */
    static double[][] ballPoints(Estimator estimator, Geometry dataSpace, double[][] records) {
        java.util.Optional<CovariateRecords> covariates = estimator.capability(CovariateRecords.class);
        if (covariates.isEmpty()) {
            return records;
        }
        covariates.get().covariates(dataSpace, records);
        return covariates.get().responses(dataSpace, records);
    }

    /**
     * {@link #ballPoints(Estimator, Geometry, double[][])} of records in either layout: the records themselves (the
     * same object) for an estimator without covariates, else their responses.
     */
    static Records ballPoints(Estimator estimator, Geometry dataSpace, Records records) {
        if (estimator.capability(CovariateRecords.class).isEmpty()) {
            return records;
        }
        return Records.of(ballPoints(estimator, dataSpace, records.rows()));
    }
}
