package dev.manifolddp.estimators;

import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometry;
import java.util.Locale;

/**
 * Sensitivities of private geodesic regression by KNG (Kulkarni and Soto 2025, Theorem 3.3 and eq. (44)) and
 * the public residual bound tau they rest on. The proofs, including where this class is stricter than the paper,
 * are in {@code docs/private-regression.md}.
 *
 * <p><b>The public domain.</b> A private regression draws its candidates from a domain fixed before seeing the data:
 * footpoints {@code p} in the geodesic ball {@code B_Rp(m0)}, shooting vectors {@code |v|_p <= V}, covariates rescaled
 * by a public range into [0, 1], responses in the data ball {@code B_r(m0)} (same centre). For every record and
 * <em>every</em> candidate {@code (p, v)} the residual {@code eps_i = log(exp(p, x_i v), y_i)} then satisfies
 * <pre>
 *   |eps_i| = rho(exp(p, x_i v), y_i) &lt;= rho(exp(p, x_i v), p) + rho(p, m0) + rho(m0, y_i) &lt;= V + Rp + r = tau
 * </pre>
 * ({@link #defaultTau}). Kulkarni and Soto 2025 ask only for residuals at the fit (Assumption 3.2) and bound the geodesic
 * length through a record at covariate 0 (their App. C), which a public covariate range does not guarantee; neither
 * is used here. Their {@code tau_m} (the radius of the ball holding the responses, App. C) entered only the length at
 * which the Jacobi factors were evaluated, and is not needed: callers pass the whole {@link RegressionDomain}.
 *
 * <p><b>The Jacobi-field factors</b> {@code cosh(sqrt(-kl) L)} and {@code sinh(sqrt(-kl) L) / (sqrt(-kl) L)} come from
 * Rauch comparison with the model space of curvature {@code kl < 0}, along the geodesics the gradients use,
 * {@code t -> exp(p, t x v)}, whose length {@code L = x |v|} is at most V on the domain; both factors grow with L, so
 * they are evaluated at {@code L = V}. Kulkarni and Soto 2025 evaluate them at {@code 2 (tau_m + tau)}, a bound on a
 * geodesic length of their App. C that is never below V here ({@code tau >= V}); on SPD(2) with r = Rp = 0.5, V = 1
 * that made the joint sensitivity 71.4/n instead of 6.65/n. When {@code kmax > 0} the geodesics must end before the
 * first focal distance {@code pi / (2 sqrt(kmax))} ({@link #requireReach}).
 *
 * <p><b>Where each bound holds.</b> Flat and complete with no cut locus (log-Euclidean SPD): the exact suprema
 * {@code (2r + V)/n} and {@link #flatShootingVectorSupremum}. Lower curvature {@code kl >= 0} otherwise (spheres,
 * Kendall): {@code 2 tau / n} for both (Kulkarni and Soto 2025, Theorem 3.3, eq. (44)). {@code kl < 0}:
 * {@code 2 tau / n} times the factors at V. Proofs in {@code docs/private-regression.md} §3.
 *
 * <p>Every function checks its assumptions and throws an {@link IllegalArgumentException} naming the argument,
 * ending in {@code "Provided value: ..."}. All inputs must be public; {@link #dataDerivedTau} is the one
 * data-derived value and is refused unless the caller marks the run non-private.
 */
public final class RegressionSensitivity {

    private RegressionSensitivity() {
    }

    /**
     * The footpoint sensitivity, {@code sup |grad_p E(p, v; D) - grad_p E(p, v; D')|_p} over adjacent D, D' and every
     * {@code (p, v)} of the domain, with {@code kl = g.curvature().min()}: {@code (2 tau / n) cosh(sqrt(-kl) V)} when
     * {@code kl < 0} (Kulkarni and Soto 2025, Theorem 3.3, with the factor at the domain's geodesic length V),
     * {@code 2 tau / n} when {@code kl >= 0}, and {@code min(2 tau, 2r + V) / n} on a flat geometry without cut locus,
     * where {@code (2r + V)/n} is attained.
     *
     * @param tau a bound on every residual over the domain (see {@link #defaultTau}), in (0, inj M)
     * @param domain the public domain: r, Rp and V
     * @param n the public number of records, {@code >= 1}
     * @throws IllegalArgumentException when an argument is out of range, or V is so long that the factor overflows
     */
    public static double footpoint(Geometry g, double tau, RegressionDomain domain, int n) {
        double kl = checkedLowerCurvature(g, tau, domain, n);
        if (isFlatWithoutCutLocus(g)) {
            return Math.min(2 * tau, 2 * domain.dataRadius() + domain.maxSpeed()) / n;
        }
        double base = 2 * tau / n;
        if (kl >= 0) {
            return base;
        }
        return finite(base * Math.cosh(Math.sqrt(-kl) * domain.maxSpeed()), "cosh", g, domain);
    }

