package dev.manifolddp.spi;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * A release refused because of its public inputs, naming the inputs to change as a field ({@link #inputs}), so that a
 * front end points at its own flag or configuration key without reading the message's words. Thrown by calibrations
 * and sensitivity bounds before any record is read.
 */
public final class PublicInputException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final Set<PublicInput> inputs;

    /** A refusal that changing {@code input} can lift; {@code message} says how (ending in "Provided value: ..."). */
    public PublicInputException(PublicInput input, String message) {
        this(EnumSet.of(input), message);
    }

    /** A refusal that changing any of {@code inputs} can lift. */
    public PublicInputException(Set<PublicInput> inputs, String message) {
        super(message);
        if (inputs == null || inputs.isEmpty()) {
            throw new IllegalArgumentException("a public-input refusal names at least one input. Provided value: "
                    + inputs);
        }
        this.inputs = Collections.unmodifiableSet(EnumSet.copyOf(inputs));
    }

    /** The inputs whose change can lift the refusal, in declaration order. */
    public Set<PublicInput> inputs() {
        return inputs;
    }
}
