package dev.manifolddp.experiments.cli;

import dev.manifolddp.mechanisms.McmcSettings;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code --param} flags of a regression release as a source of {@link McmcSettings#read}: each value is read
 * from its text with the flag's own rule and message ({@link NumericFlag}), and a combination of steps the settings
 * refuse is reported for {@code --estimator geodesic-regression}. Counts are at least 1 here, burn-in included.
 */
final class McmcParams implements McmcSettings.Source {

    /** Upper bounds and meanings of the integer flags, for the messages. */
    private static final Map<String, Integer> MAX = Map.of(McmcSettings.BURN_IN, Integer.MAX_VALUE,
            McmcSettings.THIN, 1_000_000, McmcSettings.CHAINS, 64);
    private static final Map<String, String> MEANING = Map.of(McmcSettings.BURN_IN, "MCMC burn-in",
            McmcSettings.THIN, "MCMC thinning", McmcSettings.CHAINS, "MCMC chains");

    private final Map<String, String> params;
    private final String estimator;

    /**
     * @param params    the {@code --param} keys and texts; keys the regression does not accept were refused before
     * @param estimator the {@code --estimator} value, named by a refused combination
     */
    McmcParams(Map<String, String> params, String estimator) {
        this.params = params;
        this.estimator = estimator;
    }

    @Override
    public Long longValue(String key, long min) {
        return params.containsKey(key) ? (long) count(key) : null;
    }

    @Override
    public Integer intValue(String key, int min) {
        return params.containsKey(key) ? count(key) : null;
    }

    private int count(String key) {
        return NumericFlag.count("--param " + key, params.get(key), MAX.get(key), MEANING.get(key));
    }

    @Override
    public Double positive(String key) {
        return params.containsKey(key)
                ? NumericFlag.positive("--param " + key, params.get(key), "the MCMC step factor t") : null;
    }

    @Override
    public <T> T choice(String key, Function<String, T> parse) {
        if (!params.containsKey(key)) {
            return null;
        }
        try {
            return parse.apply(params.get(key));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--param " + key + ": " + e.getMessage(), e);
        }
    }

    @Override
    public IllegalArgumentException refused(IllegalArgumentException e) {
        return new IllegalArgumentException("--estimator " + estimator + ": " + e.getMessage(), e);
    }
}
