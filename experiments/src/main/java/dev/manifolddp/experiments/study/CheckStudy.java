package dev.manifolddp.experiments.study;

import dev.manifolddp.experiments.check.SensitivityCheck;
import dev.manifolddp.experiments.output.SensitivityCheckOutputs;
import dev.manifolddp.experiments.spi.Progress;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The empirical tangent-space bound ({@code kind: sensitivity-check}) over a grid of radii ({@link SensitivityCheck},
 * {@link SensitivityCheckOutputs}), a radius per task of the shared task grid.
 *
 * @param check the check, built
 */
public record CheckStudy(SensitivityCheck check) implements Study {

    @Override
    public String name() {
        return check.config().name();
    }

    @Override
    public String validity() {
        return String.format(Locale.ROOT, "a sensitivity check on %s over %d radii with %d grid points per circle",
                check.geometry().spec(), check.config().radii().size(), check.perCircle());
    }

    @Override
    public String plan(String engine) {
        return String.format(Locale.ROOT, "%s: sensitivity check on %s, %d radii, %d grid points per circle", name(),
                check.geometry().spec(), check.config().radii().size(), check.perCircle());
    }

    @Override
    public long tasks() {
        return check.config().radii().size();
    }

    @Override
    public Finished run(Path folder, Engine engine, Progress progress) {
        SensitivityCheck.Result result = check.run(progress);
        return new Finished(result.wallSeconds(), SensitivityCheckOutputs.write(result, folder));
    }
}
