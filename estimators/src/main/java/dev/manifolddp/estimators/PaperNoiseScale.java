package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;

/**
 * The capability of an estimator whose source paper calibrated KNG's noise with its own (unproven) rule, which a
 * mechanism's {@code sigma-rule: paper} reproduces: Kulkarni and Soto 2025's {@code sigma = Delta/epsilon} for the
 * joint regression, half the proven {@code 2 Delta/epsilon}. A release at this scale is labelled unproven. Asked for
 * through {@link Estimator#capability}, never by an estimator's class.
 */
public interface PaperNoiseScale {

    /** The paper's noise scale for {@code n} records in the public ball of {@code ballRadius} at {@code epsilon}. */
    double paperSigma(Geometry dataSpace, double ballRadius, int n, double epsilon);

    /** The paper's rule in words, for the release's {@code sigmaFormula}. */
    String paperFormula();
}
