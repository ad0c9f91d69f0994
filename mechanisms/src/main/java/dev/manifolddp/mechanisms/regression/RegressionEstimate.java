package dev.manifolddp.mechanisms.regression;

import dev.manifolddp.estimators.CovariateRange;
import java.util.Arrays;

/**
 * A released geodesic {@code x -> exp(footpoint, x shootingVector)}, in two parametrisations of the same curve (as
 * {@link dev.manifolddp.estimators.GeodesicRegressionResult}): the caller's, with the footpoint at covariate
 * {@code x = 0} and the velocity per unit of x; and the rescaled one the mechanism draws, on
 * {@code x' = (x - low) / (high - low)} in [0, 1], with the footpoint at {@code x = low}. The conversion is exact
 * post-processing. Immutable: the arrays are copied in and out.
 *
 * @param footpoint            the geodesic at the caller's covariate {@code x = 0}
 * @param shootingVector       its velocity per unit of the caller's covariate
 * @param scaledFootpoint      the released footpoint of the rescaled model (the geodesic at {@code x = low})
 * @param scaledShootingVector the released vector of the rescaled model, per unit of {@code x'}
 * @param covariateRange       the range that rescales the covariates
 */
public record RegressionEstimate(double[] footpoint, double[] shootingVector, double[] scaledFootpoint,
        double[] scaledShootingVector, CovariateRange covariateRange) {

    public RegressionEstimate {
        footpoint = footpoint.clone();
        shootingVector = shootingVector.clone();
        scaledFootpoint = scaledFootpoint.clone();
        scaledShootingVector = scaledShootingVector.clone();
    }

    @Override
    public double[] footpoint() {
        return footpoint.clone();
    }

    @Override
    public double[] shootingVector() {
        return shootingVector.clone();
    }

    @Override
    public double[] scaledFootpoint() {
        return scaledFootpoint.clone();
    }

    @Override
    public double[] scaledShootingVector() {
        return scaledShootingVector.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RegressionEstimate that && Arrays.equals(footpoint, that.footpoint)
                && Arrays.equals(shootingVector, that.shootingVector)
                && Arrays.equals(scaledFootpoint, that.scaledFootpoint)
                && Arrays.equals(scaledShootingVector, that.scaledShootingVector)
                && covariateRange.equals(that.covariateRange);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(footpoint) + Arrays.hashCode(shootingVector)) + covariateRange.hashCode();
    }

    @Override
    public String toString() {
        return "RegressionEstimate[footpoint=" + Arrays.toString(footpoint) + ", shootingVector="
                + Arrays.toString(shootingVector) + ", range=[" + covariateRange.low() + ", " + covariateRange.high()
                + "]]";
    }
}
