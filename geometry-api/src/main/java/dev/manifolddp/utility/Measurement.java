package dev.manifolddp.utility;

/**
 * One utility value of one release, and how it was obtained. An {@link Status#UNDEFINED} measurement is written as an
 * empty cell and counted in the run's report; it is never a silent NaN.
 *
 * @param value  the utility (NaN exactly when {@code status} is {@link Status#UNDEFINED})
 * @param status how the value was obtained
 */
public record Measurement(double value, Status status) {

    /** How a measurement was obtained. */
    public enum Status {
        /** Measured on the release itself. */
        EXACT,
        /** The release was not a point of the manifold; measured on its projection onto the manifold. */
        PROJECTED,
        /** The measure does not apply to this release (e.g. an off-manifold release with no projection). */
        UNDEFINED
    }

    public Measurement {
        if (status == null) {
            throw new IllegalArgumentException("a measurement needs a status. Provided value: null");
        }
        if ((status == Status.UNDEFINED) != Double.isNaN(value)) {
            throw new IllegalArgumentException(String.format(
                    "a measurement is NaN exactly when it is UNDEFINED; report an undefined value with "
                            + "Measurement.undefined(). Provided value: %s (%s)", value, status));
        }
    }

    public static Measurement exact(double value) {
        return new Measurement(value, Status.EXACT);
    }

    public static Measurement projected(double value) {
        return new Measurement(value, Status.PROJECTED);
    }

    public static Measurement undefined() {
        return new Measurement(Double.NaN, Status.UNDEFINED);
    }

    public boolean isDefined() {
        return status != Status.UNDEFINED;
    }
}
