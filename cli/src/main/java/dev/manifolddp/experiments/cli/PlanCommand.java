package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.AtomicFile;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.output.OutputFolder;
import dev.manifolddp.experiments.plan.BudgetSplit;
import dev.manifolddp.experiments.plan.PlanCsv;
import dev.manifolddp.experiments.plan.PlanJson;
import dev.manifolddp.experiments.plan.PlanPlot;
import dev.manifolddp.experiments.plan.PlanRequest;
import dev.manifolddp.experiments.plan.PlanResult;
import dev.manifolddp.experiments.plan.PlanTable;
import dev.manifolddp.experiments.plan.PlannedEstimator;
import dev.manifolddp.experiments.plan.PlannedMechanism;
import dev.manifolddp.experiments.plan.Planner;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.MechanismProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mdp plan}: before spending any budget, the expected error of each mechanism for a declared geometry, ball,
 * sample sizes and budgets, from public inputs only. The command has no input option: it reads no data file and
 * draws only synthetic records from a seeded stream ({@link Planner}). Numbers are read as text so that every refusal
 * names its flag.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Predict each mechanism's expected error from public inputs only (no data is read).")
final class PlanCommand implements Callable<Integer> {

    /** The most values a list option takes. */
    static final int MAX_VALUES = 50;
    /** The largest sample size: a simulated replicate holds n points in memory per worker thread. */
    static final int MAX_N = 1 << 21;
    /** The most replicates per simulated row. */
    static final int MAX_REPLICATES = 100_000;
    /** The default limit of the --target-error search: 2^20. */
    static final int DEFAULT_MAX_N = 1 << 20;

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Option(names = "--geometry", required = true, paramLabel = "SPEC",
            description = "The geometry, e.g. sphere:d=2 or spd/log-euclidean:k=3.")
    String geometry;

    @Option(names = "--center", required = true, paramLabel = "LIST",
            description = "The public ball's centre, comma-separated in the geometry's layout.")
    String center;

    @Option(names = "--radius", required = true, paramLabel = "R", description = "The public ball's geodesic radius.")
    String radius;

    @Option(names = "--n", required = true, paramLabel = "N[,N...]", description = "The sample sizes (public).")
    String sizes;

    @Option(names = "--epsilon", paramLabel = "E[,E...]", description = "The epsilons > 0 (or --total-epsilon).")
    String epsilons;

    @Option(names = "--total-epsilon", paramLabel = "E", description = "Split this total epsilon over the planned "
            + "releases (one per --mechanism and --n, of the same people) to minimise their summed expected error, "
            + "instead of --epsilon.")
    String totalEpsilon;

    @Option(names = "--total-delta", paramLabel = "D", description = "With --total-epsilon: the total delta, split "
            + "equally (default 0).")
    String totalDelta;

    @Option(names = "--delta", defaultValue = "0", paramLabel = "D[,D...]",
            description = "The deltas: 0 (pure DP) or in (0, 1); default 0.")
    String deltas;

    @Option(names = "--estimator", defaultValue = "frechet-mean", paramLabel = "NAME",
            description = "The estimand whose releases are predicted (default frechet-mean; mdp list), its error "
                    + "measured on its parameter space.")
    String estimator;

    @Option(names = "--estimator-param", paramLabel = "KEY=VALUE", description = "An estimator parameter "
            + "(repeatable), e.g. center=0,0,1 for frechet-variance.")
    Map<String, String> estimatorParams = new LinkedHashMap<>();

    @Option(names = "--mechanism", paramLabel = "NAME[,NAME...]",
            description = "The mechanisms (mdp list); default: every mechanism, those that refuse the geometry or "
                    + "budget are listed with the reason.")
    String mechanisms;

