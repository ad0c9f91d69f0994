package dev.manifolddp.experiments.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * An output a plugin adds to every experiment run: bound into the run's graph by a plugin's Guice module
 * ({@code Multibinder.newSetBinder(binder(), RunOutput.class).addBinding().to(MyOutput.class)}), and written after
 * the standard files (CSV tables, plots, summary.md, run.json) into the same folder.
 */
public interface RunOutput {

    /** Writes into {@code folder} (which exists) and returns the names of the files written. */
    List<String> write(RunRecords run, Path folder) throws IOException;
}
