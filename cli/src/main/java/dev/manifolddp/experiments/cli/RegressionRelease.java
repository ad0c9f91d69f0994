package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.AtomicFile;
import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.CovariateColumn;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.data.RowFilter;
import dev.manifolddp.experiments.ledger.BudgetLedger;
import dev.manifolddp.experiments.ledger.DatasetKey;
import dev.manifolddp.experiments.ledger.LedgerEntry;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.McmcSettings;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.ProposalKind;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.SigmaRule;
import dev.manifolddp.mechanisms.regression.PrivateGeodesicRegression;
import dev.manifolddp.mechanisms.regression.RegressionEstimate;
import dev.manifolddp.mechanisms.regression.RegressionMethod;
import dev.manifolddp.sampling.random.RandomStreams;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code mdp release --estimator geodesic-regression}: a private geodesic regression of a CSV file's points on one of
 * its columns ({@link PrivateGeodesicRegression}; docs/private-regression.md). Everything that sets the guarantee is
 * public and comes from flags: the covariate's range, the ball of the responses, the footpoint radius, the speed bound
 * and tau. The joint method (default) releases footpoint and shooting vector together by one KNG on the tangent
 * bundle; its draw is a Metropolis-Hastings chain, so the release needs {@code --allow-mcmc}. The paper's two-step
 * method is offered for reproductions and is labelled unproven. A {@code --where} selection needs its column declared
 * public, as for the mean ({@link PublicSelection}); the check has run before this path starts.
 */
final class RegressionRelease {

    /** The --estimator value that selects this path. */
    static final String ESTIMATOR = "geodesic-regression";

    /** The --param keys the regression accepts. */
    private static final Set<String> PARAMETERS = Set.of("burn-in", "thin", "step", "chains", "sigma-rule",
            "non-private", "proposal-scales");

    /** The chain when no --param sets it: the mechanism's defaults, one tangent Gaussian chain. */
    private static final McmcSettings DEFAULT_MCMC = new McmcSettings(PrivateGeodesicRegression.DEFAULT_BURN_IN,
            PrivateGeodesicRegression.DEFAULT_THIN, PrivateGeodesicRegression.DEFAULT_STEP,
            ProposalKind.TANGENT_GAUSSIAN, 1);

    private RegressionRelease() {
    }

    /** The refusal of an unconsented Metropolis-Hastings regression release. */
    private static IllegalArgumentException mcmcRefusal() {
        return new IllegalArgumentException("the regression release is a Metropolis-Hastings draw on the "
                + "tangent bundle (guarantee mcmc: the target is proven epsilon-DP, the draw approximates it; "
                + "no exact sampler exists for it, see docs/private-regression.md). Nothing was read or written. "
                + "Pass --allow-mcmc to accept it. Provided value: --estimator " + ESTIMATOR);
    }

