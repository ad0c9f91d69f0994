package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.CovariateColumn;
import dev.manifolddp.mechanisms.regression.RegressionMethod;
import java.util.Set;
import java.util.TreeSet;

/**
 * The regression's own flags of {@code mdp release --estimator geodesic-regression} ({@link RegressionOptions}:
 * {@code --covariate-range}, {@code --method}, {@code --epsilon-p/--epsilon-v}, {@code --tau},
 * {@code --footpoint-radius}, {@code --max-speed}) read as what the one release sequence takes: the estimator's
 * public domain as its parameters ({@code covariate-low}, {@code covariate-high}, {@code footpoint-radius},
 * {@code max-speed}, {@code tau}), the joint method as {@code kng} on the tangent bundle and the two-step methods as
 * {@code two-step-regression} with {@code method} and {@code footpoint-share}. The release that follows is the generic
 * one, whose draws are those of the regression's former path bit for bit (RegressionReleaseCommandTest). What the
 * flags get wrong is refused here, naming the flag, before anything is read.
 */
final class RegressionFlags {

    /** The --estimator value these flags belong to. */
    static final String ESTIMATOR = "geodesic-regression";

    /** The --param keys a regression release accepts (the chain's settings and the sigma rule). */
    private static final Set<String> PARAMETERS = Set.of("burn-in", "thin", "step", "chains", "sigma-rule",
            "non-private", "proposal-scales");

    private RegressionFlags() {
    }

    /**
     * Rewrites {@code command}'s estimator parameters, mechanism, mechanism parameters and epsilon from its
     * regression flags, and returns the note the console shows for a split budget the joint method spends at once
     * (or null).
     *
     * @throws IllegalArgumentException naming the flag that is missing, malformed or contradicts another
     */
    static String translate(ReleaseCommand command) {
        RegressionOptions options = command.regression;
        if (!command.estimatorParams.isEmpty()) {
            throw new IllegalArgumentException("--estimator-param: give the regression's public domain either as "
                    + "--estimator-param (covariate-low, covariate-high, footpoint-radius, max-speed, tau) or as "
                    + "--covariate-range, --tau, --footpoint-radius and --max-speed, not both. Provided value: "
                    + "--estimator-param " + command.estimatorParams);
        }
        requireGiven("--covariate", options.covariate, "the column holding each record's covariate");
        requireGiven("--covariate-range", options.covariateRange, "the covariate's PUBLIC range LO,HI (never read "
                + "it off the data)");
        if (!"kng".equals(command.mechanism)) {
            throw new IllegalArgumentException("--mechanism: a geodesic regression is released by kng (one K-norm "
                    + "gradient draw on the tangent bundle); the Laplace and Gaussian mechanisms need a bound on the "
                    + "estimate's own sensitivity, which the regression does not have. Provided value: "
                    + command.mechanism);
        }
        if (command.subjectColumn != null || command.clip) {
            throw new IllegalArgumentException("--subject-column and --clip are not available for a regression "
                    + "release yet; give one record per subject, inside the ball. Provided value: "
                    + (command.subjectColumn != null ? "--subject-column " + command.subjectColumn : "--clip"));
        }
        for (String key : command.params.keySet()) {
            if (!PARAMETERS.contains(key)) {
                throw new IllegalArgumentException("--param: the regression release accepts " + new TreeSet<>(
                        PARAMETERS) + ". Provided value: " + key);
            }
        }
        if (command.params.containsKey("non-private")) {
            throw new IllegalArgumentException("--param non-private: a command-line release uses public bounds only; "
                    + "data-derived ranges and tau belong to experiments. Provided value: non-private");
        }
        RegressionMethod method = RegressionMethod.parse(options.method);
        // decided from public settings before the file is read: the joint and the public-vector methods are
        // Metropolis-Hastings draws of proven targets (guarantee mcmc), and a seeded chain needs the same consent
        if (method != RegressionMethod.PAPER && !command.allowMcmc) {
            throw new IllegalArgumentException("the regression release is a Metropolis-Hastings draw on the "
                    + "tangent bundle (guarantee mcmc: the target is proven epsilon-DP, the draw approximates it; "
                    + "no exact sampler exists for it, see docs/private-regression.md). Nothing was read or written. "
                    + "Pass --allow-mcmc to accept it. Provided value: --estimator " + ESTIMATOR);
        }
        CovariateColumn covariate = CovariateColumn.parse(options.covariate, options.covariateRange,
                "--covariate-range");
        command.estimatorParams.put("covariate-low", Double.toString(covariate.range().low()));
        command.estimatorParams.put("covariate-high", Double.toString(covariate.range().high()));
        domain(command, "--footpoint-radius", options.footpointRadius, "footpoint-radius",
                "the footpoints' public radius");
        domain(command, "--max-speed", options.maxSpeed, "max-speed", "the public bound on |v|");
        domain(command, "--tau", options.tau, "tau", "the public residual bound");
        String note = null;
        boolean split = options.epsilonP != null || options.epsilonV != null;
        double footpointShare = Double.NaN;
        if (split) {
            if (command.inputs.epsilon != null) {
                throw new IllegalArgumentException("give either --epsilon (the total) or --epsilon-p and --epsilon-v, "
                        + "not both. Provided value: --epsilon " + command.inputs.epsilon);
            }
            requireGiven("--epsilon-p", options.epsilonP, "the footpoint's epsilon");
            requireGiven("--epsilon-v", options.epsilonV, "the shooting vector's epsilon");
            double p = NumericFlag.positive("--epsilon-p", options.epsilonP, "the footpoint's share of epsilon");
            double v = NumericFlag.positive("--epsilon-v", options.epsilonV, "the shooting vector's share of epsilon");
            command.inputs.epsilon = Double.toString(p + v);
            footpointShare = p / (p + v);
            if (method == RegressionMethod.JOINT) {
                note = "joint method: footpoint and shooting vector are released together at the total epsilon "
                        + (p + v) + " (= --epsilon-p + --epsilon-v); the split is ignored";
            }
        }
        if (method != RegressionMethod.JOINT) {
            command.mechanism = "two-step-regression";
            command.params.put("method", method.configName());
            if (split) {
                command.params.put("footpoint-share", Double.toString(footpointShare));
            }
        }
        return note;
    }

    /** Passes a positive domain flag on as the estimator parameter {@code key}, checked as the flag. */
    private static void domain(ReleaseCommand command, String flag, String text, String key, String meaning) {
        if (text != null) {
            command.estimatorParams.put(key, Double.toString(NumericFlag.positive(flag, text, meaning)));
        }
    }

    private static void requireGiven(String flag, String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(flag + " is required for --estimator " + ESTIMATOR + ": " + what
                    + ". Provided value: " + (value == null ? "none" : "(empty)"));
        }
    }
}
