package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.audit.AuditTasks;
import dev.manifolddp.experiments.cli.Experiments;
import java.util.List;
import org.apache.spark.api.java.function.Function;

/** The Spark task of an audit: one chunk of one mechanism's releases, on an executor that rebuilt the audit. */
final class AuditChunkTask implements Function<Integer, double[]> {

    private static final long serialVersionUID = 1L;

    /** The audit of the last arguments this executor JVM saw. */
    private static List<String> cachedArguments;
    private static AuditTasks cached;

    private final List<String> arguments;
    private final int target;

    AuditChunkTask(List<String> arguments, int target) {
        this.arguments = List.copyOf(arguments);
        this.target = target;
    }

    @Override
    public double[] call(Integer chunk) {
        return tasks(arguments).chunk(target, chunk);
    }

    /** Drops the cached audit: in local mode the executors live in the driver's JVM, which outlives the job. */
    static synchronized void forget() {
        cached = null;
        cachedArguments = null;
    }

    private static synchronized AuditTasks tasks(List<String> arguments) {
        if (cached == null || !cachedArguments.equals(arguments)) {
            cached = Experiments.audit(arguments);
            cachedArguments = arguments;
        }
        return cached;
    }
}
