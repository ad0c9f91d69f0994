package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.run.ExperimentFailure;
import java.util.function.Supplier;

/**
 * Turns a failed Spark job back into the failure a local run reports. Spark wraps a task's exception in a
 * {@code SparkException} whose message is the whole stage failure with the executor's stack trace; the task's own
 * exception travels as its cause. A deterministic failure of a task (a bad parameter, a mechanism that refuses its
 * input) is an {@link ExperimentFailure} or an {@link IllegalArgumentException} naming the cell, replicate and stage:
 * that first error is rethrown as it was, so {@code mdp} prints one line, as without Spark.
 */
final class SparkFailures {

    private SparkFailures() {
    }

    static <T> T rethrowFirst(Supplier<T> job) {
        try {
            return job.get();
        } catch (Exception e) {
            // SparkException is a checked exception that Scala throws undeclared, hence catch Exception
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof ExperimentFailure || cause instanceof IllegalArgumentException
                        || cause instanceof IllegalStateException) {
                    throw (RuntimeException) cause;
                }
            }
            throw new ExperimentFailure("the Spark job failed: " + firstLine(e.getMessage()), e);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
