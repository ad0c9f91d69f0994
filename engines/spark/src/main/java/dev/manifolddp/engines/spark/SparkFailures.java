package dev.manifolddp.engines.spark;

import java.util.function.Supplier;

/**
 * Turns a failed Spark job back into the failure a local run reports. Spark wraps a task's exception in a
 * {@code SparkException} whose message is the whole stage failure with the executor's stack trace; the task's own
 * exception travels as its cause. A deterministic failure of a task (a bad parameter, a mechanism that refuses its
 * input) is the application's own exception (the runner's failure naming the cell, replicate and stage, an
 * {@link IllegalArgumentException} or an {@link IllegalStateException}): that first error is rethrown as it was, so
 * {@code mdp} prints one line, as without Spark. The engine knows no application type: any runtime exception of a
 * {@code dev.manifolddp} class counts as the application's.
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
                if (cause instanceof IllegalArgumentException || cause instanceof IllegalStateException
                        || cause instanceof RuntimeException && cause.getClass().getName().startsWith("dev.manifolddp.")) {
                    throw (RuntimeException) cause;
                }
            }
            throw new IllegalStateException("the Spark job failed: " + firstLine(e.getMessage()), e);
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
