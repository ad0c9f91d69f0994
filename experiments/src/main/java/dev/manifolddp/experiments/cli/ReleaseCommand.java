package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.MeanMechanism;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.sampling.random.RandomStreams;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
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
 * release records. A release whose guarantee is {@code mcmc} (a Metropolis-Hastings draw) is refused unless
 * {@code --allow-mcmc} is given, and the refusal says why no exact sampler was used.
 */
@Command(name = "release", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Release a differentially private Frechet mean of the points in a CSV file.")
final class ReleaseCommand implements Callable<Integer> {

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Option(names = "--geometry", required = true, paramLabel = "SPEC",
            description = "The geometry, e.g. sphere:d=2 or spd/log-euclidean:k=3.")
    String geometry;

    @Option(names = "--mechanism", required = true, paramLabel = "NAME", description = "The mechanism (mdp list).")
    String mechanism;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A mechanism parameter (repeatable).")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--epsilon", required = true, paramLabel = "E", description = "The privacy loss epsilon > 0.")
    double epsilon;

    @Option(names = "--delta", defaultValue = "0", paramLabel = "D",
            description = "The failure probability delta (0 = pure DP; default 0).")
    double delta;

    @Option(names = "--center", required = true, paramLabel = "LIST",
            description = "The public ball's centre, comma-separated in the geometry's layout.")
    String center;

    @Option(names = "--radius", required = true, paramLabel = "R", description = "The public ball's radius.")
    double radius;

    @Option(names = "--input", required = true, paramLabel = "CSV", description = "The records, one point per row.")
    Path input;

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

    @Option(names = "--allow-mcmc",
            description = "Accept a Metropolis-Hastings release (guarantee mcmc: only approximately private) when no "
                    + "exact sampler is feasible.")
    boolean allowMcmc;

    /** The parameter of mechanisms that can bound their sampler's work; the command line sets it to auto. */
    static final String PROPOSAL_BUDGET = "proposal-budget";

    @Override
    public Integer call() {
        Components components = Graphs.injector(PluginJars.none(), null).getInstance(Components.class);
        Geometry space = components.geometries().parse(geometry);
        MechanismProvider provider = components.mechanisms().get(mechanism);
        if (provider == null) {
            throw new IllegalArgumentException(String.format("unknown mechanism '%s'; known mechanisms: %s",
                    mechanism, String.join(", ", components.mechanisms().keySet())));
        }
        Map<String, String> settings = new LinkedHashMap<>(params);
        if (provider.parameters().stream().anyMatch(p -> p.name().equals(PROPOSAL_BUDGET))) {
            settings.putIfAbsent(PROPOSAL_BUDGET, "auto");
        }
        MeanMechanism mean = provider.create(settings);
        double[] centre = parseCenter(space);
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("--radius must be a finite number > 0. Provided value: " + radius);
        }
        PrivacyBudget budget = new PrivacyBudget(epsilon, delta);
        PointFile.Points points = PointFile.read(input, space);
        BallClip.Result data = BallClip.apply(space, centre, radius, points, clip,
                "use --clip to move them onto the ball's boundary");
        RandomStreams streams = seed == null ? RandomStreams.secure() : RandomStreams.seeded(seed);
        Release<double[]> release = mean.release(space, data.points(), DataBall.declared(centre, radius), budget,
                streams.stream(0, 0)).withRandomSource(seed == null ? streams.describe()
                        : streams.describe() + ", stream (0, 0)");
        if (seed != null) {
            release = release.withGuaranteeAtMost(Guarantee.NOT_PRIVATE, "--seed makes the noise reproducible, so "
                    + "anyone who knows the seed can remove it; use the default secure source for a real release");
        }
        if (release.guarantee() == Guarantee.MCMC && !allowMcmc) {
            Object choice = release.parameters().get("samplerChoice");
            throw new IllegalArgumentException("the release would be a Metropolis-Hastings draw (guarantee mcmc: only "
                    + "approximately private)" + (choice == null ? "" : "; why: " + choice) + ". Nothing was "
                    + "written. Pass --allow-mcmc to accept it, or choose a smaller --radius, a larger --epsilon, more "
                    + "records, or a mechanism with an exact sampler. Provided value: --mechanism " + mechanism);
        }
        Map<String, Object> inputInfo = new LinkedHashMap<>();
        inputInfo.put("file", input.toAbsolutePath().normalize().toString());
        inputInfo.put("records", data.points().length);
        inputInfo.put("clipped", data.moved());
        inputInfo.put("center", centre);
        inputInfo.put("radius", radius);
        ReleaseJson.write(release, space, inputInfo, out);
        if (diagnostics != null) {
            ReleaseJson.writeDiagnostics(release, diagnostics);
        }
        summary(parent.out, release, space, data);
        return 0;
    }

    private double[] parseCenter(Geometry space) {
        return PointFile.center(center, space, "--center");
    }

    private void summary(PrintStream console, Release<double[]> release, Geometry space, BallClip.Result data) {
        console.printf(Locale.ROOT, "mechanism     %s on %s%n", release.mechanism(), space.spec());
        console.printf(Locale.ROOT, "records       %d from %s%s%n", data.points().length, input,
                data.moved() > 0 ? " (" + data.moved() + " clipped onto the ball's boundary)" : "");
        console.printf(Locale.ROOT, "budget        %s%n", release.budget());
        console.printf(Locale.ROOT, "sensitivity   %.6g%n", release.sensitivity());
        console.printf(Locale.ROOT, "sigma         %.6g (rule: %s)%n", release.sigma(), release.sigmaRule());
        console.printf(Locale.ROOT, "sampler       %s%n", release.parameters().getOrDefault("samplerChoice",
                release.parameters().getOrDefault("sampler", "direct")));
        console.printf(Locale.ROOT, "random source %s%n", release.randomSource());
        console.printf(Locale.ROOT, "guarantee     %s: %s%n", release.guarantee().label(),
                release.guarantee().meaning());
        console.printf(Locale.ROOT, "privacy unit  %s%n", release.unitOfPrivacy());
        console.printf(Locale.ROOT, "release       %s%n", space.layout().format(release.value()));
        for (String warning : release.warnings()) {
            console.println("warning: " + warning);
        }
        console.println("wrote " + out + (diagnostics == null ? "" : " and " + diagnostics
                + " (diagnostics: do not publish)"));
    }
}
