package dev.manifolddp.estimators;

import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.LogDifferenceBound;
import dev.manifolddp.spi.PublicInput;
import dev.manifolddp.spi.PublicInputException;
import java.util.EnumSet;
import java.util.OptionalDouble;

/**
 * Global sensitivities of the Frechet mean and of its coordinates for adjacent data sets (one record replaced),
 * as proved in the papers (each bound cites its source; keys in {@code docs/references.md}). Each function checks its
 * assumptions and throws an {@link IllegalArgumentException} ending in {@code "Provided value: ..."} when one fails.
 * Radii are public inputs: a radius computed from the data makes the release non-private ({@code docs/guarantees.md}).
 *
 * <p>The curvature factors {@code h_max}, {@code h_min} are those of
 * {@link CurvatureFunctions#hMax(double, double)} and {@link CurvatureFunctions#hMin(double, double)}.
 */
public final class SensitivityBounds {

    private SensitivityBounds() {
    }

    /**
     * The radius limit of Assumption 1 (Soto et al. 2022, §3): {@code (1/2) min{inj M, pi / (2 sqrt(kmax))}}, the second
     * term only when the curvature upper bound kmax is positive; {@code +infinity} for a complete manifold of
     * non-positive curvature with infinite injectivity radius (SPD). Data in a geodesic ball of smaller radius have
     * a unique Frechet mean and a geodesically convex squared distance.
     */
    public static double assumption1RadiusLimit(Geometry geometry) {
        DataChecks.requireGeometry(geometry);
        double limit = geometry.injectivityRadius();
        double kmax = geometry.curvature().max();
        if (kmax > 0) {
            limit = Math.min(limit, Math.PI / (2 * Math.sqrt(kmax)));
        }
        return 0.5 * limit;
    }

    /**
     * Checks Assumption 1 of Soto et al. 2022 for a data ball of radius r:
     * {@code 0 < r < (1/2) min{inj M, pi / (2 sqrt(kmax))}} (second term only when kmax > 0). On the unit sphere
     * the limit is pi/4; on Kendall's shape space (kmax = 4, inj = pi/2) it is pi/8; on SPD any finite r passes.
     *
     * @throws IllegalArgumentException if r is not finite and > 0, or not below the limit (the message gives it)
     */
    public static void requireAssumption1(Geometry geometry, double r) {
        requireRadius("r", r);
        double limit = assumption1RadiusLimit(geometry);
        if (!(r < limit)) {
            throw new PublicInputException(EnumSet.of(PublicInput.RADIUS, PublicInput.GEOMETRY), String.format(
                    "the data ball radius r violates Assumption 1 of Soto et al. 2022 on %s: r must be < (1/2) min{inj M, "
                            + "pi/(2 sqrt(kmax))} = %.17g (inj M = %s, kmax = %s); choose a smaller ball. "
                            + "Provided value: %s",
                    geometry.spec(), limit, geometry.injectivityRadius(), geometry.curvature().max(), r));
        }
    }

    /**
     * Relative slack on the radius that the mean's bounds allow for: a mechanism admits records up to
     * {@code r (1 + ADMITTED_SLACK)} from the centre (so that a boundary point, once rounded, is not refused), and the
     * bounds below are evaluated at that radius, so they cover every data set the ball admits. The mechanisms'
     * {@code DataBall.SLACK} is this constant.
     */
    public static final double ADMITTED_SLACK = 1e-12;

    /**
     * A bound on {@code sup |log_x y - log_x y'|_x} over x, y, y' in a ball of radius r under Assumption 1: the
     * amount by which one replaced record moves n times the gradient of the Frechet function. The smaller of the
     * curvature-only bound {@code 2r g(2r, kmax)} with {@code g(s, k) = s sqrt(k) / sin(s sqrt(k))} (Rauch's
     * comparison, Cheeger and Ebin 1975, Thm 1.29; 2r when kmax &lt;= 0, which is attained) and the geometry's own
     * {@link LogDifferenceBound} when it has one (the sphere's chord bound). Both are evaluated at
     * {@code r (1 + ADMITTED_SLACK)}. The proofs are in {@code docs/sensitivity-bounds.md}; the bound is at most
     * Soto et al. 2022, Theorem 2's {@code 2r (2 - h_max(2r, kmax))} ({@link #theorem2LogDifference}), which it replaces.
     *
     * @throws IllegalArgumentException if r is not finite and > 0, or r violates Assumption 1
     */
    public static double logDifference(Geometry geometry, double r) {
        requireAssumption1(geometry, r);
        double admitted = r * (1 + ADMITTED_SLACK);
        double kmax = geometry.curvature().max();
        double bound = 2 * admitted * CurvatureFunctions.rauchFactor(2 * admitted, kmax);
        OptionalDouble own = geometry.capability(LogDifferenceBound.class)
                .map(capability -> capability.logDifferenceBound(admitted)).orElse(OptionalDouble.empty());
        if (own.isPresent() && own.getAsDouble() < bound) {
            bound = own.getAsDouble();
        }
        return bound;
    }

