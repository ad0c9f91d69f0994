package dev.manifolddp.experiments.study;

import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityCheck;
import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityOutputs;
import dev.manifolddp.experiments.regressioncheck.RegressionSensitivityRunner;
import dev.manifolddp.experiments.spi.Progress;
import java.nio.file.Path;
import java.util.Locale;

/**
 * An empirical check of the regression sensitivities ({@code kind: regression-sensitivity}) on adjacent datasets
 * ({@link RegressionSensitivityRunner}, {@link RegressionSensitivityOutputs}).
 *
 * @param check the check, every domain accepted and every Delta computed
 */
public record RegressionCheckStudy(RegressionSensitivityCheck check) implements Study {

    @Override
    public String name() {
        return check.config().name();
    }

    @Override
    public String validity() {
        return String.format(Locale.ROOT, "a regression-sensitivity check, %d cells (geometry, n) x %d adjacent "
                + "pairs; every domain accepted and every Delta computed without drawing", check.cells().size(),
                check.replicates());
    }

    @Override
    public String plan(String engine) {
        return String.format(Locale.ROOT, "%s: %d cells (geometry, n) x %d adjacent pairs x %d candidates on %d "
                + "threads", name(), check.cells().size(), check.replicates(), check.config().candidates(),
                check.threads());
    }

    @Override
    public long tasks() {
        return check.pairs();
    }

    @Override
    public Finished run(Path folder, Engine engine, Progress progress) {
        RegressionSensitivityRunner.Result result = RegressionSensitivityRunner.run(check, progress);
        return new Finished(result.wallSeconds(), RegressionSensitivityOutputs.write(result, folder));
    }
}
