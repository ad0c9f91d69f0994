package dev.manifolddp.experiments.cli;

import picocli.CommandLine.Option;

/**
 * The flags of {@code mdp release --estimator geodesic-regression}: the covariate and its public range, the public
 * parameter domain, tau, the method and the two-part budget of the paper's method.
 */
final class RegressionOptions {

    @Option(names = "--covariate", paramLabel = "COLUMN",
            description = "Regression: the header column holding each record's covariate (e.g. age).")
    String covariate;

    @Option(names = "--covariate-range", paramLabel = "LO,HI",
            description = "Regression: the PUBLIC range of the covariate (never read it off the data); covariates "
                    + "outside it are refused.")
    String covariateRange;

    @Option(names = "--epsilon-p", paramLabel = "E1",
            description = "Regression: the footpoint's share of epsilon (paper method); with the joint method the "
                    + "total E1 + E2 is spent at once.")
    String epsilonP;

    @Option(names = "--epsilon-v", paramLabel = "E2", description = "Regression: the shooting vector's share.")
    String epsilonV;

    @Option(names = "--tau", paramLabel = "T", description = "Regression: a public bound on every residual over the "
            + "public domain (default: footpoint radius + max speed + --radius, proven in docs/private-regression.md).")
    String tau;

    @Option(names = "--footpoint-radius", paramLabel = "RP",
            description = "Regression: the public radius around --center holding every candidate footpoint (default "
                    + "--radius).")
    String footpointRadius;

    @Option(names = "--max-speed", paramLabel = "V",
            description = "Regression: the public bound on the shooting vector's length over the rescaled covariate "
                    + "range [0, 1] (default 2 x --radius: a geodesic between two points of the ball).")
    String maxSpeed;

    @Option(names = "--method", paramLabel = "M", defaultValue = "joint",
            description = "Regression: joint (default; one KNG on the tangent bundle, proven target), "
                    + "public-vector (two steps, the first with a public vector 0; proven) or paper (the two-step "
                    + "release of Kulkarni and Soto 2025, unproven).")
    String method;

    /** True when any regression flag was given (they need --estimator geodesic-regression). */
    boolean anyGiven() {
        return covariate != null || legacyGiven();
    }

    /**
     * True when a regression flag other than {@code --covariate} was given (the public domain as flags, a two-step
     * method, a split budget): {@link RegressionFlags} reads them as the estimator parameters and mechanism of the
     * one release sequence.
     */
    boolean legacyGiven() {
        return covariateRange != null || epsilonP != null || epsilonV != null || tau != null
                || footpointRadius != null || maxSpeed != null || !"joint".equals(method);
    }
}
