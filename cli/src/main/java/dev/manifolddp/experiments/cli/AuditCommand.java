package dev.manifolddp.experiments.cli;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.experiments.audit.AuditJson;
import dev.manifolddp.experiments.audit.AuditPlot;
import dev.manifolddp.experiments.audit.AuditResult;
import dev.manifolddp.experiments.audit.AuditSetup;
import dev.manifolddp.experiments.audit.AuditTarget;
import dev.manifolddp.experiments.audit.AuditTasks;
import dev.manifolddp.experiments.audit.Auditor;
import dev.manifolddp.experiments.audit.MechanismAudit;
import dev.manifolddp.experiments.audit.ReleaseFailures;
import dev.manifolddp.experiments.audit.Replacement;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.spi.AuditChunks;
import dev.manifolddp.experiments.spi.AuditJob;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.RunEngine;
import dev.manifolddp.experiments.spi.Workers;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.mechanisms.PrivacyBudget;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code mdp audit}: a black-box lower confidence bound on the epsilon that mechanisms actually spend, from releases
 * on worst-case adjacent data sets of the public ball (docs/auditor.md). Writes audit.json and a PNG next to it, and
 * never overwrites either without {@code --force}.
 */
@Command(name = "audit", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Estimate a lower confidence bound on the epsilon mechanisms actually spend (black-box audit).")
final class AuditCommand implements Callable<Integer> {

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Mixin
    PublicInputOptions inputs;

    @Mixin
    PluginsOption plugins;


    @Option(names = "--mechanism", required = true, split = ",", paramLabel = "NAME",
            description = "A mechanism to audit (repeatable or comma-separated; mdp list).")
    List<String> mechanisms = new ArrayList<>();

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A mechanism parameter (repeatable); "
            + "MECHANISM:KEY=VALUE gives it to that mechanism only.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--estimator", defaultValue = "frechet-mean", paramLabel = "NAME",
            description = "The estimand the mechanisms release (default frechet-mean; mdp list).")
    String estimator;

    @Option(names = "--estimator-param", paramLabel = "KEY=VALUE", description = "An estimator parameter (repeatable).")
    Map<String, String> estimatorParams = new LinkedHashMap<>();

    @Option(names = "--replace", split = ",", defaultValue = "opposite", paramLabel = "WHERE",
            description = "Where the replaced record of each adjacent pair goes: opposite (the boundary point opposite "
                    + "the others; a mean's worst case, the default), centre (a variance's), orthogonal (a second "
                    + "moment's); comma-separated for several.")
    List<String> replace = new ArrayList<>();

    @Option(names = "--n", required = true, paramLabel = "N", description = "Records per data set.")
    int n;

    @Option(names = "--releases", required = true, paramLabel = "COUNT",
            description = "Releases on each data set (half choose the event, half measure it).")
    int releases;

    @Option(names = "--directions", defaultValue = "4", paramLabel = "J",
            description = "Boundary directions, hence adjacent pairs, to try (default 4).")
    int directions;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "The seed of every stream (default 1).")
    long seed;

    @Option(names = "--confidence", defaultValue = "0.95", paramLabel = "C",
            description = "Familywise confidence over all mechanisms audited (default 0.95).")
    double confidence;

    @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: all cores; the result "
            + "does not depend on it).")
    Integer threads;

    @Option(names = "--out", defaultValue = "audit.json", paramLabel = "FILE",
            description = "Where to write the audit as JSON (default audit.json); the plot goes next to it.")
    Path out;

    @Option(names = "--force", description = "Overwrite existing output files.")
    boolean force;

    @Option(names = "--quiet", description = "No progress bar.")
    boolean quiet;

    @Mixin
    EngineOption engine;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Path plot = plotFile(out);
        OutputPaths.of().inputs("--plugins", plugins.jars()).file("--out", out).file("--out's plot", plot)
                .check(force);
        engine.check();
        return plugins.withComponents(components -> audit(components, plot));
    }

    private int audit(Components components, Path plot) {
        // an unknown engine fails before the audit is built
        RunEngine runEngine = engine.engine(Thread.currentThread().getContextClassLoader());
        AuditTasks tasks = tasks(components);
        AuditSetup setup = tasks.setup();
        List<AuditTarget> targets = tasks.audited();
        // an absent --threads means all cores; a given 0 is refused by the auditor, as before
        int workers = threads == null ? Workers.resolve(0) : threads;
        AuditResult result;
        try (Progress progress = Progress.create(!quiet && System.console() != null,
                Auditor.steps(setup, targets.size()), parent.err)) {
            if (runEngine == null) {
                result = Auditor.run(setup, targets, workers, progress);
            } else {
                try (AuditChunks chunks = runEngine.audit(new AuditJob(new AuditArguments(arguments()),
                        engine.master))) {
                    result = Auditor.run(tasks, chunks, progress);
                }
            }
        }
        createParent(out);
        AuditJson.write(result, out);
        AuditPlot.write(result, plot);
        summary(parent.out, result, plot);
        return 0;
    }

    /** The audit the options describe, over the plugins of {@code --plugins}: what an engine's workers rebuild. */
    AuditTasks tasks() {
        return plugins.withComponents(this::tasks);
    }

    /** The audit the options describe: what {@link #call} runs. */
    private AuditTasks tasks(Components components) {
        PrivacyBudget budget = inputs.budget();
        Geometry space = components.geometry(inputs.geometry);
        double[] centre = inputs.center(space);
        EstimatorProvider provider = components.estimators().find(estimator).orElseThrow(() ->
                new IllegalArgumentException(String.format("--estimator: unknown estimator '%s'; known: %s. Provided "
                        + "value: %s", estimator, String.join(", ", components.estimators().names()), estimator)));
        Estimator estimand = provider.create(estimatorParams);
        List<Replacement> replacements = replace.stream().map(Replacement::parse).toList();
        AuditSetup setup = new AuditSetup(space, centre, inputs.radius(), n, budget, releases,
                directions, seed, confidence, estimand, replacements);
        return new AuditTasks(setup, targets(components));
    }

    /** This command's arguments after {@code audit}, for an engine's workers to parse again. */
    private List<String> arguments() {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        int at = all.indexOf(spec.name());
        return List.copyOf(all.subList(at + 1, all.size()));
    }

    /** The audited mechanisms, each with the unscoped parameters and those scoped to it. */
    private List<AuditTarget> targets(Components components) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : mechanisms) {
            if (!name.isBlank()) {
                names.add(name.strip());
            }
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException("--mechanism: name at least one mechanism. Provided value: "
                    + mechanisms);
        }
        for (String key : params.keySet()) {
            int colon = key.indexOf(':');
            if (colon >= 0 && !names.contains(key.substring(0, colon))) {
                throw new IllegalArgumentException(String.format("--param %s: '%s' is not an audited mechanism (%s). "
                        + "Provided value: %s=%s", key, key.substring(0, colon), String.join(", ", names), key,
                        params.get(key)));
            }
        }
        List<AuditTarget> targets = new ArrayList<>();
        for (String name : names) {
            MechanismProvider provider = ReleaseCommand.named("--mechanism",
                    () -> components.mechanisms().provider(name));
            Map<String, String> own = new LinkedHashMap<>();
            params.forEach((key, value) -> {
                int colon = key.indexOf(':');
                if (colon < 0) {
                    own.put(key, value);
                } else if (key.substring(0, colon).equals(name)) {
                    own.put(key.substring(colon + 1), value);
                }
            });
            try {
                targets.add(new AuditTarget(name, own, provider.create(own)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--param: " + e.getMessage(), e);
            }
        }
        return targets;
    }

    private static Path plotFile(Path json) {
        String name = json.getFileName().toString();
        String base = name.toLowerCase(Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return json.resolveSibling(base + ".png");
    }

    private static void createParent(Path file) {
        Path folder = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("--out: cannot create the folder " + folder + ": " + e.getMessage(), e);
        }
    }

    /** The failed releases per data set, with the pairs they happened on and the first one. */
    private static String failures(ReleaseFailures failures) {
        if (!failures.any()) {
            return "none";
        }
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%d of %d releases on D, %d of %d on D' (",
                failures.onD(), failures.releasesPerRole(), failures.onDPrime(), failures.releasesPerRole()));
        String separator = "";
        for (ReleaseFailures.Pair pair : failures.pairs()) {
            if (pair.onD() + pair.onDPrime() > 0) {
                text.append(separator).append(String.format(Locale.ROOT, "pair %d: %d on D, %d on D'", pair.pair(),
                        pair.onD(), pair.onDPrime()));
                separator = "; ";
            }
        }
        return text.append("); first: ").append(failures.example()).toString();
    }

    private void summary(PrintStream console, AuditResult result, Path plot) {
        AuditSetup setup = result.setup();
        console.printf(Locale.ROOT, "audit on %s: ball of radius %s, n = %d, %d direction(s) on the boundary and at "
                + "the admitted slack (%d pairs), %d releases per data set (%d choose the event, %d measure it), seed "
                + "%d%n", setup.geometry().spec(), setup.radius(), setup.n(), setup.directions(), setup.pairs(),
                setup.releases(), setup.selectionReleases(),
                setup.measurementReleases(), setup.seed());
        for (MechanismAudit audit : result.audits()) {
            console.printf(Locale.ROOT, "%n%s%n", audit.target().label());
            console.printf(Locale.ROOT, "  claimed   %s%n", audit.claimed());
            console.printf(Locale.ROOT, "  eps_hat   >= %.4f at %.4g%% confidence (%.4g%% familywise), point "
                    + "estimate %.4f%n", audit.epsilonLowerBound(), 100 * audit.confidence(),
                    100 * setup.confidence(), audit.measurement().pointEstimate());
            console.printf(Locale.ROOT, "  event     %s: %d of %d on one data set, %d of %d on the other%n",
                    audit.event().describe(), audit.measurement().inEvent(), audit.measurement().releases(),
                    audit.measurement().inEventOther(), audit.measurement().releasesOther());
            console.printf(Locale.ROOT, "  delta_hat >= %.4g at the claimed epsilon, same event and confidence%n",
                    audit.deltaLowerBound());
            console.printf(Locale.ROOT, "  failures  %s%n", failures(audit.failures()));
            console.printf(Locale.ROOT, "  verdict   %s%n", audit.verdict());
        }
        console.printf(Locale.ROOT, "%nwrote %s and %s%n", out, plot);
    }
}