    @Option(names = "--param", paramLabel = "[MECH:]KEY=VALUE",
            description = "A mechanism parameter (repeatable): KEY=VALUE for every selected mechanism that takes KEY, "
                    + "MECH:KEY=VALUE for one.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--replicates", defaultValue = "50", paramLabel = "M",
            description = "Simulated releases per row where no closed form exists (default 50).")
    String replicates;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
            description = "The seed of the synthetic records and the simulated noise (default 1).")
    String seed;

    @Option(names = "--target-error", paramLabel = "T",
            description = "Also find, per mechanism and budget, the smallest n on the grid 2, 4, 8, ... whose "
                    + "expected error is below T.")
    String targetError;

    @Option(names = "--max-n", paramLabel = "N",
            description = "The largest n the --target-error search tries (default 2^20).")
    String maxN;

    @Option(names = "--allow-mcmc",
            description = "Simulate mechanisms whose release would be a Metropolis-Hastings draw (slow), with "
                    + PlanRequest.MCMC_REPLICATES + " replicates.")
    boolean allowMcmc;

    @Option(names = "--method", defaultValue = "auto", paramLabel = "auto|simulation",
            description = "auto: closed forms where they exist (default); simulation: simulate every row.")
    String method;

    @Option(names = "--threads", defaultValue = "0", paramLabel = "T",
            description = "Worker threads, 0 for one per core (results do not depend on it).")
    String threads;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write plan.csv, plan.json and plan.png there.")
    Path out;

    @Option(names = "--force", description = "Write into --out even when it holds files (plan files are replaced).")
    boolean force;

    @Override
    public Integer call() {
        // built-in components only: plan takes no path but its output folder (PlanCommandSpecTest)
        Components components = Components.builtIn();
        Geometry space = ReleaseCommand.named("--geometry", () -> components.geometry(geometry));
        double ballRadius = NumericFlag.positive("--radius", radius, "the public ball's geodesic radius");
        double[] centre = PointFile.center(center, space, "--center");
        List<Integer> ns = list("--n", sizes, text -> NumericFlag.count("--n", text, MAX_N, "a sample size"));
        Double total = totalEpsilon();
        double totalDeltaValue = totalDelta == null ? 0 : NumericFlag.delta("--total-delta", totalDelta);
        List<Double> eps;
        List<Double> ds;
        if (total == null) {
            if (epsilons == null) {
                throw new IllegalArgumentException("give the epsilons to predict (--epsilon E[,E...]) or a total to "
                        + "split over the planned releases (--total-epsilon E)");
            }
            eps = list("--epsilon", epsilons, text -> NumericFlag.positive("--epsilon", text,
                    "the privacy loss; smaller is more private"));
            ds = list("--delta", deltas, text -> NumericFlag.delta("--delta", text));
        } else {
            // each release's error on a public grid of shares of the total, then the best split of the total
            eps = new ArrayList<>();
            for (double fraction : BudgetSplit.FRACTIONS) {
                eps.add(total * fraction);
            }
            // one release per mechanism and n (totalEpsilon() requires --mechanism), each with an equal delta share
            int releases = ns.size() * list("--mechanism", mechanisms, String::strip).size();
            ds = List.of(totalDeltaValue / releases);
        }
        int m = NumericFlag.count("--replicates", replicates, MAX_REPLICATES, "simulated releases per row");
        if (m < 2) {
            throw new IllegalArgumentException("--replicates must be at least 2, so that a standard error exists. "
                    + "Provided value: " + replicates);
        }
        long s = seed();
        Double target = targetError == null ? null : NumericFlag.positive("--target-error", targetError,
                "the expected geodesic error to reach");
        int largest = maxN == null ? DEFAULT_MAX_N
                : NumericFlag.count("--max-n", maxN, MAX_N, "the largest n of the --target-error search");
        if (targetError == null && maxN != null) {
            throw new IllegalArgumentException("--max-n bounds the --target-error search; give --target-error T too. "
                    + "Provided value: --max-n " + maxN);
        }
        PlanRequest.Method how = PlanRequest.Method.parse("--method", method);
        int workers = threads();
        List<PlannedMechanism> planned = mechanisms(components);
        Path folder = out == null ? null : OutputFolder.resolve(out, "plan", force);

        PlanRequest request = new PlanRequest(space, centre, ballRadius, ns, eps, ds, planned, m, s, target, largest,
                allowMcmc, how, workers, estimand());
        PlanResult result = new Planner(request, components.estimators(), components.generators(),
                components.utilities(), parent.err).plan();
        PlanTable.print(result, parent.out);
        if (total != null) {
            BudgetSplit.print(BudgetSplit.split(result, total), total, totalDeltaValue,
                    parent.out);
        }
        if (folder != null) {
            write(folder, "plan.csv", PlanCsv.write(result));
            write(folder, "plan.json", PlanJson.write(result));
            byte[] png = PlanPlot.write(result);
            if (png != null) {
                write(folder, "plan.png", png);
            }
            parent.out.println("wrote " + folder.resolve("plan.csv") + ", plan.json" + (png == null ? ""
                    : ", plan.png"));
        }
        return 0;
    }

    /** The estimand of --estimator and --estimator-param; the Planner creates it, naming the flag that fails. */
    private PlannedEstimator estimand() {
        String name = estimator == null ? "" : estimator.strip();
        if (RegressionFlags.ESTIMATOR.equals(name)) {
            throw new IllegalArgumentException("--estimator: mdp plan has no synthetic covariate, so it cannot predict "
                    + "geodesic-regression; plan it with mdp run on a configuration. Provided value: " + estimator);
        }
        return new PlannedEstimator(name, estimatorParams);
    }

    /** --total-epsilon, refused beside --epsilon or --delta (the split chooses them), or null. */
    private Double totalEpsilon() {
        if (totalEpsilon == null) {
            if (totalDelta != null) {
                throw new IllegalArgumentException("--total-delta needs --total-epsilon: give the whole total. "
                        + "Provided value: --total-delta " + totalDelta);
            }
            return null;
        }
        if (epsilons != null || !"0".equals(deltas)) {
            throw new IllegalArgumentException("--total-epsilon chooses each release's epsilon and delta; drop "
                    + (epsilons != null ? "--epsilon " + epsilons : "--delta " + deltas) + " (a total delta is "
                    + "--total-delta)");
        }
        if (mechanisms == null) {
            throw new IllegalArgumentException("--total-epsilon splits a total over the releases you plan: name their "
                    + "mechanism(s) with --mechanism (one release per mechanism and --n)");
        }
        return NumericFlag.positive("--total-epsilon", totalEpsilon, "the total privacy loss of the planned releases");
    }

    private void write(Path folder, String name, byte[] content) {
        AtomicFile.write(folder.resolve(name), content, force, "--out");
    }

    /** The selected mechanisms with their parameters, created as a release would create them. */
    private List<PlannedMechanism> mechanisms(Components components) {
        Map<String, MechanismProvider> known = new LinkedHashMap<>();
        components.mechanisms().providers().forEach(provider -> known.put(provider.name(), provider));
        List<String> names = new ArrayList<>();
        if (mechanisms == null) {
            names.addAll(known.keySet());
        } else {
            for (String name : list("--mechanism", mechanisms, String::strip)) {
                if (!known.containsKey(name)) {
                    throw new IllegalArgumentException(String.format("--mechanism: unknown mechanism '%s'; known "
                            + "mechanisms: %s. Provided value: %s", name, String.join(", ", known.keySet()),
                            mechanisms));
                }
                names.add(name);
            }
        }
        Map<String, Map<String, String>> settings = new LinkedHashMap<>();
        names.forEach(name -> settings.put(name, new LinkedHashMap<>()));
        params.forEach((key, value) -> assign(key, value, known, settings));
        List<PlannedMechanism> planned = new ArrayList<>();
        settings.forEach((name, given) -> {
            MechanismProvider provider = known.get(name);
            Mechanism forSimulation = ReleaseCommand.named("--param", () -> provider.create(given));
            Mechanism forRelease = forSimulation;
            if (takes(provider, ReleaseCommand.PROPOSAL_BUDGET) && !given.containsKey(ReleaseCommand.PROPOSAL_BUDGET)) {
                // as mdp release does: a fixed proposal budget where the parameters allow one (not with sampler mcmc)
                Map<String, String> release = new LinkedHashMap<>(given);
                release.put(ReleaseCommand.PROPOSAL_BUDGET, "auto");
                try {
                    forRelease = provider.create(release);
                } catch (IllegalArgumentException e) {
                    forRelease = forSimulation;
                }
            }
            planned.add(new PlannedMechanism(name, given, forRelease, forSimulation));
        });
        return planned;
    }

    /** Gives {@code --param key=value} to the mechanisms it names or that take the key. */
    private static void assign(String key, String value, Map<String, MechanismProvider> known,
            Map<String, Map<String, String>> settings) {
        int colon = key.indexOf(':');
        String shown = "--param " + key + "=" + value;
        if (colon >= 0) {
            String name = key.substring(0, colon).strip();
            String parameter = key.substring(colon + 1).strip();
            if (!settings.containsKey(name)) {
                throw new IllegalArgumentException(String.format("--param: '%s' is not a selected mechanism; "
                        + "selected: %s. Provided value: %s", name, String.join(", ", settings.keySet()), shown));
            }
            if (!takes(known.get(name), parameter)) {
                throw new IllegalArgumentException(String.format("--param: mechanism '%s' takes no parameter '%s'; "
                        + "it takes: %s. Provided value: %s", name, parameter, parameterNames(known.get(name)),
                        shown));
            }
            settings.get(name).put(parameter, value);
            return;
        }
        Set<String> takers = new LinkedHashSet<>();
        settings.keySet().stream().filter(name -> takes(known.get(name), key.strip())).forEach(takers::add);
        if (takers.isEmpty()) {
            StringBuilder accepted = new StringBuilder();
            settings.keySet().forEach(name -> accepted.append(accepted.length() == 0 ? "" : "; ").append(name)
                    .append(": ").append(parameterNames(known.get(name))));
            throw new IllegalArgumentException(String.format("--param: no selected mechanism takes '%s' (%s). "
                    + "Provided value: %s", key, accepted, shown));
        }
        takers.forEach(name -> settings.get(name).put(key.strip(), value));
    }

    private static boolean takes(MechanismProvider provider, String parameter) {
        return provider.parameters().stream().anyMatch(p -> p.name().equals(parameter));
    }

    private static String parameterNames(MechanismProvider provider) {
        return String.join(", ", provider.parameters().stream().map(ParameterSpec::name).toList());
    }

    /** A comma-separated list of at most {@link #MAX_VALUES} distinct values, each read by {@code read}. */
    static <T> List<T> list(String flag, String text, Function<String, T> read) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(flag + " needs at least one value. Provided value: (empty)");
        }
        String[] fields = text.split(",", -1);
        if (fields.length > MAX_VALUES) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s takes at most %d values. Provided "
                    + "value: %d values", flag, MAX_VALUES, fields.length));
        }
        List<T> values = new ArrayList<>();
        for (String field : fields) {
            if (field.isBlank()) {
                throw new IllegalArgumentException(flag + " has an empty value; separate values by single commas. "
                        + "Provided value: " + text);
            }
            T value = read.apply(field.strip());
            if (values.contains(value)) {
                throw new IllegalArgumentException(flag + " lists " + field.strip() + " twice; give each value once. "
                        + "Provided value: " + text);
            }
            values.add(value);
        }
        return values;
    }

    private long seed() {
        String text = seed == null ? "" : seed.strip();
        if (!text.matches("[+-]?\\d{1,18}")) {
            throw new IllegalArgumentException("--seed must be an integer of at most 18 digits. Provided value: "
                    + seed);
        }
        return Long.parseLong(text);
    }

    private int threads() {
        return NumericFlag.threads("--threads", threads);
    }
}
