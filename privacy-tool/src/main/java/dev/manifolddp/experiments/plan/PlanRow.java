package dev.manifolddp.experiments.plan;

import dev.manifolddp.mechanisms.Guarantee;

/**
 * One predicted (mechanism, n, epsilon, delta): the expected geodesic distance of the release to the data's
 * non-private Frechet mean.
 *
 * @param mechanism      the mechanism's label
 * @param n              the sample size
 * @param epsilon        the requested epsilon
 * @param delta          the requested delta
 * @param guarantee      the guarantee a release with these inputs would carry
 * @param deltaSpent     the delta it would spend (above {@code delta} when a fixed proposal budget adds one)
 * @param sensitivity    the sensitivity Delta of the calibration
 * @param sigma          the noise scale
 * @param expected       the expected error {@code E rho(release, xbar)}
 * @param standardError  its standard error (0 for a closed form)
 * @param spread         the standard deviation of the error over releases
 * @param method         closed-form or simulated
 * @param replicates     simulated releases (0 for a closed form)
 * @param note           the closed form used, or what the simulation had to do (projections, MCMC)
 */
public record PlanRow(String mechanism, int n, double epsilon, double delta, Guarantee guarantee, double deltaSpent,
        double sensitivity, double sigma, double expected, double standardError, double spread, String method,
        int replicates, String note) {

    /** The method label of a closed-form row. */
    public static final String CLOSED_FORM = "closed-form";
    /** The method label of a simulated row. */
    public static final String SIMULATED = "simulated";
}
