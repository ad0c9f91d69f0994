package dev.manifolddp.experiments.plan;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.experiments.spi.StreamLayout;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.data.DataGenerator;
import dev.manifolddp.sampling.data.DataGeneratorProvider;
import dev.manifolddp.spi.Registry;
import dev.manifolddp.utility.UtilityMeasure;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Predicts, from public inputs only, the expected error of each mechanism: the expected geodesic distance
 * {@code E rho(release, xbar)} between a release and the non-private estimate xbar of the same records (the Frechet
 * mean unless the request names another estimator; the distance is then the one of the estimator's parameter space,
 * where its releases live, as {@code mdp run} measures it).
 *
 * <p>For each (mechanism, n, epsilon, delta) the planner first <i>calibrates</i> the mechanism
 * ({@link dev.manifolddp.mechanisms.Mechanism#calibrate}) exactly as {@code mdp release} would: the mechanism computes
 * its sensitivity, noise scale and sampler plan from the public inputs and runs every check, so a mechanism that
 * refuses (a missing capability, a pure budget for a Gaussian, an epsilon outside a calibration's range) is skipped
 * with its own reason, and the guarantee, sigma and sampler choice are those a real release would have. Nothing is
 * drawn. A release that would be a Metropolis-Hastings draw is skipped, with the chain's length, unless MCMC is
 * allowed; it is then simulated with
 * {@link PlanRequest#MCMC_REPLICATES} replicates. The error then comes from a closed form where one exists
 * ({@link ClosedFormError}) and otherwise from {@link ErrorSimulation} on synthetic records ({@link BallData}).
 *
 * <p>The sample-size search walks the doubling grid {@code n = 2, 4, 8, ...} up to the request's limit and reports
 * the first n whose expected error is below the target; all open searches advance together, one simulation per n.
 */
public final class Planner {

    /** The error measure: geodesic distance to the non-private estimate. */
    static final String DISTANCE = "geodesic-distance";
    /** The synthetic law. */
    static final String GENERATOR = "geodesic-ball";

    private final PlanRequest request;
    private final Geometry geometry;
    private final BallData data;
    private final Estimator estimator;
    private final Geometry valueSpace;
    private final ErrorSimulation simulation;
    private final StreamLayout streams;
    private final PrintStream log;
    private int nextStream;

    /**
     * @param request    the public inputs
     * @param estimators the registered estimators, one of which {@code request} names
     * @param generators the registered data generators (the planner draws its synthetic records with one)
     * @param utilities  the registered utility measures (the planner measures with the geodesic distance)
     * @param log        where progress goes (stderr), or null for none
     * @throws IllegalArgumentException naming {@code --radius} or {@code --center} when the synthetic law cannot be
     *                                  drawn in the declared ball, {@code --estimator} when the estimator is unknown,
     *                                  {@code --estimator-param} when it refuses its parameters
     */
    public Planner(PlanRequest request, Registry<EstimatorProvider> estimators, Registry<DataGeneratorProvider> generators,
            Registry<UtilityMeasure> utilities, PrintStream log) {
        this.request = request;
        this.geometry = request.geometry();
        this.log = log;
        DataGeneratorProvider provider = generators.provider(GENERATOR);
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("center", Arrays.stream(request.center()).mapToObj(Double::toString)
                .collect(Collectors.joining(",")));
        parameters.put("radius", Double.toString(request.radius()));
        DataGenerator generator;
        // the flag is the stage that failed, not a word of the message (the sphere's point test speaks of its radius):
        // first where the ball sits (a point of the geometry, which must be able to draw about it), then its size
        String flag = "--center";
        try {
            GeometryChecks.requirePoint(geometry, "center", request.center());
            Capabilities.require(geometry, TangentBasis.class, "GeodesicBallGenerator");
            flag = "--radius";
            generator = provider.create(geometry, parameters);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": the synthetic records cannot be drawn in the declared ball: "
                    + e.getMessage(), e);
        }
        this.data = new BallData(generator, DataBall.declared(request.center(), request.radius()),
                describeLaw(request));
        this.estimator = estimator(request.estimator(), estimators);
        this.valueSpace = estimator.parameterSpace(geometry);
        UtilityMeasure distance = utilities.provider(DISTANCE);
        this.simulation = new ErrorSimulation(geometry, data, estimator, distance,
                request.seed(), request.threads(), log);
        this.streams = new StreamLayout(request.seed(), 1);
    }

    /** The named estimator with its parameters, each failure naming the flag to change. */
    private static Estimator estimator(PlannedEstimator planned, Registry<EstimatorProvider> estimators) {
        EstimatorProvider provider = estimators.find(planned.name()).orElseThrow(() ->
                new IllegalArgumentException(String.format("--estimator: unknown estimator '%s'; known: %s. Provided "
                        + "value: %s", planned.name(), String.join(", ", estimators.names()),
                        planned.name())));
        try {
            return provider.create(planned.parameters());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--estimator-param: " + e.getMessage(), e);
        }
    }

    /** What the expected error measures, in one line, for the reports. */
    public static String describeError(PlanRequest request) {
        if (request.estimator().isMean()) {
            return "E[geodesic distance of the release to the data's non-private Frechet mean]";
        }
        return String.format(Locale.ROOT, "E[distance on the estimator's parameter space of the release to the data's "
                + "non-private %s estimate]", request.estimator().label());
    }

    /** The synthetic law in one line, for the report. */
    public static String describeLaw(PlanRequest request) {
        return String.format(Locale.ROOT, "%s on %s: x = exp(c, theta u), theta ~ U[0, %s], u uniform on the unit "
                + "sphere of the tangent space at the declared centre c", GENERATOR, request.geometry().spec(),
                request.radius());
    }

    /** Predicts every row of the table and, with a target error, the sample-size search. */
    public PlanResult plan() {
        long start = System.nanoTime();
        List<Attempt> attempts = new ArrayList<>();
        for (PlannedMechanism mechanism : request.mechanisms()) {
            for (int n : request.sizes()) {
                for (double epsilon : request.epsilons()) {
                    for (double delta : request.deltas()) {
                        attempts.add(probe(mechanism, n, epsilon, delta));
                    }
                }
            }
        }
        simulate(attempts);
        List<PlanRow> rows = new ArrayList<>();
        List<SkippedRow> skipped = new ArrayList<>();
        for (Attempt attempt : attempts) {
            if (attempt.row != null) {
                rows.add(attempt.row);
            } else {
                skipped.add(attempt.skipped());
            }
        }
        List<TargetRow> targets = request.targetError() == null ? List.of() : search(request.targetError());
        return new PlanResult(request, rows, skipped, targets, (System.nanoTime() - start) / 1e9,
                valueSpace.spec());
    }

    /** The chain steps of a Metropolis-Hastings calibration: chains x (burn-in + thin), from its parameters. */
    private static String chainSteps(Calibration calibration) {
        Object burnIn = calibration.parameters().get("burnIn");
        Object thin = calibration.parameters().get("thin");
        Object chains = calibration.parameters().get("chains");
        if (burnIn instanceof Number b && thin instanceof Number t && chains instanceof Number c) {
            return String.format(Locale.ROOT, "%d", c.longValue() * (b.longValue() + t.longValue()));
        }
        return "an unstated number of";
    }

    /** One prediction in the making. */
    private static final class Attempt {
        final PlannedMechanism mechanism;
        final int n;
        final PrivacyBudget budget;
        Calibration probe;
        int replicates;
        String note = "";
        ErrorSimulation.Pending pending;
        PlanRow row;
        String refusal;
        boolean mcmcRefused;

        Attempt(PlannedMechanism mechanism, int n, PrivacyBudget budget) {
            this.mechanism = mechanism;
            this.n = n;
            this.budget = budget;
        }

        SkippedRow skipped() {
            return new SkippedRow(mechanism.label(), n, budget.epsilon(), budget.delta(), refusal);
        }

        PlanRow row(double expected, double standardError, double spread, String method, int count, String text) {
            return new PlanRow(mechanism.label(), n, budget.epsilon(), budget.delta(), probe.guarantee(),
                    probe.budget().delta(), probe.sensitivity(), probe.sigma(), expected, standardError, spread, method,
                    count, text);
        }
    }

    /** The calibration, then a closed form, a pending simulation or a refusal. */
    private Attempt probe(PlannedMechanism mechanism, int n, double epsilon, double delta) {
        Attempt attempt = new Attempt(mechanism, n, new PrivacyBudget(epsilon, delta));
        int stream = nextStream++;
        try {
            attempt.probe = mechanism.release().calibrate(estimator, geometry, data.ball(), n, attempt.budget);
        } catch (IllegalArgumentException e) {
            attempt.refusal = oneLine(e);
            return attempt;
        }
        attempt.replicates = request.replicates();
        if (attempt.probe.guarantee() == Guarantee.MCMC) {
            int replicates = Math.min(request.replicates(), PlanRequest.MCMC_REPLICATES);
            Object why = attempt.probe.parameters().get("samplerChoice");
            if (!request.allowMcmc()) {
                attempt.mcmcRefused = true;
                attempt.refusal = String.format(Locale.ROOT, "the release would be a Metropolis-Hastings draw "
                        + "(guarantee mcmc%s); each release runs %s chain steps, %d replicates of it: pass "
                        + "--allow-mcmc to simulate it with %d replicates", why == null ? "" : "; why: " + why,
                        chainSteps(attempt.probe), request.replicates(), replicates);
                return attempt;
            }
            attempt.replicates = replicates;
            attempt.note = String.format(Locale.ROOT, "Metropolis-Hastings release: %d replicates only "
                    + "(--allow-mcmc)", replicates);
        }
        Optional<ClosedFormError.Prediction> closed = request.method() == PlanRequest.Method.AUTO
                ? ClosedFormError.of(valueSpace, attempt.probe) : Optional.empty();
        if (closed.isPresent()) {
            attempt.row = attempt.row(closed.get().mean(), 0, closed.get().standardDeviation(), PlanRow.CLOSED_FORM,
                    0, closed.get().formula());
        } else {
            attempt.pending = new ErrorSimulation.Pending(stream, mechanism.label(), n, attempt.budget,
                    mechanism.simulation());
        }
        return attempt;
    }

    /** Simulates every pending attempt, grouped by replicate count. */
    private void simulate(List<Attempt> attempts) {
        Map<Integer, List<Attempt>> groups = new LinkedHashMap<>();
        for (Attempt attempt : attempts) {
            if (attempt.pending != null && attempt.row == null) {
                groups.computeIfAbsent(attempt.replicates, k -> new ArrayList<>()).add(attempt);
            }
        }
        groups.forEach((replicates, group) -> {
            if (log != null) {
                log.printf(Locale.ROOT, "simulating %d prediction(s) x %d replicates (seed %d)%n", group.size(),
                        replicates, request.seed());
            }
            List<ErrorSimulation.Outcome> outcomes = simulation.run(group.stream().map(a -> a.pending).toList(),
                    replicates);
            for (int i = 0; i < group.size(); i++) {
                Attempt attempt = group.get(i);
                ErrorSimulation.Outcome outcome = outcomes.get(i);
                if (outcome.stat().count() == 0) {
                    attempt.refusal = String.format(Locale.ROOT, "none of the %d simulated releases could be "
                            + "measured: they are off the manifold and it has no projection", replicates);
                    continue;
                }
                List<String> notes = new ArrayList<>();
                if (!attempt.note.isEmpty()) {
                    notes.add(attempt.note);
                }
                if (outcome.projected() > 0) {
                    notes.add(String.format(Locale.ROOT, "%d of %d releases off the manifold, measured after "
                            + "projection onto it", outcome.projected(), replicates));
                }
                if (outcome.undefined() > 0) {
                    notes.add(String.format(Locale.ROOT, "%d of %d releases could not be measured and are left out",
                            outcome.undefined(), replicates));
                }
                attempt.row = attempt.row(outcome.stat().mean(), outcome.stat().standardError(),
                        outcome.stat().standardDeviation(), PlanRow.SIMULATED, (int) outcome.stat().count(),
                        String.join("; ", notes));
            }
        });
    }

    /** The doubling-grid search for every (mechanism, epsilon, delta). */
    private List<TargetRow> search(double target) {
        List<Search> open = new ArrayList<>();
        List<Search> all = new ArrayList<>();
        for (PlannedMechanism mechanism : request.mechanisms()) {
            for (double epsilon : request.epsilons()) {
                for (double delta : request.deltas()) {
                    Search search = new Search(mechanism, epsilon, delta);
                    open.add(search);
                    all.add(search);
                }
            }
        }
        for (long n = 2; n <= request.maxN() && !open.isEmpty(); n *= 2) {
            if (log != null) {
                log.printf(Locale.ROOT, "target %s: trying n = %d for %d open search(es)%n", target, n, open.size());
            }
            List<Attempt> attempts = new ArrayList<>();
            for (Search search : open) {
                attempts.add(probe(search.mechanism, (int) n, search.epsilon, search.delta));
            }
            simulate(attempts);
            List<Search> still = new ArrayList<>();
            for (int i = 0; i < open.size(); i++) {
                Search search = open.get(i);
                Attempt attempt = attempts.get(i);
                if (attempt.row == null) {
                    search.refusal = attempt.refusal;
                    if (!attempt.mcmcRefused) {
                        still.add(search);
                    }
                    continue;
                }
                search.last = attempt.row;
                search.refusal = null;
                if (attempt.row.expected() < target) {
                    search.found = (int) n;
                } else {
                    still.add(search);
                }
            }
            open = still;
        }
        List<TargetRow> rows = new ArrayList<>();
        for (Search search : all) {
            String note = search.found > 0 ? "" : search.refusal != null ? search.refusal
                    : String.format(Locale.ROOT, "not reached by n = %d (--max-n)", largestPowerOfTwo(request.maxN()));
            rows.add(new TargetRow(search.mechanism.label(), search.epsilon, search.delta,
                    search.found > 0 ? search.found : -1, search.last, note));
        }
        return rows;
    }

    /** One open sample-size search. */
    private static final class Search {
        final PlannedMechanism mechanism;
        final double epsilon;
        final double delta;
        PlanRow last;
        String refusal;
        int found = -1;

        Search(PlannedMechanism mechanism, double epsilon, double delta) {
            this.mechanism = mechanism;
            this.epsilon = epsilon;
            this.delta = delta;
        }
    }

    private static long largestPowerOfTwo(int limit) {
        return Long.highestOneBit(limit);
    }

    /** A duration for people: seconds, minutes or hours. */
    static String duration(double seconds) {
        if (seconds < 120) {
            return String.format(Locale.ROOT, "%.3g s", seconds);
        }
        if (seconds < 7200) {
            return String.format(Locale.ROOT, "%.1f min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }

    private static String oneLine(Throwable e) {
        String message = e.getMessage();
        return (message == null || message.isBlank() ? e.getClass().getSimpleName() : message)
                .replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