    /**
     * {@link #logDifference(Geometry, double)} with x in the concentric ball of radius {@code domainRadius >= r} and
     * y, y' in the data ball of radius r: the smaller of Rauch's {@code 2r g(domainRadius + r, kmax)} (the geodesic
     * from y to y' has length at most 2r and stays within {@code domainRadius + r} of x) and the geometry's own
     * {@link LogDifferenceBound#logDifferenceBound(double, double)}, both at the admitted radii. This is the
     * sensitivity numerator of a KNG density whose domain is larger than the data's ball
     * ({@code docs/kng-normaliser.md}). Requires {@code domainRadius + r < pi / sqrt(kmax)} when kmax > 0.
     *
     * @throws IllegalArgumentException if a radius is not finite and > 0, {@code domainRadius < r}, or r violates
     *     Assumption 1
     */
    public static double logDifference(Geometry geometry, double domainRadius, double r) {
        requireAssumption1(geometry, r);
        requireRadius("domainRadius", domainRadius);
        if (!(domainRadius >= r)) {
            throw new IllegalArgumentException("the density's domain radius must be at least the data radius r = "
                    + r + ". Provided value: " + domainRadius);
        }
        if (domainRadius == r) {
            return logDifference(geometry, r);
        }
        double admitted = r * (1 + ADMITTED_SLACK);
        double domain = domainRadius * (1 + ADMITTED_SLACK);
        double bound = 2 * admitted * CurvatureFunctions.rauchFactor(domain + admitted, geometry.curvature().max());
        OptionalDouble own = geometry.capability(LogDifferenceBound.class)
                .map(capability -> capability.logDifferenceBound(domain, admitted)).orElse(OptionalDouble.empty());
        if (own.isPresent() && own.getAsDouble() < bound) {
            bound = own.getAsDouble();
        }
        return bound;
    }

    /**
     * Soto et al. 2022, Theorem 2's bound on {@code |log_x y - log_x y'|_x}: {@code 2r (2 - h_max(2r, kmax))} (from
     * Karcher's Jacobi-field estimate). Sound but looser than {@link #logDifference}; kept for comparison (the
     * sensitivity check's column) and to document what the calibration used before issue 23.
     *
     * @throws IllegalArgumentException if r is not finite and > 0, or r violates Assumption 1
     */
    public static double theorem2LogDifference(Geometry geometry, double r) {
        requireAssumption1(geometry, r);
        return 2 * r * (2 - CurvatureFunctions.hMax(2 * r, geometry.curvature().max()));
    }

    /**
     * KNG sensitivity of the mean: for data in {@code B_r(p0)} under Assumption 1,
     * {@code |grad U(x; D) - grad U(x; D')|_x = |log_x y - log_x y'|_x / n <= logDifference(r) / n} for every x in
     * the ball ({@link #logDifference}; Soto et al. 2022, Theorem 2 has {@code 2r (2 - h_max(2r, kmax))} in its
     * place). Equals {@code 2r/n} (at the admitted radius) when kmax &lt;= 0. With Soto et al. 2022, Theorem 1,
     * {@code sigma = 2 Delta / epsilon} gives epsilon-DP.
     *
     * @throws IllegalArgumentException if n &lt; 1, r is not finite and > 0, or r violates Assumption 1
     */
    public static double kngMean(Geometry geometry, double r, int n) {
        requireSampleSize(n);
        return logDifference(geometry, r) / n;
    }

    /**
     * Riemannian Laplace sensitivity of the Frechet mean (Reimherr et al. 2021, quoted in Soto et al. 2022, Remark
     * 1, with the tighter numerator of {@link #logDifference}): {@code rho(xbar, xbar') <= logDifference(r) /
     * (n h_max(2r, kmax))} for data in {@code B_r(p0)} under Assumption 1, because the Frechet function is
     * {@code h_max(2r, kmax)}-strongly convex on the ball and its gradient at xbar' is {@code (log y' - log y)/n}
     * there (docs/sensitivity-bounds.md §4); equals {@code 2r/n} when kmax &lt;= 0. Under Assumption 1,
     * {@code 0 < h_max <= 1} and the bound is at least the KNG one.
     *
     * @throws IllegalArgumentException if n &lt; 1, r is not finite and > 0, or r violates Assumption 1
     */
    public static double laplaceMean(Geometry geometry, double r, int n) {
        requireSampleSize(n);
        double numerator = logDifference(geometry, r);
        double h = CurvatureFunctions.hMax(2 * r * (1 + ADMITTED_SLACK), geometry.curvature().max());
        return numerator / (n * h);
    }

