package dev.manifolddp.experiments.run;

/**
 * A run stopped because a replicate failed; the message names the cell, replicate and stage, and, where one is known,
 * the configuration key to change, which {@link #key()} also carries.
 */
public final class ExperimentFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String key;

    public ExperimentFailure(String message, Throwable cause) {
        this(message, "", cause);
    }

    /** A failure whose fix is a change of the configuration key(s) {@code key}, e.g. {@code data.r}. */
    public ExperimentFailure(String message, String key, Throwable cause) {
        super(message, cause);
        this.key = key;
    }

    /** The configuration key(s) to change, e.g. {@code data.radius}; empty when the failure names none. */
    public String key() {
        return key;
    }
}
