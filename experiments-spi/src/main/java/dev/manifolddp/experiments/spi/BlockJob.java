package dev.manifolddp.experiments.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A study's tasks for an engine ({@link RunEngine#run}): how many, the worker that runs a block of them, the plugin
 * jars the worker needs where it runs, and the engine's cluster.
 *
 * @param name       what the engine calls the job (e.g. {@code mdp run quickstart})
 * @param tasks      the number of tasks, numbered {@code 0..tasks-1}
 * @param pluginJars the plugin jars of {@code --plugins}, in load order: the engine ships them to its workers and
 *                   passes their local copies to {@link BlockWorker#run}
 * @param master     the engine's cluster ({@code --master}), or null for the engine's default
 * @param worker     runs a block of tasks wherever the engine puts it
 */
public record BlockJob(String name, int tasks, List<Path> pluginJars, String master, BlockWorker worker) {

    public BlockJob {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(worker, "worker");
        if (tasks < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a job's task count must be at least 0. "
                    + "Provided value: %d", tasks));
        }
        pluginJars = List.copyOf(pluginJars);
    }
}
