package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.spi.BlockWorker;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.function.Function;

/**
 * The Spark task: runs one block of a job's tasks on an executor through the job's worker, with the executor's copies
 * of the shipped plugin jars; nothing about a task depends on where it runs.
 */
final class BlockTask implements Function<Integer, byte[]> {

    private static final long serialVersionUID = 1L;

    private final BlockSpec spec;
    private final BlockWorker worker;

    BlockTask(BlockSpec spec, BlockWorker worker) {
        this.spec = spec;
        this.worker = worker;
    }

    @Override
    public byte[] call(Integer block) {
        List<Path> jars = spec.pluginJars().stream().map(name -> Path.of(SparkFiles.get(name))).toList();
        return worker.run(spec.first(block), spec.end(block), jars);
    }
}
