package dev.manifolddp.experiments.cli;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.experiments.data.AtomicFile;
import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.CovariateColumn;
import dev.manifolddp.experiments.data.DatasetFiles;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.data.RowFilter;
import dev.manifolddp.experiments.data.SubjectGroups;
import dev.manifolddp.experiments.ledger.BudgetLedger;
import dev.manifolddp.experiments.ledger.DatasetKey;
import dev.manifolddp.experiments.ledger.LedgerEntry;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.spi.ReleaseSums;
import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.PrivacyUnit;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.sampling.random.RandomStreams;
import dev.manifolddp.spi.PublicInput;
import dev.manifolddp.spi.PublicInputException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mdp release}: a one-shot private Frechet mean of a person's CSV file. The noise comes from
 * {@link java.security.SecureRandom} unless {@code --seed} asks for a reproducible (and therefore predictable) draw,
 * which makes the release not private. The records must be points of the geometry inside the declared public ball;
 * {@code --clip} moves records outside it onto its boundary, which keeps the sensitivity bound valid.
 *
 * <p>What is published is only the value and functions of public inputs: the release file holds no data-dependent
 * diagnostics (proposal counts, acceptance rates, chain statistics, iteration counts); {@code --diagnostics FILE}
 * writes those separately, marked not for publication. A mechanism with a fixed-proposal-budget mode (KNG's
 * {@code proposal-budget}) runs it by default ({@code auto}): a data-independent amount of work, at a delta the
 * release records (where no budget is feasible, KNG's auto sampler draws without one on a geometry with a
 * data-dependent envelope, e.g. Kendall shapes: pure, with a timing warning; docs/exact-sampling.md). A release
 * whose guarantee is {@code mcmc} (a Metropolis-Hastings draw) is refused unless
 * {@code --allow-mcmc} is given, and the refusal says why no exact sampler was used.
 *
 * <p>Order of work: the flags are checked, the file is read for its record count n, and the mechanism is calibrated
 * ({@link Mechanism#calibrate}, public inputs only) at the unit of privacy; the MCMC refusal and the ledger's check
 * use that calibration, before any record is used. Then the records' own checks run (a subject over the bound,
 * records outside the ball without {@code --clip}: input errors the curator sees, docs/guarantees.md) and the release
 * is drawn under the calibration.
 *
 * <p>Hostile input is refused before anything is drawn or written, naming the option, line or column: the data file
 * is read strictly ({@link PointFile}), each row is mapped to an exact point within one size-aware tolerance, no
 * output may be the input, and an existing output is replaced only with {@code --force}.
 *
 * <p>Unit of privacy: one record (replace one record, n public) by default. With {@code --subject-column} and the
 * public bound {@code --max-records-per-subject M}, one subject: the release runs at the per-record budget that group
 * privacy turns into the requested one for M records ({@link PrivacyUnit}; proof in docs/privacy-unit.md).
 * {@code --where COLUMN=VALUES} releases the selected rows only and needs {@code --public-columns COLUMN}, the
 * declaration that whether a record is selected is public (else n would be private); without it the release is
 * refused before the file is read ({@link PublicSelection}).
 *
 * <p>Budget ledger: every published release is charged to the dataset (the SHA-256 of the file's bytes and the subject
 * column) in {@code --ledger}; a release beyond the declared total ({@code --total-epsilon}, {@code --total-delta}) is
 * refused before drawing unless {@code --override-budget}.
 */
@Command(name = "release", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Release a differentially private Frechet mean of the points in a CSV file.")
final class ReleaseCommand implements Callable<Integer> {

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Mixin
    PublicInputOptions inputs;

    @Mixin
    RegressionOptions regression;

    @Mixin
    PluginsOption plugins;

    @Mixin
    EngineOption engine;

    /** The engine's session for this release's sums over records (--engine), closed when the command ends. */
    private ReleaseSums engineSums;

    /** The components over the plugins, found when the command starts. */
    private Components components;

    /** What the release is doing, on one line of stderr once it takes longer than a second ({@link PhaseLine}). */
    private PhaseLine phases = PhaseLine.on(null, false);

    /** The --where rows with their public column, checked before anything else. */
    private PublicSelection selection = PublicSelection.ALL;

    @Option(names = "--estimator", defaultValue = "frechet-mean", paramLabel = "NAME",
            description = "What to release: frechet-mean (default), another estimator (mdp list), or "
                    + "geodesic-regression (with --covariate and --covariate-range).")
    String estimator;


    @Option(names = "--mechanism", required = true, paramLabel = "NAME", description = "The mechanism (mdp list).")
    String mechanism;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A mechanism parameter (repeatable).")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--estimator-param", paramLabel = "KEY=VALUE", description = "An estimator parameter "
            + "(repeatable), e.g. center=0,0,1 for frechet-variance or base=... for tangent-pca (mdp describe NAME).")
    Map<String, String> estimatorParams = new LinkedHashMap<>();





    @Option(names = "--input", required = true, paramLabel = "CSV", description = "The records, one point per row: a CSV file, a NumPy .npy "
            + "file (float64, C order), or a bundled dataset as dataset:NAME (see datasets/README.md).")
    Path input;

    @Option(names = "--subject-column", paramLabel = "NAME",
            description = "The header column naming each record's subject (person): the unit of privacy becomes one "
                    + "subject. Needs --max-records-per-subject.")
    String subjectColumn;

    @Option(names = "--max-records-per-subject", paramLabel = "M",
            description = "The PUBLIC bound on a subject's records (never read it off the data); a subject with more "
                    + "is refused.")
    String maxRecordsPerSubject;

    @Option(names = "--where", paramLabel = "COLUMN=VALUES",
            description = "Release only the rows whose header column holds one of the comma-separated values, e.g. "
                    + "group=gorf,gorm (the gorilla skulls of dataset:apes). Needs --public-columns COLUMN.")
    String where;

    @Option(names = "--public-columns", split = ",", paramLabel = "COLUMN",
            description = "Declare the --where column public: every record's value in it is public knowledge, so "
                    + "whether a record is selected, and n, are public. Without it --where is refused.")
    List<String> publicColumns = new ArrayList<>();

    @Option(names = "--columns", split = ",", paramLabel = "NAMES",
            description = "The header columns holding the point's coordinates, in layout order (default: all "
                    + "columns but the subject column); a k x k symmetric matrix takes its k*k entries or the "
                    + "k(k+1)/2 of its upper triangle, row by row.")
    List<String> columns = new ArrayList<>();

    @Option(names = "--clip", description = "Move records outside the ball onto its boundary instead of refusing.")
    boolean clip;

    @Option(names = "--seed", paramLabel = "N",
            description = "Draw reproducibly from this seed instead of the secure source (not for real releases).")
    Long seed;

    @Option(names = "--out", defaultValue = "release.json", paramLabel = "FILE",
            description = "Where to write the release as JSON (default release.json).")
    Path out;

    @Option(names = "--diagnostics", paramLabel = "FILE",
            description = "Also write the data-dependent diagnostics (proposal counts, acceptance, chain statistics) "
                    + "to FILE. They are not covered by the guarantee: never publish them.")
    Path diagnostics;

    @Option(names = "--force", description = "Replace --out and --diagnostics when they exist.")
    boolean force;

    @Option(names = "--ledger", paramLabel = "FILE",
            description = "The budget ledger charged with this release (default ~/.manifolddp/ledger.json).")
    Path ledger;

    @Option(names = "--dataset", paramLabel = "NAME",
            description = "The dataset's identity in the budget ledger: one account per dataset, whatever the file's "
                    + "name, row order or number format (default: the file's canonical content; docs/accounting.md).")
    String dataset;

    @Option(names = "--total-epsilon", paramLabel = "E",
            description = "Declare the dataset's total epsilon; releases beyond it are refused.")
    String totalEpsilon;

    @Option(names = "--total-delta", paramLabel = "D",
            description = "Declare the dataset's total delta (default 0 when --total-epsilon is given).")
    String totalDelta;

    @Option(names = "--override-budget",
            description = "Release even beyond the declared total (or change the total); the ledger records it.")
    boolean overrideBudget;

    @Option(names = "--allow-mcmc",
            description = "Accept a Metropolis-Hastings release (guarantee mcmc: only approximately private) when no "
                    + "exact sampler is feasible.")
    boolean allowMcmc;

    @Option(names = "--threads", defaultValue = "0", paramLabel = "T",
            description = "Worker threads for the sums over records, 0 for one per core (default); the release has "
                    + "the same bytes for every value.")
    String threads;

    /** The parameter of mechanisms that can bound their sampler's work; the command line sets it to auto. */
    static final String PROPOSAL_BUDGET = "proposal-budget";

    /** The largest accepted --max-records-per-subject. */
    static final int MAX_GROUP = 1_000_000;

    /**
     * Runs the release in a pool of {@code --threads} workers: the kernels' sums over records split their fixed
     * blocks over the calling thread's pool ({@code RecordBlocks}), so this sets how many cores they use and never
     * what they compute. An exception leaves as it was thrown (its message is the command's error).
     */
    @Override
    public Integer call() throws Exception {
        ForkJoinPool pool = new ForkJoinPool(NumericFlag.threads("--threads", threads));
        // a long release (a large file, exact KNG at 10^6 records) says what it is doing, on a terminal only
        phases = PhaseLine.on(parent.err, System.console() != null);
        try {
            // the worker sees the records the Python package handed over on this thread (--input array:NAME)
            return pool.submit(PythonBridge.carryingHandedRecords(() -> plugins.withComponents(found -> {
                components = found;
                return release();
            }))).get();
        } catch (ExecutionException e) {
            Throwable thrown = e.getCause();
            // ForkJoinTask re-creates a worker's exception on the waiting thread (same class, the original as its
            // cause, the original's toString() as its message): the command's error is the original's message
            if (thrown != null && thrown.getCause() != null && thrown.getClass() == thrown.getCause().getClass()) {
                thrown = thrown.getCause();
            }
            if (thrown instanceof Exception cause) {
                throw cause;
            }
            throw (Error) thrown;
        } finally {
            phases.close();
            pool.shutdown();
            if (engineSums != null) {
                engineSums.close();
            }
        }
    }

    /**
     * {@code space}, or with {@code --engine} the same geometry whose sums over records (the Newton mean's, KNG's
     * densities) the engine computes block by block, with the local release's bytes ({@link ReleaseSums}).
     */
    private Geometry withEngine(Geometry space) {
        engine.check();
        if (engine.local()) {
            return space;
        }
        engineSums = engine.engine(Thread.currentThread().getContextClassLoader()).release(space, engine.master);
        return engineSums.geometry();
    }

    private int release() {
        // first, from the flags alone: a selection by a private column would make n private (PublicSelection)
        selection = PublicSelection.declared(where, publicColumns);
        if (DatasetFiles.isName(input.toString())) {
            input = DatasetFiles.resolve("--input", input.toString(), List.of());
        }
        String regressionNote = null;
        if (RegressionFlags.ESTIMATOR.equals(estimator) && (regression.legacyGiven() || estimatorParams.isEmpty())) {
            if (!engine.local()) {
                throw new IllegalArgumentException("--engine: geodesic regression releases run locally; leave out "
                        + "--engine. Provided value: --engine " + engine.name);
            }
            // the regression's own flags, read as the estimator's domain and the mechanism of the one sequence below
            regressionNote = RegressionFlags.translate(this);
        } else if (regression.legacyGiven()) {
            throw new IllegalArgumentException("--covariate-range, --epsilon-p, --epsilon-v, --tau, "
                    + "--footpoint-radius, --max-speed and --method belong to --estimator geodesic-regression. "
                    + "Provided value: --estimator " + estimator);
        }
        PrivacyBudget requested = inputs.budget();
        double ballRadius = inputs.radius();
        int group = groupBound();
        BudgetLedger.Total total = declaredTotal();
        Path ledgerFile = ledgerFile();
        OutputPaths.of().input("--input", inputFile()).inputs("--plugins", plugins.jars()).file("--out", out)
                .file("--diagnostics", diagnostics).state("--ledger", ledgerFile).check(force);

        Geometry space = withEngine(geometry());
        EstimatorProvider estimatorProvider = components.estimators().find(estimator).orElseThrow(() ->
                new IllegalArgumentException(String.format("--estimator: unknown estimator '%s'; known: %s",
                        estimator, String.join(", ", components.estimators().names()))));
        Estimator estimand = named("--estimator", () -> estimatorProvider.create(estimatorParams));
        MechanismProvider provider = named("--mechanism", () -> components.mechanisms().provider(mechanism));
        Map<String, String> settings = new LinkedHashMap<>(params);
        // a fixed proposal budget keeps the exact sampler's work independent of the data; a chain has none
        if (provider.parameters().stream().anyMatch(p -> p.name().equals(PROPOSAL_BUDGET))
                && !"mcmc".equals(settings.get("sampler"))) {
            settings.putIfAbsent(PROPOSAL_BUDGET, "auto");
        }
        Mechanism mean = named("--param", () -> provider.create(settings));
        double[] centre = inputs.center(space);
        requireRepresentable(space, centre, ballRadius);
        // an estimator whose records carry a covariate after the point (CovariateRecords) reads it from --covariate;
        // its public range is the estimator's, checked in the release's first stage
        Optional<CovariateRecords> covariates = estimand.capability(CovariateRecords.class);
        if (covariates.isPresent() != (regression.covariate != null)) {
            throw new IllegalArgumentException(covariates.isPresent()
                    ? "--covariate: the estimator '" + estimator + "' needs each record's covariate; name the column "
                            + "that holds it. Provided value: none"
                    : "--covariate: the estimator '" + estimator + "' reads no covariate; the flag and its column "
                            + "belong to --estimator geodesic-regression (or another estimator whose records carry a "
                            + "covariate), so leave it out. Provided value: --covariate " + regression.covariate);
        }
        PointFile.Columns roles = new PointFile.Columns(subjectColumn, columns);
        phases.phase("reading " + inputName());
        // a covariate outside the estimator's public range is refused as the file is read, naming its line and column
        PointFile.Points points = records(space, covariates.isEmpty() ? roles
                : roles.withCovariate(covariates.get().covariateRange()
                        .map(range -> CovariateColumn.of(regression.covariate, range[0], range[1]))
                        .orElseGet(() -> CovariateColumn.of(regression.covariate))));
        // everything public is decided from the record count alone, before any record is used: the calibration
        // (sensitivity, scale, sampler, budget spent, guarantee), the refusal of a Metropolis-Hastings release and
        // the ledger's check
        phases.phase("calibrating " + mechanism + " for " + points.size() + " records");
        Calibration calibration = calibrate(mean, estimand, space, centre, ballRadius, points.size(), requested,
                PrivacyUnit.subjects(group));
        refuseUnconsentedMcmc(calibration, () -> ExactDrawAdvice.advise((e, r, m) -> mean.calibrate(estimand, space,
                DataBall.declared(centre, r), m, new PrivacyBudget(e, requested.delta()), PrivacyUnit.subjects(group)),
                requested.epsilon(), ballRadius, points.size()));
        PrivacyBudget spent = calibration.budget();
        DatasetKey key = new DatasetKey(dataset, points.contentSha256(), points::sha256);
        int recordsPerSubject = subjectColumn == null ? 0 : group;

        try (BudgetLedger accounts = BudgetLedger.open(ledgerFile)) {
            // a release that states a zCDP rho (the lattice Gaussians) composes under zCDP in the account
            OptionalDouble zcdp = calibration.zcdpRho();
            Double rho = zcdp.isPresent() ? zcdp.getAsDouble() : null;
            // and a release of rows selected by a public column composes in parallel with other selections
            RowFilter rows = selection.filter();
            BudgetLedger.Request charged = new BudgetLedger.Request(spent, rho == null ? Double.NaN : rho,
                    calibration.guarantee() == Guarantee.PURE && spent.delta() == 0,
                    rows == null ? null : rows.column(), rows == null ? null : rows.values());
            BudgetLedger.Check check = accounts.check(key, charged, recordsPerSubject, total, overrideBudget);
            List<String> notes = new ArrayList<>(check.notes());
            if (regressionNote != null) {
                notes.add(regressionNote);
            }
            // input errors found in the records (a subject over the bound, records outside the ball without --clip)
            // are refusals the curator sees before any release exists (docs/guarantees.md)
            SubjectGroups subjects = subjectColumn == null ? null
                    : SubjectGroups.of(points, group, "--max-records-per-subject");
            phases.phase("checking the records against the ball");
            BallClip.Result data = BallClip.apply(space, centre, ballRadius, "--radius", points, clip,
                    "use --clip to move them onto the ball's boundary");
            phases.phase("drawing the release (" + mechanism + ")");
            Release<double[]> release = draw(mean, calibration, covariates.isEmpty() ? data.records()
                    : Records.of(CovariateColumn.appended(data.points(), points.covariate(regression.covariate))));
            release = release.withUnitOfPrivacy(release.budget(), selection.unit(release.unitOfPrivacy()));
            Map<String, Object> published = inputInfo(points, centre, ballRadius, group);
            byte[] releaseJson = ReleaseJson.release(release, space, estimand.parameterSpace(space),
                    calibration.estimator().describe(space, release.value()), published);
            byte[] diagnosticsJson = diagnostics == null ? null
                    : ReleaseJson.diagnostics(release, learnt(data, subjects));
            accounts.record(key, inputName(), total, new LedgerEntry(
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), release.mechanism(), spent.epsilon(),
                    spent.delta(), release.guarantee().label(), release.unitOfPrivacy(), recordsPerSubject,
                    check.overridden(),
                    LedgerEntry.eventOf(release.guarantee().label(), spent.delta(), provenRho(release, rho)),
                    provenRho(release, rho), !release.sampler().isMcmc(),
                    java.util.Objects.toString(release.parameters().get("sigmaFormula"), release.sigmaRule()),
                    charged.column(), charged.values()));
            AtomicFile.write(out, releaseJson, force, "--out");
            if (diagnosticsJson != null) {
                AtomicFile.write(diagnostics, diagnosticsJson, force, "--diagnostics");
            }
            phases.close();
            summary(parent.out, release, space, estimand.parameterSpace(space), data, subjects, ledgerFile, notes);
            if (engineSums != null) {
                parent.out.println(engineSums.summary());
            }
        }
        return 0;
    }

    /** The calibration's rho when the release kept a proven guarantee (a seeded release is not private). */
    private static Double provenRho(Release<double[]> release, Double rho) {
        return release.guarantee().isProven() ? rho : null;
    }

    /** The mechanism's calibration for n records at the unit of privacy; a refusal names the flags it rests on. */
    private Calibration calibrate(Mechanism mean, Estimator estimand, Geometry space, double[] centre,
            double ballRadius, int n, PrivacyBudget requested, PrivacyUnit unit) {
        try {
            return mean.calibrate(estimand, space, DataBall.declared(centre, ballRadius), n, requested, unit);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--mechanism %s refused the release with "
                    + "--epsilon %s, --delta %s, --radius %s on %d records%s: %s%s", mechanism, inputs.epsilon,
                    inputs.delta, inputs.radius, n, unit.isRecord() ? ""
                            : " (per-record budget " + unit.perRecord(requested) + ")", e.getMessage(),
                    flagsToChange(e)), e);
        }
    }

    /** " (change --epsilon, ...)" for a refusal that names its public inputs; empty for one that does not. */
    private static String flagsToChange(IllegalArgumentException refusal) {
        if (!(refusal instanceof PublicInputException typed)) {
            return "";
        }
        List<String> flags = new ArrayList<>();
        for (PublicInput input : typed.inputs()) {
            flags.add(switch (input) {
                case EPSILON -> "--epsilon";
                case DELTA -> "--delta";
                case RADIUS -> "--radius";
                case CENTER -> "--center";
                case N -> "the records (n)";
                case GEOMETRY -> "--geometry";
                case ESTIMATOR -> "--estimator";
                case MECHANISM -> "--mechanism or --param";
            });
        }
        return " (change " + String.join(", ", flags) + ")";
    }

    /**
     * Refuses a release whose calibration is a Metropolis-Hastings draw unless --allow-mcmc: nothing is drawn. The
     * advice is computed (by calibrating at nearby public inputs) only when the refusal happens.
     */
    private void refuseUnconsentedMcmc(Calibration calibration, Supplier<String> advice) {
        if (calibration.guarantee() == Guarantee.MCMC && !allowMcmc) {
            Object choice = calibration.parameters().get("samplerChoice");
            throw new IllegalArgumentException("the release would be a Metropolis-Hastings draw (guarantee mcmc: only "
                    + "approximately private)" + (choice == null ? "" : "; why: " + choice) + ". Nothing was "
                    + "computed from the records and nothing was written. Pass --allow-mcmc to accept it; "
                    + advice.get() + ". Provided value: --mechanism " + mechanism);
        }
    }

    /** Draws the release under the calibration; refuses a non-finite value. */
    private Release<double[]> draw(Mechanism mean, Calibration calibration, Records records) {
        RandomStreams streams = seed == null ? RandomStreams.secure() : RandomStreams.seeded(seed);
        Release<double[]> release;
        try {
            release = mean.release(calibration, records, streams.stream(0, 0));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--mechanism %s refused the records: %s",
                    mechanism, e.getMessage()), e);
        }
        release = release.withRandomSource(seed == null ? streams.describe() : streams.describe()
                + ", stream (0, 0)");
        if (seed != null) {
            release = release.withGuaranteeAtMost(Guarantee.NOT_PRIVATE, "--seed makes the noise reproducible, so "
                    + "anyone who knows the seed can remove it; use the default secure source for a real release");
        }
        for (double v : release.value()) {
            if (!Double.isFinite(v)) {
                throw new IllegalStateException("--mechanism " + mechanism + " produced a non-finite value; nothing "
                        + "was written. Please report this with the command line");
            }
        }
        return release;
    }

    /** Runs {@code step}, prefixing a refusal with the option whose value caused it. */
    static <T> T named(String flag, Supplier<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a radius whose ball does not fit in double precision: its ambient radius (where the geometry has
     * ambient coordinates) must be finite, or every bound computed from it overflows.
     */
    private void requireRepresentable(Geometry space, double[] centre, double ballRadius) {
        space.capability(AmbientEmbedding.class).ifPresent(ambient -> {
            double reach = ambient.ambientRadius(centre, ballRadius);
            if (!(reach < Double.MAX_VALUE / 1e6)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "--radius must be a radius whose ball "
                        + "fits in double precision: the ball of radius %s around --center reaches %s in ambient "
                        + "coordinates; choose a radius that covers the data and no more. Provided value: %s",
                        inputs.radius, Double.isFinite(reach) ? String.format(Locale.ROOT, "%.3g", reach)
                                : "beyond the largest double", inputs.radius));
            }
        });
    }

    private int groupBound() {
        if (subjectColumn == null) {
            if (maxRecordsPerSubject != null) {
                throw new IllegalArgumentException("--max-records-per-subject needs --subject-column NAME, the "
                        + "column that says whose record each row is. Provided value: " + maxRecordsPerSubject);
            }
            return 1;
        }
        if (subjectColumn.isBlank()) {
            throw new IllegalArgumentException("--subject-column must name a header column. Provided value: (empty)");
        }
        if (maxRecordsPerSubject == null) {
            throw new IllegalArgumentException("--subject-column " + subjectColumn + " needs "
                    + "--max-records-per-subject M, a public bound on the records of one subject (from the study "
                    + "design, never from the data: the observed maximum would leak)");
        }
        return NumericFlag.count("--max-records-per-subject", maxRecordsPerSubject, MAX_GROUP,
                "a public bound on the records of one subject");
    }

    /**
     * The records of --input with these column roles and the --where selection: a CSV file, or records handed over
     * in memory as {@code array:NAME} ({@link PythonBridge}), which have no columns to select by.
     */
    PointFile.Points records(Geometry space, PointFile.Columns roles) {
        if (!PythonBridge.isArray(input.toString())) {
            return PointFile.read(input, space, roles, selection.filter());
        }
        if (selection.filter() != null) {
            throw new IllegalArgumentException("--where selects rows by a CSV column; records handed over as "
                    + input + " have none: select the rows before handing them over. Provided value: --where "
                    + where);
        }
        return PythonBridge.handed(input.toString()).points(space, roles);
    }

    /** The --input file the output guard must protect, or null for records handed over in memory. */
    Path inputFile() {
        return PythonBridge.isArray(input.toString()) ? null : input;
    }

    /** What release.json and the ledger call the input: the file's absolute path, or {@code array:NAME}. */
    String inputName() {
        return PythonBridge.isArray(input.toString()) ? input.toString()
                : input.toAbsolutePath().normalize().toString();
    }

    /** The ledger file: --ledger, or ~/.manifolddp/ledger.json. */
    Path ledgerFile() {
        return ledger != null ? ledger : Path.of(System.getProperty("user.home"), ".manifolddp", "ledger.json");
    }

    /** --geometry, parsed over the components (plugins included); a refusal names the flag. */
    Geometry geometry() {
        return named("--geometry", () -> components.geometry(inputs.geometry));
    }

    BudgetLedger.Total declaredTotal() {
        return declaredTotal(totalEpsilon, totalDelta);
    }

    /** {@code --total-epsilon} and {@code --total-delta} as a total, or null when neither is given. */
    static BudgetLedger.Total declaredTotal(String totalEpsilon, String totalDelta) {
        if (totalEpsilon == null) {
            if (totalDelta != null) {
                throw new IllegalArgumentException("--total-delta needs --total-epsilon: declare the whole total. "
                        + "Provided value: --total-delta " + totalDelta);
            }
            return null;
        }
        return new BudgetLedger.Total(NumericFlag.positive("--total-epsilon", totalEpsilon,
                "the dataset's total privacy loss over all releases"),
                totalDelta == null ? 0 : NumericFlag.delta("--total-delta", totalDelta));
    }

    /** The --where selection and its public column ({@link PublicSelection#ALL} without --where). */
    PublicSelection selection() {
        return selection;
    }

    /** What release.json says about the input: public values only (n is public under the adjacency). */
    private Map<String, Object> inputInfo(PointFile.Points points, double[] centre, double ballRadius, int group) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("file", inputName());
        selection.describe(info);
        info.put("records", points.size());
        if (subjectColumn != null) {
            info.put("subjectColumn", subjectColumn);
            info.put("maxRecordsPerSubject", group);
        }
        info.put("center", centre);
        info.put("radius", ballRadius);
        return info;
    }

    /** What the command learnt from the data: diagnostics only. */
    private static Map<String, Object> learnt(BallClip.Result data, SubjectGroups subjects) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("clipped", data.moved());
        if (subjects != null) {
            info.put("subjects", subjects.subjects());
        }
        return info;
    }

    private void summary(PrintStream console, Release<double[]> release, Geometry space, Geometry valueSpace,
            BallClip.Result data, SubjectGroups subjects, Path ledgerFile, List<String> notes) {
        console.printf(Locale.ROOT, "mechanism     %s on %s%s%n", release.mechanism(), space.spec(),
                valueSpace == space ? "" : " (value on " + valueSpace.spec() + ")");
        console.printf(Locale.ROOT, "records       %d from %s%s%s%n", data.records().size(), input,
                subjects == null ? "" : String.format(Locale.ROOT, ", %d subjects of at most %d records",
                        subjects.subjects(), subjects.bound()),
                data.moved() > 0 ? " (" + data.moved() + " clipped onto the ball's boundary; this count is not "
                        + "private, do not publish it)" : "");
        if (selection.summary() != null) {
            console.printf(Locale.ROOT, "selection     %s%n", selection.summary());
        }
        console.printf(Locale.ROOT, "budget        %s%n", release.budget());
        console.printf(Locale.ROOT, "sensitivity   %.6g%n", release.sensitivity());
        console.printf(Locale.ROOT, "sigma         %.6g (rule: %s)%n", release.sigma(), release.sigmaRule());
        console.printf(Locale.ROOT, "sampler       %s%n", release.parameters().getOrDefault("samplerChoice",
                release.parameters().getOrDefault("sampler", "direct")));
        console.printf(Locale.ROOT, "random source %s%n", release.randomSource());
        console.printf(Locale.ROOT, "guarantee     %s: %s%n", release.guarantee().label(),
                release.guarantee().meaning());
        console.printf(Locale.ROOT, "privacy unit  %s%n", release.unitOfPrivacy());
        console.printf(Locale.ROOT, "ledger        %s%n", ledgerFile);
        console.printf(Locale.ROOT, "release       %s%n", valueSpace.layout().format(release.value()));
        for (String warning : release.warnings()) {
            console.println("warning: " + warning);
        }
        for (String note : notes) {
            console.println("warning: " + note);
        }
        console.println("wrote " + out + (diagnostics == null ? "" : " and " + diagnostics
                + " (diagnostics: do not publish)"));
    }
}
