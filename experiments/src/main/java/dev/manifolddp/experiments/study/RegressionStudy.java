package dev.manifolddp.experiments.study;

import dev.manifolddp.experiments.regression.RegressionExperiment;
import dev.manifolddp.experiments.regression.RegressionOutputs;
import dev.manifolddp.experiments.regression.RegressionRunner;
import dev.manifolddp.experiments.spi.Progress;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A private geodesic regression experiment ({@code kind: regression}): the joint and two-step releases side by side
 * on their panels ({@link RegressionRunner}, {@link RegressionOutputs}).
 *
 * @param experiment the experiment, every cell's mechanism built
 */
public record RegressionStudy(RegressionExperiment experiment) implements Study {

    @Override
    public String name() {
        return experiment.config().name();
    }

    @Override
    public String validity() {
        return String.format(Locale.ROOT, "a regression experiment on %s, %d cells x %d replicates = %d releases; "
                + "every cell's mechanism built without drawing", experiment.geometry().spec(),
                experiment.cells().size(), experiment.replicates(), experiment.releases());
    }

    @Override
    public String plan(String engine) {
        return String.format(Locale.ROOT, "%s: %d cells x %d replicates = %d regression releases on %d threads",
                name(), experiment.cells().size(), experiment.replicates(), experiment.releases(),
                experiment.threads());
    }

    @Override
    public long tasks() {
        return experiment.releases();
    }

    @Override
    public Finished run(Path folder, Engine engine, Progress progress) {
        RegressionRunner.Result result = RegressionRunner.run(experiment, progress);
        return new Finished(result.wallSeconds(), RegressionOutputs.write(result, folder));
    }
}
