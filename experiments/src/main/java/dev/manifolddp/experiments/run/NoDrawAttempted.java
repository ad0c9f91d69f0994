package dev.manifolddp.experiments.run;

/**
 * Thrown by {@link NoDrawRandom} at a mechanism's first random draw: the release has passed every calibration check
 * and would now draw its noise. It is how {@link CalibrationCheck} stops a release without drawing.
 */
public final class NoDrawAttempted extends RuntimeException {

    private static final long serialVersionUID = 1L;

    NoDrawAttempted(String method) {
        super("the release reached its first random draw (" + method + "); the calibration check stops it there",
                null, false, false);
    }
}
