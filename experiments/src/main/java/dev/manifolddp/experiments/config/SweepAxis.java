package dev.manifolddp.experiments.config;

import java.util.List;

/**
 * One axis of the sweep: its name and its values as written in the configuration (text, so that a value prints in
 * outputs exactly as the user wrote it). {@code n}, {@code epsilon} and {@code delta} have fixed meanings; any other
 * axis is substituted into {@code {name}} placeholders.
 */
public record SweepAxis(String name, List<String> values) {

    /** The sample-size axis. */
    public static final String N = "n";
    /** The privacy-loss axis (required). */
    public static final String EPSILON = "epsilon";
    /** The failure-probability axis (default 0: pure DP). */
    public static final String DELTA = "delta";

    public SweepAxis {
        values = List.copyOf(values);
    }

    /** True when the axis takes more than one value. */
    public boolean isSwept() {
        return values.size() > 1;
    }

    /** True for n, epsilon and delta. */
    public boolean isBuiltIn() {
        return name.equals(N) || name.equals(EPSILON) || name.equals(DELTA);
    }
}
