package dev.manifolddp.experiments.study;

import com.google.inject.Injector;
import com.google.inject.Key;
import dev.manifolddp.experiments.config.Limits;
import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.output.OutputWriter;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.run.Runner;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.RunOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A mechanism comparison ({@code kind: mechanisms}, the default): the {@link Runner}'s cells x replicates x mechanisms,
 * the standard files ({@link OutputWriter}) and every output a plugin module bound in the run's graph.
 *
 * @param experiment the experiment, built and checked
 * @param graph      the run's Guice graph (its runner and its plugin outputs)
 */
public record ComparisonStudy(Experiment experiment, Injector graph) implements Study {

    /** The plugin outputs bound in a run's graph. */
    public static final Key<Set<RunOutput>> OUTPUTS = new Key<>() {
    };

    @Override
    public String name() {
        return experiment.config().name();
    }

    @Override
    public String validity() {
        return String.format(Locale.ROOT, "%d cells (%s) x %d mechanisms (%s) x %d replicates = %d releases; every "
                + "cell's calibration checked, and its first replicate's data and estimate", experiment.cells().size(),
                experiment.axes().stream().map(SweepAxis::name).collect(Collectors.joining(" x ")),
                experiment.mechanisms().size(), experiment.mechanisms().stream().map(m -> m.label())
                        .collect(Collectors.joining(", ")), experiment.replicates(), experiment.releases());
    }

    @Override
    public String plan(String engine) {
        return String.format(Locale.ROOT, "%s: %d cells x %d mechanisms x %d replicates = %d releases on %s", name(),
                experiment.cells().size(), experiment.mechanisms().size(), experiment.replicates(),
                experiment.releases(), engine == null ? experiment.threads() + " threads" : engine);
    }

    @Override
    public long tasks() {
        return (long) experiment.cells().size() * experiment.replicates();
    }

    @Override
    public boolean distributable() {
        return true;
    }

    @Override
    public Finished run(Path folder, Engine engine, Progress progress) {
        Limits.requireHeap(experiment.releases(), experiment.utilities().size(), Runtime.getRuntime().maxMemory(),
                experiment.options().scale() == 1 ? "replicates" : "--scale");
        RunResult result = engine == null ? Graphs.instance(graph, Runner.class).run(progress)
                : engine.run(experiment, progress);
        List<String> files = new ArrayList<>();
        try {
            Files.createDirectories(folder);
            files.addAll(OutputWriter.write(result, folder));
            for (RunOutput output : Graphs.instance(graph, OUTPUTS)) {
                files.addAll(output.write(result, folder));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results into " + folder + ": " + e.getMessage(), e);
        }
        return new Finished(result.wallSeconds(), files);
    }
}
