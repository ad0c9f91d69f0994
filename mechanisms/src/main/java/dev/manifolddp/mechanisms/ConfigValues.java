package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Configuration parameters of a {@link MechanismProvider}, checked against its {@link ParameterSpec}s (unknown keys
 * fail with the list of accepted ones) and read as typed values with messages that name the parameter.
 */
final class ConfigValues {

    static final ParameterSpec SIGMA_RULE = ParameterSpec.optional("sigma-rule",
            "noise scale: proven (the theorem's calibration), paper (the published experiment's; see the mechanism), "
                    + "scaled:F (F times proven) or fixed:S; anything below the proven scale is recorded as not "
                    + "private", "proven");
    static final ParameterSpec NON_PRIVATE = ParameterSpec.optional("non-private",
            "true allows bounds computed from the data (a data-derived ball or ranges); the release is then marked "
                    + "not private", "false");

    private final String owner;
    private final Parameters parameters;

    private ConfigValues(String owner, Parameters parameters) {
        this.owner = owner;
        this.parameters = parameters;
    }

    /** Checks {@code given} (null means none) against {@code specs} and fills in defaults. */
    static ConfigValues check(String mechanism, List<ParameterSpec> specs, Map<String, String> given) {
        String owner = "mechanism '" + mechanism + "'";
        return new ConfigValues(owner, Parameters.check(owner, specs, given == null ? Map.of() : given));
    }

    private boolean has(String name) {
        return parameters.asMap().containsKey(name);
    }

    String string(String name) {
        return parameters.string(name);
    }

    int integer(String name, int min) {
        return parameters.integer(name, min, Integer.MAX_VALUE);
    }

    int integer(String name, int min, int max) {
        return parameters.integer(name, min, max);
    }

    double positiveReal(String name) {
        return parameters.positiveReal(name);
    }

    boolean bool(String name) {
        String text = parameters.string(name);
        if (text.equalsIgnoreCase("true")) {
            return true;
        }
        if (text.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(String.format(
                "%s: parameter '%s' must be true or false. Provided value: %s", owner, name, text));
    }

    /**
     * The MCMC settings among these parameters ({@link McmcSettings#read}); the provider's parameter specs give every
     * key a default, so {@code defaults} only fills keys the mechanism does not declare.
     */
    McmcSettings mcmc(McmcSettings defaults) {
        return McmcSettings.read(new McmcSettings.Source() {
            @Override
            public Long longValue(String key, long min) {
                return has(key) ? (long) integer(key, (int) min) : null;
            }

            @Override
            public Integer intValue(String key, int min) {
                return has(key) ? integer(key, min) : null;
            }

            @Override
            public Double positive(String key) {
                return has(key) ? positiveReal(key) : null;
            }

            @Override
            public <T> T choice(String key, Function<String, T> parse) {
                return has(key) ? parse.apply(string(key)) : null;
            }
        }, defaults);
    }

    SigmaRule sigmaRule() {
        return SigmaRule.parse(parameters.string(SIGMA_RULE.name()));
    }

    boolean nonPrivate() {
        return bool(NON_PRIVATE.name());
    }
}
