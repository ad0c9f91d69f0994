package dev.manifolddp.engines.spark;

import java.io.Serializable;
import java.util.List;

/**
 * What every Spark task receives: where to rebuild the experiment from, and how the (cell, replicate) tasks are cut
 * into blocks. Plain strings and numbers, so it serializes to any executor.
 *
 * @param config     the configuration file's absolute path, as the executors see it
 * @param pluginJars the file names of the plugin jars shipped with the job ({@code SparkContext.addFile}); empty
 *                   without {@code --plugins}
 * @param scale      {@code --scale}
 * @param tasks      cells x replicates, as the driver counted them (a worker that counts differently was given a
 *                   different configuration and refuses to run)
 * @param mechanisms mechanisms per task, as the driver counted them
 * @param blockSize  tasks per block; block b runs tasks {@code [b blockSize, min(tasks, (b + 1) blockSize))}
 */
record BlockSpec(String config, List<String> pluginJars, double scale, int tasks, int mechanisms, int blockSize)
        implements Serializable {

    BlockSpec {
        pluginJars = List.copyOf(pluginJars);
    }

    int blocks() {
        return (tasks + blockSize - 1) / blockSize;
    }

    int first(int block) {
        return block * blockSize;
    }

    int end(int block) {
        return Math.min(tasks, (block + 1) * blockSize);
    }
}
