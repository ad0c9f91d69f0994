package dev.manifolddp.engines.spark;

import java.io.Serializable;
import java.util.List;

/**
 * How a job's tasks are cut into blocks, and the plugin jars shipped with it: what every Spark task needs besides the
 * worker.
 *
 * @param pluginJars the shipped plugin jars' file names, in load order ({@code SparkFiles.get} finds each executor's
 *                   copy)
 * @param tasks      the job's task count
 * @param blockSize  tasks per block (the last block may be shorter)
 */
record BlockSpec(List<String> pluginJars, int tasks, int blockSize) implements Serializable {

    BlockSpec {
        pluginJars = List.copyOf(pluginJars);
    }

    int blocks() {
        return tasks == 0 ? 0 : (tasks + blockSize - 1) / blockSize;
    }

    int first(int block) {
        return block * blockSize;
    }

    int end(int block) {
        return Math.min(tasks, (block + 1) * blockSize);
    }
}