    /**
     * The shooting-vector sensitivity, {@code sup |grad_v E(p, v; D) - grad_v E(p, v; D')|_p} over the same pairs and
     * points: {@code (2 tau / n) sinh(c) / c} with {@code c = sqrt(-kl) V} when {@code kl < 0} (eq. (44) of
     * Kulkarni and Soto 2025, whose {@code (tau / n) sinh(2a) / a} is this expression at the length
     * {@code 2a / sqrt(-kl)}), {@code 2 tau / n} when {@code kl >= 0}, and {@code min(2 tau, S) / n} with
     * {@code S =} {@link #flatShootingVectorSupremum} on a flat geometry without cut locus.
     * Needs the rescaled covariates in [0, 1].
     *
     * @throws IllegalArgumentException when an argument is out of range (as {@link #footpoint})
     */
    public static double shootingVector(Geometry g, double tau, RegressionDomain domain, int n) {
        double kl = checkedLowerCurvature(g, tau, domain, n);
        if (isFlatWithoutCutLocus(g)) {
            return Math.min(2 * tau, flatShootingVectorSupremum(domain)) / n;
        }
        double base = 2 * tau / n;
        if (kl >= 0) {
            return base;
        }
        double c = Math.sqrt(-kl) * domain.maxSpeed();
        return finite(c == 0 ? base : base * Math.sinh(c) / c, "sinh", g, domain);
    }

    /**
     * The sensitivity of the joint KNG on the tangent bundle, {@code sqrt(Delta_p^2 + Delta_v^2)}: one record changes
     * {@code grad_p E} by at most {@link #footpoint} and {@code grad_v E} by at most {@link #shootingVector} at the
     * same {@code (p, v)}, so the pair changes by at most this much in the norm of {@code T_p M + T_p M}.
     *
     * @throws IllegalArgumentException when an argument is out of range (as {@link #footpoint})
     */
    public static double joint(Geometry g, double tau, RegressionDomain domain, int n) {
        return Math.hypot(footpoint(g, tau, domain, n), shootingVector(g, tau, domain, n));
    }

    /**
     * In flat space, {@code n} times the exact supremum of the shooting-vector sensitivity over the domain,
     * {@code max_{s in [0, 1]} (1 - s) Rp + (1 + s) r + (1 - s^2) V}: one record at covariate 1 against one at s
     * (proof in {@code docs/private-regression.md} §3). The maximiser is {@code s = (r - Rp) / (2V)} clamped to
     * [0, 1]; at {@code r <= Rp} it is 0 and the value is {@code V + Rp + r}.
     */
    static double flatShootingVectorSupremum(RegressionDomain domain) {
        double r = domain.dataRadius();
        double rp = domain.footpointRadius();
        double v = domain.maxSpeed();
        double s = v > 0 ? Math.max(0, Math.min(1, (r - rp) / (2 * v))) : (r > rp ? 1 : 0);
        return (1 - s) * rp + (1 + s) * r + (1 - s * s) * v;
    }

    /**
     * A flat geometry ({@code kmin = kmax = 0}) with infinite injectivity radius: by Cartan-Hadamard {@code exp_p} is
     * then an isometry of {@code T_p M} onto M, so M is a Euclidean space and the flat suprema apply.
     */
    static boolean isFlatWithoutCutLocus(Geometry g) {
        CurvatureBounds curvature = g.curvature();
        return curvature.min() == 0 && curvature.max() == 0 && g.injectivityRadius() == Double.POSITIVE_INFINITY;
    }

