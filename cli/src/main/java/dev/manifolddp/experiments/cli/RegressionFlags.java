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

    /** The mechanism of the two-step methods. */
    private static final String TWO_STEP = "two-step-regression";

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
        RegressionMethod method = method(options.method);
        // kng is the regression's mechanism for every --method (the two-step methods are KNG draws too, and the
        // flag form has always said kng); two-step-regression names the two-step methods directly, so it
        // contradicts only the joint one
        boolean twoStep = TWO_STEP.equals(command.mechanism);
        if (!"kng".equals(command.mechanism) && !twoStep) {
            throw new IllegalArgumentException("--mechanism: a geodesic regression is released by kng (one K-norm "
                    + "gradient draw on the tangent bundle); the Laplace and Gaussian mechanisms need a bound on the "
                    + "estimate's own sensitivity, which the regression does not have. Provided value: "
                    + command.mechanism);
        }
        if (twoStep && method == RegressionMethod.JOINT) {
            throw new IllegalArgumentException("--method: --mechanism " + TWO_STEP + " releases the footpoint and "
                    + "the shooting vector in two steps, which --method joint does not; give --method public-vector "
                    + "or --method paper with it, or --mechanism kng for the joint release. Provided value: --method "
                    + options.method);
        }
        if (command.subjectColumn != null || command.clip) {
            throw new IllegalArgumentException("--subject-column and --clip are not available for a regression "
                    + "release yet; give one record per subject, inside the ball. Provided value: "
                    + (command.subjectColumn != null ? "--subject-column " + command.subjectColumn : "--clip"));
        }
        for (String key : command.params.keySet()) {
            if (key.equals("method") || key.equals("footpoint-share")) {
                // the two-step mechanism's own keys: the flag form sets them from --method and --epsilon-p/-v
                throw new IllegalArgumentException("--param " + key + ": with the regression's flags give the "
                        + "method as --method and the split as --epsilon-p and --epsilon-v (or leave out "
                        + "--covariate-range and give --estimator-param covariate-low/high with --mechanism "
                        + "two-step-regression --param " + key + "). Provided value: " + key);
            }
            if (!PARAMETERS.contains(key)) {
                throw new IllegalArgumentException("--param: the regression release accepts " + new TreeSet<>(
                        PARAMETERS) + ". Provided value: " + key);
            }
        }
        if (command.params.containsKey("non-private")) {
            throw new IllegalArgumentException("--param non-private: a command-line release uses public bounds only; "
                    + "data-derived ranges and tau belong to experiments. Provided value: non-private");
        }
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
            command.mechanism = TWO_STEP;
            command.params.put("method", method.configName());
            if (split) {
                command.params.put("footpoint-share", Double.toString(footpointShare));
            }
        }
        return note;
    }

    /** The --method flag, refused naming the flag (the parser's own message names no flag). */
    private static RegressionMethod method(String text) {
        try {
            return RegressionMethod.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--method: " + e.getMessage(), e);
        }
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
