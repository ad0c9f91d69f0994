package dev.manifolddp.experiments.spi;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs a contiguous block of a study's tasks in whatever JVM an engine sends it to: it rebuilds the study from its
 * public inputs there (once per JVM and job), runs the tasks through the local runner's own code, and returns their
 * records encoded, so that the engine moves bytes and never needs the application's types.
 */
public interface BlockWorker extends Serializable {

    /**
     * Runs tasks {@code [first, end)} and returns their encoded records, for the application that made this worker
     * to decode.
     *
     * @param pluginJars this JVM's copies of the job's plugin jars, in the job's order
     */
    byte[] run(int first, int end, List<Path> pluginJars);

    /**
     * Drops what this JVM cached for the job; the engine calls it on the driver when the job ends (in local mode the
     * workers live in the driver's JVM, which outlives the job).
     */
    default void forget() {
    }
}
