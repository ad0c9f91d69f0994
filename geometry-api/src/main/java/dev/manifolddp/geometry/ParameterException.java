package dev.manifolddp.geometry;

/**
 * A refused value of one named parameter of a component ({@link Parameters}): the name is a field, so that a caller
 * that knows where the parameters came from (a configuration's {@code data} or {@code mechanisms[2].params}) can point
 * at the exact key without reading the message.
 */
public final class ParameterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String parameter;

    public ParameterException(String parameter, String message, Throwable cause) {
        super(message, cause);
        this.parameter = parameter;
    }

    /** The parameter's name, e.g. {@code r}. */
    public String parameter() {
        return parameter;
    }
}