    /**
     * The residual bound over the whole public domain, {@code tau = V + Rp + r} (proof in the class comment and in
     * {@code docs/private-regression.md}). Checks, in this order: the radius limit of Kulkarni and Soto 2025
     * ({@link #requireRadiusLimit}), the footpoint radius and maximal speed, that the covariate range is public, that
     * tau stays below the injectivity radius ({@link #requireInsideInjectivityRadius}), and the focal condition
     * ({@link #requireReach}).
     *
     * @param r the radius of the public data ball {@code B_r(m0)}
     * @param footpointRadius Rp: candidate footpoints lie in {@code B_Rp(m0)}, finite and {@code >= 0}
     * @param maxSpeed V: candidate shooting vectors have {@code |v|_p <= V}, finite and {@code >= 0}
     * @param range the public covariate range that rescales the covariates into [0, 1]
     * @throws IllegalArgumentException when a check fails; the message names the argument and what to change
     */
    public static double defaultTau(Geometry g, double r, double footpointRadius, double maxSpeed,
                                    CovariateRange range) {
        requireRadiusLimit(g, r);
        requireNonNegative("footpointRadius", footpointRadius);
        requireNonNegative("maxSpeed", maxSpeed);
        if (range == null || !range.isPublic()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "range must be a public covariate range, fixed before seeing the data; the data's own minimum "
                            + "and maximum leak the covariates. Pass new CovariateRange(low, high, true). "
                            + "Provided value: %s", range));
        }
        double tau = maxSpeed + footpointRadius + r;
        if (!(tau < g.injectivityRadius())) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "tau = maxSpeed + footpointRadius + r must stay below the injectivity radius %s of %s, or a "
                            + "residual could reach the cut locus; shrink the public domain. Provided value: "
                            + "tau = %s + %s + %s = %s",
                    g.injectivityRadius(), g.spec(), maxSpeed, footpointRadius, r, tau));
        }
        requireReach(g, maxSpeed);
        return tau;
    }

    /**
     * A caller's public tau: accepted when it is at least {@link #defaultTau} of the same domain (the bounds grow with
     * tau, so a larger public value stays valid) and below the injectivity radius; a smaller value does not bound the
     * residuals of every candidate the mechanism can draw and is refused.
     *
     * @throws IllegalArgumentException when tau is below the domain's bound, or a check of {@code defaultTau} fails
     */
    public static double publicTau(Geometry g, double tau, double r, double footpointRadius, double maxSpeed,
                                   CovariateRange range) {
        double domainTau = defaultTau(g, r, footpointRadius, maxSpeed, range);
        if (!(tau >= domainTau) || !Double.isFinite(tau)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "tau must bound the residuals of every candidate (p, v) of the public domain, which needs tau >= "
                            + "maxSpeed + footpointRadius + r = %s; use that value (defaultTau) or a larger one. "
                            + "Provided value: %s", domainTau, tau));
        }
        requireInsideInjectivityRadius(g, tau);
        return tau;
    }

    /**
     * The largest residual {@code max_i |eps_i|} at {@code (p, v)}, usually the non-private fit: the tau of Kulkarni
     * and Soto's experiments (their App. A and §5), which they note is not private. Allowed only when the caller marks
     * the run non-private; a release that uses it has no privacy guarantee.
     *
     * @throws IllegalArgumentException unless {@code nonPrivate} is true, or when a residual is at the cut locus
     */
    public static double dataDerivedTau(GeodesicRegressionGradient field, double[] p, double[] v,
                                        boolean nonPrivate) {
        if (!nonPrivate) {
            throw new IllegalArgumentException("a tau read from the residuals of the data is not private; use "
                    + "defaultTau(g, r, footpointRadius, maxSpeed, range) from public values, or set non-private to "
                    + "mark the run as such. Provided value: nonPrivate = false");
        }
        if (field == null) {
            throw new IllegalArgumentException("field is null; pass GeodesicRegressionGradient.of(g, x, y). "
                    + "Provided value: null");
        }
        double largest = 0;
        for (int i = 0; i < field.size(); i++) {
            // recordGradients returns E_i = |eps_i|^2 / 2.
            largest = Math.max(largest, Math.sqrt(2 * field.recordGradients(i, p, v, null, null)));
        }
        return largest;
    }

    /**
     * The data-ball radius limit of Kulkarni and Soto's Assumption 3.2: {@code r <= pi / (8 sqrt(kmax))} when the
     * curvature upper bound kmax is positive (pi/8 on the unit sphere, pi/16 on Kendall's shape space, kmax = 4); any
     * finite r > 0 otherwise.
     *
     * @throws IllegalArgumentException when r is not finite and > 0, or above the limit
     */
    public static void requireRadiusLimit(Geometry g, double r) {
        DataChecks.requireGeometry(g);
        if (!(r > 0) || !Double.isFinite(r)) {
            throw new IllegalArgumentException("r, the radius of the public data ball, must be finite and > 0. "
                    + "Provided value: " + r);
        }
        double kmax = g.curvature().max();
        if (kmax > 0) {
            double limit = Math.PI / (8 * Math.sqrt(kmax));
            if (!(r <= limit)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "r violates the radius limit of Kulkarni and Soto 2025 (Assumption 3.2) on %s: r <= pi/(8 "
                                + "sqrt(kmax)) = %.17g with kmax = %s; choose a smaller data ball. Provided value: %s",
                        g.spec(), limit, kmax, r));
            }
        }
    }

    /**
     * Checks {@code 0 < tau < inj M}: a residual of length tau must stay inside the injectivity radius, where
     * {@code log} is the unique minimising geodesic and {@code rho^2 / 2} is smooth with gradient {@code -log}
     * (below pi/2 on Kendall's shape space, pi R on a sphere of radius R; no limit on SPD).
     *
     * @throws IllegalArgumentException when tau is not finite and > 0, or not below the injectivity radius
     */
    public static void requireInsideInjectivityRadius(Geometry g, double tau) {
        DataChecks.requireGeometry(g);
        if (!(tau > 0) || !Double.isFinite(tau)) {
            throw new IllegalArgumentException("tau, the public bound on every residual, must be finite and > 0. "
                    + "Provided value: " + tau);
        }
        if (!(tau < g.injectivityRadius())) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "tau must stay below the injectivity radius %s of %s, where residuals are unique minimising "
                            + "geodesics; shrink the public domain. Provided value: %s",
                    g.injectivityRadius(), g.spec(), tau));
        }
    }

    /**
     * The condition under which the Jacobi-field factors of {@link #footpoint} and {@link #shootingVector} hold for
     * every geodesic {@code t -> exp(p, t x v)}, {@code x in [0, 1]}, {@code |v| <= maxSpeed}: when {@code kmax > 0}
     * they end before the first focal point, {@code maxSpeed < pi / (2 sqrt(kmax))} (Rauch comparison with
     * {@code J'(0) = 0} needs no focal point on the manifold; Cheeger and Ebin 1975). The factors themselves are
     * evaluated at maxSpeed, so no other length condition is needed.
     *
     * @throws IllegalArgumentException when maxSpeed is not finite and {@code >= 0}, or the condition fails
     */
    public static void requireReach(Geometry g, double maxSpeed) {
        DataChecks.requireGeometry(g);
        requireNonNegative("maxSpeed", maxSpeed);
        double kmax = g.curvature().max();
        if (kmax > 0) {
            double focal = Math.PI / (2 * Math.sqrt(kmax));
            if (!(maxSpeed < focal)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "maxSpeed must be < pi/(2 sqrt(kmax)) = %.17g on %s (kmax = %s): beyond the first focal "
                                + "distance the Jacobi-field bound |d_p Exp| <= 1 is not proven; choose a smaller "
                                + "bound on |v|. Provided value: %s",
                        focal, g.spec(), kmax, maxSpeed));
            }
        }
    }

    private static double checkedLowerCurvature(Geometry g, double tau, RegressionDomain domain, int n) {
        DataChecks.requireGeometry(g);
        if (n < 1) {
            throw new IllegalArgumentException("n, the public number of records, must be >= 1. Provided value: " + n);
        }
        requireInsideInjectivityRadius(g, tau);
        if (domain == null) {
            throw new IllegalArgumentException("domain is null; pass new RegressionDomain(r, footpointRadius, "
                    + "maxSpeed), the public domain the sensitivity is a supremum over. Provided value: null");
        }
        requireReach(g, domain.maxSpeed());
        return g.curvature().min();
    }

    /** A sensitivity past the doubles is refused in terms of V, the length that overflowed the Jacobi factor. */
    private static double finite(double sensitivity, String factor, Geometry g, RegressionDomain domain) {
        if (!Double.isFinite(sensitivity)) {
            double c = Math.sqrt(-g.curvature().min());
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "maxSpeed is too long on %s: the Jacobi-field factor %s(sqrt(-kl) maxSpeed) with kl = %s "
                            + "overflows the doubles, so no finite sensitivity exists; choose maxSpeed well below "
                            + "700 / sqrt(-kl) = %.6g. Provided value: %s",
                    g.spec(), factor, g.curvature().min(), 700 / c, domain.maxSpeed()));
        }
        return sensitivity;
    }

    private static void requireNonNegative(String name, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite and >= 0 (a public bound). Provided value: "
                    + value);
        }
    }
}