    static int run(ReleaseCommand command) {
        RegressionOptions options = command.regression;
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
        RegressionMethod method = RegressionMethod.parse(options.method);
        PrivacyBudget[] parts = budgets(command, options);
        PrivacyBudget total = parts[0];
        double radius = command.inputs.radius();
        double footpointRadius = options.footpointRadius == null ? radius
                : NumericFlag.positive("--footpoint-radius", options.footpointRadius, "the footpoints' public radius");
        double maxSpeed = options.maxSpeed == null ? 2 * radius
                : NumericFlag.positive("--max-speed", options.maxSpeed, "the public bound on |v|");
        Path ledgerFile = command.ledgerFile();
        OutputPaths.of().input("--input", command.inputFile()).inputs("--plugins", command.plugins.jars())
                .file("--out", command.out).file("--diagnostics", command.diagnostics).state("--ledger", ledgerFile)
                .check(command.force);

        Geometry space = command.geometry();
        double[] centre = command.inputs.center(space);
        CovariateColumn covariate = CovariateColumn.parse(options.covariate, options.covariateRange,
                "--covariate-range");
        PrivateGeodesicRegression mechanism = build(command, space, centre, radius, footpointRadius, maxSpeed,
                covariate, method, options, parts);
        // decided from public settings before the file is read: every regression method draws by Metropolis-Hastings;
        // a seeded chain needs the same consent (the seed only makes it not-private as well), as for the mean
        if (mechanism.plannedGuarantee() == Guarantee.MCMC && !command.allowMcmc) {
            throw mcmcRefusal();
        }
        PointFile.Points points = command.records(space,
                new PointFile.Columns(null, command.columns).withCovariate(covariate));
        BallClip.Result data = BallClip.apply(space, centre, radius, "--radius", points, false,
                "a regression release needs every response inside the ball; declare a larger --radius");
        double[] x = points.covariate(options.covariate);
        DatasetKey key = new DatasetKey(command.dataset, points.contentSha256(), points.sha256());

        try (BudgetLedger accounts = BudgetLedger.open(ledgerFile)) {
            BudgetLedger.Total declared = command.declaredTotal();
            RowFilter rows = command.selection().filter();
            BudgetLedger.Check check = accounts.check(key, new BudgetLedger.Request(total, Double.NaN,
                    total.delta() == 0 && mechanism.plannedGuarantee() == Guarantee.PURE,
                    rows == null ? null : rows.column(), rows == null ? null : rows.values()), 0, declared,
                    command.overrideBudget);
            List<String> notes = new ArrayList<>(check.notes());
            if (method == RegressionMethod.JOINT && parts.length == 3) {
                notes.add("joint method: footpoint and shooting vector are released together at the total epsilon "
                        + total.epsilon() + " (= --epsilon-p + --epsilon-v); the split is ignored");
            }
            RandomStreams streams = command.seed == null ? RandomStreams.secure()
                    : RandomStreams.seeded(command.seed);
            Release<RegressionEstimate> release = mechanism.release(x, data.points(), total, streams.stream(0, 0))
                    .withRandomSource(streams.describe());
            if (command.seed != null) {
                release = release.withGuaranteeAtMost(Guarantee.NOT_PRIVATE, "--seed makes the noise reproducible, "
                        + "so anyone who knows the seed can remove it");
            }
            release = release.withUnitOfPrivacy(release.budget(),
                    command.selection().unit(release.unitOfPrivacy()));
            if (release.guarantee() == Guarantee.MCMC && !command.allowMcmc) {
                // unreachable while plannedGuarantee() is right: the refusal above is made before the file is read
                throw mcmcRefusal();
            }
            Map<String, Object> input = new LinkedHashMap<>();
            input.put("file", command.inputName());
            command.selection().describe(input);
            input.put("records", x.length);
            input.put("covariate", options.covariate);
            input.put("center", centre);
            input.put("radius", radius);
            byte[] releaseJson = ReleaseJson.regression(release, space, input);
            byte[] diagnosticsJson = command.diagnostics == null ? null
                    : ReleaseJson.diagnostics(release, Map.of());
            accounts.record(key, command.inputName(), declared, new LedgerEntry(
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), "kng/" + ESTIMATOR,
                    release.budget().epsilon(), release.budget().delta(), release.guarantee().label(),
                    release.unitOfPrivacy(), 0, check.overridden(),
                    LedgerEntry.eventOf(release.guarantee().label(), release.budget().delta(), null), null,
                    !release.sampler().isMcmc(),
                    java.util.Objects.toString(release.parameters().get("sigmaFormula"), release.sigmaRule()),
                    rows == null ? null : rows.column(), rows == null ? null : rows.values()));
            AtomicFile.write(command.out, releaseJson, command.force, "--out");
            if (diagnosticsJson != null) {
                AtomicFile.write(command.diagnostics, diagnosticsJson, command.force, "--diagnostics");
            }
            summary(command.parent.out, release, space, x.length, notes, command);
        }
        return 0;
    }

    /**
     * {@code [total]} from --epsilon, or {@code [total, footpoint, vector]} from --epsilon-p and --epsilon-v (with
     * --delta in the total).
     */
    private static PrivacyBudget[] budgets(ReleaseCommand command, RegressionOptions options) {
        boolean split = options.epsilonP != null || options.epsilonV != null;
        if (split && command.inputs.epsilon != null) {
            throw new IllegalArgumentException("give either --epsilon (the total) or --epsilon-p and --epsilon-v, not "
                    + "both. Provided value: --epsilon " + command.inputs.epsilon);
        }
        if (!split) {
            return new PrivacyBudget[] {command.inputs.budget()};
        }
        requireGiven("--epsilon-p", options.epsilonP, "the footpoint's epsilon");
        requireGiven("--epsilon-v", options.epsilonV, "the shooting vector's epsilon");
        double p = NumericFlag.positive("--epsilon-p", options.epsilonP, "the footpoint's share of epsilon");
        double v = NumericFlag.positive("--epsilon-v", options.epsilonV, "the shooting vector's share of epsilon");
        double delta = NumericFlag.delta("--delta", command.inputs.delta);
        return new PrivacyBudget[] {new PrivacyBudget(p + v, delta), PrivacyBudget.pure(p), PrivacyBudget.pure(v)};
    }

    private static PrivateGeodesicRegression build(ReleaseCommand command, Geometry space, double[] centre,
            double radius, double footpointRadius, double maxSpeed, CovariateColumn covariate, RegressionMethod method,
            RegressionOptions options, PrivacyBudget[] parts) {
        for (String key : command.params.keySet()) {
            if (!PARAMETERS.contains(key)) {
                throw new IllegalArgumentException("--param: the regression release accepts " + new java.util.TreeSet<>(
                        PARAMETERS) + ". Provided value: " + key);
            }
        }
        if (command.params.containsKey("non-private")) {
            throw new IllegalArgumentException("--param non-private: a command-line release uses public bounds only; "
                    + "data-derived ranges and tau belong to experiments. Provided value: non-private");
        }
        PrivateGeodesicRegression.Builder builder = PrivateGeodesicRegression.builder().geometry(space)
                .domain(centre, radius, footpointRadius, maxSpeed)
                .covariateRange(covariate.range().low(), covariate.range().high())
                .method(method);
        if (options.tau != null) {
            builder.tau(NumericFlag.positive("--tau", options.tau, "the public residual bound"));
        }
        if (parts.length == 3 && method != RegressionMethod.JOINT) {
            builder.footpointShare(parts[1].epsilon() / parts[0].epsilon());
        }
        Map<String, String> p = command.params;
        if (p.containsKey("sigma-rule")) {
            builder.sigmaRule(SigmaRule.parse(p.get("sigma-rule")));
        }
        McmcSettings mcmc = McmcSettings.read(new McmcParams(p, ESTIMATOR), DEFAULT_MCMC);
        builder.burnIn(mcmc.burnIn()).thin(mcmc.thin()).step(mcmc.step()).chains(mcmc.chains())
                .proposalScales(mcmc.scales());
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--estimator " + ESTIMATOR + ": " + e.getMessage(), e);
        }
    }

    private static void requireGiven(String flag, String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(flag + " is required for --estimator " + ESTIMATOR + ": " + what
                    + ". Provided value: " + (value == null ? "none" : "(empty)"));
        }
    }

    private static void summary(PrintStream console, Release<RegressionEstimate> release, Geometry space, int n,
            List<String> notes, ReleaseCommand command) {
        console.printf(Locale.ROOT, "estimator     %s by kng (%s) on %s%n", ESTIMATOR,
                release.parameters().get("method"), space.spec());
        console.printf(Locale.ROOT, "records       %d from %s%n", n, command.input);
        if (command.selection().summary() != null) {
            console.printf(Locale.ROOT, "selection     %s%n", command.selection().summary());
        }
        console.printf(Locale.ROOT, "budget        %s%n", release.budget());
        console.printf(Locale.ROOT, "sensitivity   %.6g (footpoint %s, vector %s)%n", release.sensitivity(),
                release.parameters().get("footpointSensitivity"),
                release.parameters().get("shootingVectorSensitivity"));
        console.printf(Locale.ROOT, "sigma         %.6g (rule: %s)%n", release.sigma(), release.sigmaRule());
        console.printf(Locale.ROOT, "guarantee     %s: %s%n", release.guarantee().label(),
                release.guarantee().meaning());
        console.printf(Locale.ROOT, "privacy unit  %s%n", release.unitOfPrivacy());
        console.printf(Locale.ROOT, "footpoint     %s%n", space.layout().format(release.value().footpoint()));
        console.printf(Locale.ROOT, "shooting      %s%n", java.util.Arrays.toString(release.value().shootingVector()));
        for (String note : notes) {
            console.println("note: " + note);
        }
        for (String warning : release.warnings()) {
            console.println("warning: " + warning);
        }
        console.println("wrote " + command.out + (command.diagnostics == null ? "" : " and " + command.diagnostics
                + " (diagnostics: do not publish)"));
    }
}
