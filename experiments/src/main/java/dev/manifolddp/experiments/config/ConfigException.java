package dev.manifolddp.experiments.config;

import dev.manifolddp.geometry.ParameterException;

/**
 * A configuration error at a path of the YAML document, e.g. {@code mechanisms[2].params.burnin}. The message starts
 * with the path and says what is allowed, so the CLI can print it as the one line a user needs.
 */
public final class ConfigException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String path;

    public ConfigException(String path, String message) {
        super(path.isEmpty() ? message : path + ": " + message);
        this.path = path;
    }

    public ConfigException(String path, String message, Throwable cause) {
        super(path.isEmpty() ? message : path + ": " + message, cause);
        this.path = path;
    }

    /** Where in the document the error is; empty for the document as a whole. */
    public String path() {
        return path;
    }

    /**
     * Runs {@code action}, turning a refusal (IllegalArgumentException or IllegalStateException) into an error at the
     * configuration key {@code path}; a ConfigException passes through unchanged.
     */
    public static <T> T at(String path, java.util.function.Supplier<T> action) {
        try {
            return action.get();
        } catch (ConfigException e) {
            throw e;
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ConfigException(path, String.valueOf(e.getMessage()).replace('\n', ' '), e);
        }
    }

    /**
     * {@link #at} for an action that reads the parameters written as the keys of the map at {@code path} (e.g.
     * {@code data} or {@code mechanisms[2].params}): a refused parameter ({@link ParameterException}) is reported at
     * its own key, {@code path.NAME}.
     */
    public static <T> T atParameters(String path, java.util.function.Supplier<T> action) {
        try {
            return action.get();
        } catch (ParameterException e) {
            throw new ConfigException(path + "." + e.parameter(), String.valueOf(e.getMessage()).replace('\n', ' '),
                    e);
        }
    }
}