    /**
     * Sensitivity of the Euclidean mean of data in an ambient Euclidean ball of radius r_E (Soto et al. 2022,
     * supplement §2.2; Reimherr et al. 2021, supplement §1.2.2 and §1.3.2): {@code 2 r_E / n}. For a geodesic ball use
     * the ambient radius that contains it ({@code 2 sin(r/2)} on the unit sphere, {@code e^r - 1} for SPD around I; see
     * {@code AmbientEmbedding.ambientRadius}).
     *
     * @throws IllegalArgumentException if n &lt; 1 or the radius is not finite and > 0
     */
    public static double ambientEuclideanMean(double ambientRadius, int n) {
        requireSampleSize(n);
        requireRadius("ambientRadius", ambientRadius);
        return 2 * ambientRadius / n;
    }

    /**
     * Sensitivity of the log-Euclidean Frechet mean of SPD matrices in a log-Euclidean ball of radius r (Utpala et al.
     * 2023, Theorem 3): {@code rho_LE(xbar, xbar') <= 2 r / n}; the chart {@code vecd o Logm} is an isometry
     * onto Euclidean space, so this is the Euclidean mean's bound in the chart. No curvature condition (flat).
     *
     * @throws IllegalArgumentException if n &lt; 1 or r is not finite and > 0
     */
    public static double logEuclideanMean(double r, int n) {
        requireSampleSize(n);
        requireRadius("r", r);
        return 2 * r / n;
    }

    /**
     * Sensitivity of one landmark coordinate's mean for the point-wise landmark Laplace on Kendall shapes (Soto et
     * al. 2022, supplement §2.5.2): {@code 2 range / n}, where {@code range} bounds the deviation of that coordinate
     * (x_j or y_j) from the mean landmark over the aligned shapes. The 2k coordinates share the budget:
     * {@code sigma = Delta / (epsilon / 2k)}.
     *
     * @throws IllegalArgumentException if n &lt; 1 or the range is not finite and > 0
     */
    public static double landmarkCoordinate(double range, int n) {
        requireSampleSize(n);
        requireRadius("range", range);
        return 2 * range / n;
    }

    /**
     * The empirical tangent-space bound of Reimherr et al. 2021, suppl. §2.1 (their Fig. 1):
     * {@code max_(i,j) |log(x_1, x_i) - log(x_1, x_j)|_(x_1)} with {@code x_1 = points[0]}. On a ball of a
     * homogeneous space, with the points a grid on the boundary of {@code B_r}, it estimates the worst case of
     * {@code |log(x, y) - log(x, y')|_x} behind Theorem 2, which lies between 2r and {@code 2r (2 - h)}.
     *
     * <p><b>Not private unless the points are public</b>: evaluated on the data set itself, the value is
     * data-derived and calibrating noise with it gives no differential-privacy guarantee. Use it with a public grid
     * (e.g. the boundary of {@code B_r(p0)} as in Reimherr et al. 2021, suppl. Fig. 1) or mark the run as non-private.
     *
     * <p>Cost: m logs and m(m-1)/2 norms for m points.
     *
     * @throws IllegalArgumentException if the points are empty or invalid, or a point is at or beyond the cut locus
     *     of points[0]
     */
    public static double empiricalTangentBound(Geometry geometry, double[][] points) {
        DataChecks.requireGeometry(geometry);
        DataChecks.requirePoints(geometry, "points", points);
        double[] footpoint = points[0];
        double[][] logs = new double[points.length][];
        for (int i = 0; i < points.length; i++) {
            GeometryChecks.requireInsideInjectivityRadius(geometry, footpoint, points[i]);
            logs[i] = new double[footpoint.length];
            geometry.log(footpoint, points[i], logs[i]);
        }
        double[] difference = new double[footpoint.length];
        double largest = 0;
        for (int i = 0; i < logs.length; i++) {
            for (int j = i + 1; j < logs.length; j++) {
                for (int c = 0; c < difference.length; c++) {
                    difference[c] = logs[i][c] - logs[j][c];
                }
                largest = Math.max(largest, geometry.norm(footpoint, difference));
            }
        }
        return largest;
    }

    static void requireSampleSize(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("the sample size n must be >= 1. Provided value: " + n);
        }
    }

    private static void requireRadius(String name, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite and > 0 (a public bound on the data). "
                    + "Provided value: " + value);
        }
    }
}
