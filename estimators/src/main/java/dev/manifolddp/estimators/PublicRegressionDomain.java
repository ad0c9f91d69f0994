package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;

/**
 * The capability of a regression estimator to state its public domain for a ball: the footpoint radius Rp, the
 * largest speed V, the residual bound tau and the covariate range, defaults filled in and checked
 * ({@link RegressionSensitivity#defaultTau}, {@link RegressionSensitivity#publicTau}). A mechanism that releases the
 * footpoint and the shooting vector in two steps, each with its own sensitivity ({@link RegressionSensitivity}), reads
 * them through it. Asked for through {@link Estimator#capability}, never by an estimator's class.
 */
public interface PublicRegressionDomain {

    /** The public domain on {@code dataSpace} for the public ball of {@code ballRadius}. */
    Domain publicDomain(Geometry dataSpace, double ballRadius);

    /**
     * A public regression domain.
     *
     * @param footpointRadius Rp: every footpoint in {@code B_Rp(m0)}
     * @param maxSpeed        V: every shooting vector of length at most V (per unit of rescaled covariate)
     * @param tau             the public bound on every residual's length
     * @param covariateLow    the covariate range's low end
     * @param covariateHigh   its high end
     */
    record Domain(double footpointRadius, double maxSpeed, double tau, double covariateLow, double covariateHigh) {
    }
}
