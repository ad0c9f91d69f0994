package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.run.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One output of a mechanism comparison, written after the run. The run's Guice graph holds a set of them
 * ({@code Multibinder<RunOutput>}): the standard files ({@link StandardOutputs}) and whatever a plugin's Guice module
 * adds with {@code Multibinder.newSetBinder(binder(), RunOutput.class).addBinding().to(MyOutput.class)}.
 */
public interface RunOutput {

    /** Writes into {@code folder} (which exists) and returns the names of the files written. */
    List<String> write(RunResult result, Path folder) throws IOException;
}
