package dev.manifolddp.estimators;

/**
 * The public domain of a private geodesic regression, fixed before seeing the data: responses in the data ball
 * {@code B_r(m0)}, candidate footpoints in {@code B_Rp(m0)}, candidate shooting vectors with {@code |v|_p <= V}
 * (covariates rescaled into [0, 1] by a public range). The sensitivities of {@link RegressionSensitivity} are
 * suprema over this domain, so they depend on all three radii, not only on the residual bound tau: V is the longest
 * geodesic {@code t -> exp(p, t x v)} along which the Jacobi-field factors are evaluated.
 *
 * @param dataRadius r, finite and {@code > 0}
 * @param footpointRadius Rp, finite and {@code >= 0}
 * @param maxSpeed V, finite and {@code >= 0}
 */
public record RegressionDomain(double dataRadius, double footpointRadius, double maxSpeed) {

    /** @throws IllegalArgumentException naming the radius that is not finite or out of range */
    public RegressionDomain {
        if (!(dataRadius > 0) || !Double.isFinite(dataRadius)) {
            throw new IllegalArgumentException("dataRadius (r), the radius of the public data ball, must be finite "
                    + "and > 0. Provided value: " + dataRadius);
        }
        requireNonNegative("footpointRadius", footpointRadius);
        requireNonNegative("maxSpeed", maxSpeed);
    }

    private static void requireNonNegative(String name, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite and >= 0 (a public bound). Provided value: "
                    + value);
        }
    }
}
