package dev.manifolddp.experiments.run;

/** A run stopped because a replicate failed; the message names the cell, replicate and stage. */
public final class ExperimentFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ExperimentFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
