package dev.manifolddp.geometry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The parameters given to a provider, checked against the {@link ParameterSpec}s it declares: unknown keys and
 * missing required keys fail with a message that lists what the provider accepts.
 */
public final class Parameters {

    private final String owner;
    private final List<ParameterSpec> specs;
    private final Map<String, String> values;

    private Parameters(String owner, List<ParameterSpec> specs, Map<String, String> values) {
        this.owner = owner;
        this.specs = specs;
        this.values = values;
    }

    /**
     * Checks {@code given} against {@code specs} and fills in defaults.
     *
     * @param owner what the parameters are for, used in messages (e.g. {@code "geometry 'sphere'"})
     */
    public static Parameters check(String owner, List<ParameterSpec> specs, Map<String, String> given) {
        if (given == null) {
            throw new IllegalArgumentException(String.format(
                    "%s: the parameters are null (no parameter map); pass an empty map for the defaults. It accepts: %s. "
                            + "Provided value: null", owner, describe(specs)));
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : given.entrySet()) {
            boolean known = specs.stream().anyMatch(spec -> spec.name().equals(entry.getKey()));
            if (!known) {
                throw new IllegalArgumentException(String.format("%s has no parameter '%s'; it accepts: %s",
                        owner, entry.getKey(), describe(specs)));
            }
        }
        for (ParameterSpec spec : specs) {
            String value = given.get(spec.name());
            if (value == null) {
                value = spec.defaultValue();
            }
            if (value == null) {
                throw new IllegalArgumentException(String.format("%s needs the parameter '%s'; it accepts: %s",
                        owner, spec.name(), describe(specs)));
            }
            values.put(spec.name(), value.trim());
        }
        return new Parameters(owner, specs, values);
    }

    /** A one-line list of the specs, e.g. {@code d (required): dimension; radius (default 1): radius}. */
    public static String describe(List<ParameterSpec> specs) {
        if (specs.isEmpty()) {
            return "no parameters";
        }
        return specs.stream().map(ParameterSpec::toString).collect(Collectors.joining("; "));
    }

    public String string(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException(String.format("%s declares no parameter '%s'; it accepts: %s",
                    owner, name, describe(specs)));
        }
        return value;
    }

    /** An integer parameter in {@code [min, max]}. */
    public int integer(String name, int min, int max) {
        String text = string(name);
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            // an integer too large for an int is out of range, not "not an integer": say the range either way
            boolean integral = text.matches("[+-]?[0-9]+");
            throw new ParameterException(name, String.format("%s: parameter '%s' %s in [%d, %d]. Provided value: %s",
                    owner, name, integral ? "is an integer outside the range; it must lie" : "must be an integer",
                    min, max, text), e);
        }
        if (value < min || value > max) {
            throw new ParameterException(name, String.format(
                    "%s: parameter '%s' must lie in [%d, %d]. Provided value: %d", owner, name, min, max, value), null);
        }
        return value;
    }

    /** A finite real parameter that is strictly positive. */
    public double positiveReal(String name) {
        double value = number(name);
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new ParameterException(name, String.format(
                    "%s: parameter '%s' must be a finite positive number. Provided value: %s", owner, name,
                    string(name)), null);
        }
        return value;
    }

    /**
     * A finite real parameter in {@code [min, max]}, for quantities whose arithmetic would overflow or underflow
     * outside a range (the message gives the range).
     */
    public double real(String name, double min, double max) {
        double value = number(name);
        if (!(value >= min && value <= max)) {
            throw new ParameterException(name, String.format(
                    "%s: parameter '%s' must be a finite number in [%s, %s]. Provided value: %s", owner, name, min,
                    max, string(name)), null);
        }
        return value;
    }

    private double number(String name) {
        String text = string(name);
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new ParameterException(name, String.format("%s: parameter '%s' must be a number. Provided value: "
                    + "%s", owner, name, text), e);
        }
    }

    /** The checked values, defaults filled in, in declaration order of the given map then the specs. */
    public Map<String, String> asMap() {
        return Map.copyOf(values);
    }
}
