package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.spi.Engines;
import dev.manifolddp.experiments.spi.RunEngine;
import picocli.CommandLine.Option;

/**
 * {@code --engine NAME} and {@code --master URL}, shared by the commands whose work an optional engine can run (run,
 * audit, release): the check that {@code --master} comes with an engine, and the engine itself, looked up by name.
 */
final class EngineOption {

    @Option(names = "--engine", paramLabel = "NAME", defaultValue = Engines.LOCAL,
            description = "Where the work runs (run: the (cell, replicate) tasks; audit: the releases; release: the "
                    + "sums over records, block by block): local (this "
                    + "JVM's threads; the default) or an optional engine, e.g. spark (./mdp adds engines/spark to "
                    + "the class path when asked). The outputs are the same either way, wall times aside.")
    String name;

    @Option(names = "--master", paramLabel = "URL", description = "The engine's cluster, e.g. local[2], "
            + "spark://host:7077 or yarn (default: spark-submit's master, else local[*]).")
    String master;

    /** Refuses {@code --master} without {@code --engine}: before anything is loaded or built. */
    void check() {
        if (master != null && local()) {
            throw new IllegalArgumentException("--master names an engine's cluster; give --engine too (e.g. --engine "
                    + "spark --master local[2]). Provided value: " + master);
        }
    }

    /** Whether the work runs in this JVM (no {@code --engine}, or {@code --engine local}). */
    boolean local() {
        return Engines.LOCAL.equals(name);
    }

    /**
     * The engine {@code --engine} names, found through {@code loader}, or null for local; an unknown name fails here,
     * so call it before building the work.
     */
    RunEngine engine(ClassLoader loader) {
        return local() ? null : Engines.named(name, loader);
    }
}
