package dev.manifolddp.mechanisms.regression;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How {@link PrivateGeodesicRegression} releases the footpoint and the shooting vector. */
public enum RegressionMethod {
    /**
     * One K-norm gradient density on the tangent bundle for the pair {@code (p, v)}, sensitivity
     * {@code sqrt(Delta_p^2 + Delta_v^2)}, one budget: the target law is proven epsilon-DP (docs/private-regression.md
     * §2).
     */
    JOINT("joint"),
    /**
     * Kulkarni and Soto's two steps: the footpoint with the non-private shooting vector transported to each candidate,
     * then the vector at the released footpoint, budgets {@code epsilon_p + epsilon_v}. Unproven: one record changes
     * the transported vector field, so {@code Delta_p} does not bound the first step (docs/private-regression.md §1).
     */
    PAPER("paper"),
    /**
     * Two steps with a public first-step vector (docs/private-regression.md §4): the footpoint with the shooting vector
     * held at 0 (public), then the vector at the released footpoint; both steps are in Kulkarni and Soto's fixed-vector
     * and fixed-footpoint settings, so the target is proven {@code (epsilon_p + epsilon_v)}-DP by sequential
     * composition.
     */
    PUBLIC_VECTOR("public-vector");

    private final String configName;

    RegressionMethod(String configName) {
        this.configName = configName;
    }

    /** The name used in configurations and in the release's parameters. */
    public String configName() {
        return configName;
    }

    /** Reads a configuration name; unknown names fail with the allowed ones. */
    public static RegressionMethod parse(String text) {
        String trimmed = text == null ? null : text.trim();
        for (RegressionMethod method : values()) {
            if (method.configName.equals(trimmed)) {
                return method;
            }
        }
        throw new IllegalArgumentException("unknown regression method; allowed: " + Arrays.stream(values())
                .map(RegressionMethod::configName).collect(Collectors.joining(", ")) + ". Provided value: " + text);
    }
}
