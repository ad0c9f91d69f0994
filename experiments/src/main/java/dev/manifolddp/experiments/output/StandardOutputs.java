package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.run.RunResult;
import java.nio.file.Path;
import java.util.List;

/** The standard outputs of {@link OutputWriter} (CSV files, plots, summary.md, run.json) as a bound output. */
public final class StandardOutputs implements RunOutput {

    @Override
    public List<String> write(RunResult result, Path folder) {
        return OutputWriter.write(result, folder);
    }
}
