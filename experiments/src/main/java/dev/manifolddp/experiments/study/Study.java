package dev.manifolddp.experiments.study;

import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.spi.Progress;
import java.nio.file.Path;
import java.util.List;

/**
 * A configuration built and ready to run, whatever its kind: a mechanism comparison, a regression experiment or one
 * of the sensitivity checks. {@code mdp run} and {@code mdp validate} talk to every kind through this one type;
 * which kind a file is was decided once, by name, when it was read ({@link StudyKinds}).
 */
public interface Study {

    /** The configuration's name, also its default output folder {@code results/<name>}. */
    String name();

    /** What {@code mdp validate} prints after "FILE is valid: ": the size of the study and what was checked. */
    String validity();

    /**
     * The line {@code mdp run} prints before it starts, e.g. "quickstart: 7 cells x 5 mechanisms x 500 replicates =
     * 17500 releases on 2 threads".
     *
     * @param engine the distributed engine's description, or null for a local run
     */
    String plan(String engine);

    /** The progress steps of a run. */
    long tasks();

    /** Whether a distributed engine ({@code --engine}) can run it: mechanism comparisons only. */
    default boolean distributable() {
        return false;
    }

    /**
     * Runs the study and writes its outputs into {@code folder}.
     *
     * @param engine   the distributed engine, or null to run on this machine's threads
     * @param progress one step per task
     */
    Finished run(Path folder, Engine engine, Progress progress);

    /**
     * A distributed engine seen from a study: it runs an experiment's tasks elsewhere and returns the runner's
     * records, the same bytes as a local run.
     */
    @FunctionalInterface
    interface Engine {
        RunResult run(Experiment experiment, Progress progress);
    }

    /**
     * A finished run.
     *
     * @param wallSeconds the run's wall time
     * @param files       the files written, in writing order
     */
    record Finished(double wallSeconds, List<String> files) {
        public Finished {
            files = List.copyOf(files);
        }
    }
}
