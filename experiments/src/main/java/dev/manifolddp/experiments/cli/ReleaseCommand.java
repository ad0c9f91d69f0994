package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.DataBall;
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
 * {@link java.security.SecureRandom} unless {@code --seed} asks for a reproducible (and therefore predictable) draw.
 * The records must be points of the geometry inside the declared public ball; {@code --clip} moves records outside
 * it onto its boundary, which keeps the sensitivity bound valid.
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

    @Override
    public Integer call() {
        Components components = Graphs.injector(PluginJars.none(), null).getInstance(Components.class);
        Geometry space = components.geometries().parse(geometry);
        MechanismProvider provider = components.mechanisms().get(mechanism);
        if (provider == null) {
            throw new IllegalArgumentException(String.format("unknown mechanism '%s'; known mechanisms: %s",
                    mechanism, String.join(", ", components.mechanisms().keySet())));
        }
        MeanMechanism mean = provider.create(params);
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
                        : streams.describe() + ", stream (0, 0); reproducible: do not use a published seed for a "
                                + "real release");
        Map<String, Object> inputInfo = new LinkedHashMap<>();
        inputInfo.put("file", input.toAbsolutePath().normalize().toString());
        inputInfo.put("records", data.points().length);
        inputInfo.put("clipped", data.moved());
        inputInfo.put("center", centre);
        inputInfo.put("radius", radius);
        ReleaseJson.write(release, space, inputInfo, out);
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
        console.printf(Locale.ROOT, "sampler       %s%n", release.sampler().method().name().toLowerCase(Locale.ROOT)
                + (release.sampler().isMcmc() ? String.format(Locale.ROOT, " (%d steps, acceptance %.3f)",
                        release.sampler().proposals(), release.sampler().acceptanceRate()) : ""));
        console.printf(Locale.ROOT, "random source %s%n", release.randomSource());
        console.printf(Locale.ROOT, "private       %s%n", release.isPrivate() ? "yes" : "NO");
        console.printf(Locale.ROOT, "release       %s%n", space.layout().format(release.value()));
        for (String warning : release.warnings()) {
            console.println("warning: " + warning);
        }
        console.println("wrote " + out);
    }
}
