package dev.manifolddp.experiments.regressioncheck;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;

/**
 * One geometry of a regression-sensitivity check with its validated public domain: responses in {@code B_r(m0)},
 * footpoints in {@code B_Rp(m0)}, shooting vectors {@code |v| <= V}, covariates in [0, 1], and the public tau.
 *
 * @param label           the label in outputs
 * @param geometry        the geometry
 * @param basis           its tangent basis (random directions)
 * @param center          m0
 * @param dataRadius      r
 * @param footpointRadius Rp
 * @param maxSpeed        V
 * @param tau             the public residual bound, at least {@code V + Rp + r}
 * @param configuredTau   whether tau was configured (otherwise it is {@code V + Rp + r})
 */
public record DomainCheck(String label, Geometry geometry, TangentBasis basis, double[] center, double dataRadius,
        double footpointRadius, double maxSpeed, double tau, boolean configuredTau) {
}
