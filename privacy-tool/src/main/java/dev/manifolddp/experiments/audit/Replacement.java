package dev.manifolddp.experiments.audit;

import java.util.Locale;

/**
 * Where the replaced record of a {@link BoundaryPair} goes: D holds n copies of {@code b = exp(c, t u)} and D' moves
 * one of them. Which move is worst depends on the estimand: the opposite boundary point for a mean (it moves the
 * mean farthest), the centre for a spread about the centre (it changes {@code rho(c, x)^2} by the most, r^2), a
 * perpendicular boundary point for a second moment (it changes {@code v v^T} by the most, {@code sqrt(2) r^2}).
 */
public enum Replacement {
    /** {@code b' = exp(c, -t u)}: the opposite boundary point (the mean's worst case; the default). */
    OPPOSITE,
    /** {@code b' = c}: the centre (the Frechet variance's worst case about the centre). */
    CENTRE,
    /** {@code b' = exp(c, t w)}, w a unit tangent vector perpendicular to u (tangent PCA's worst case). */
    ORTHOGONAL;

    /** The name on the command line and in audit.json. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The replacement named {@code name} (as {@link #configName}). */
    public static Replacement parse(String name) {
        for (Replacement replacement : values()) {
            if (replacement.configName().equals(name)) {
                return replacement;
            }
        }
        throw new IllegalArgumentException("--replace: unknown replacement '" + name + "'; use opposite, centre or "
                + "orthogonal. Provided value: " + name);
    }
}
