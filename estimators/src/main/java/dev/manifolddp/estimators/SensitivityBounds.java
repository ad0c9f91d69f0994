package dev.manifolddp.estimators;

import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;

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
            throw new IllegalArgumentException(String.format(
                    "the data ball radius r violates Assumption 1 of Soto et al. 2022 on %s: r must be < (1/2) min{inj M, "
                            + "pi/(2 sqrt(kmax))} = %.17g (inj M = %s, kmax = %s); choose a smaller ball. "
                            + "Provided value: %s",
                    geometry.spec(), limit, geometry.injectivityRadius(), geometry.curvature().max(), r));
        }
    }

    /**
     * KNG sensitivity of the mean (Soto et al. 2022, Theorem 2): for data in {@code B_r(p0)} under Assumption 1,
     * {@code |grad U(x; D) - grad U(x; D')|_x <= 2 r (2 - h_max(2r, kmax)) / n} for every x in the ball, which
     * equals {@code 2r/n} when kmax &lt;= 0. With Theorem 1, {@code sigma = 2 Delta / epsilon} gives epsilon-DP.
     *
     * @throws IllegalArgumentException if n &lt; 1, r is not finite and > 0, or r violates Assumption 1
     */
    public static double kngMean(Geometry geometry, double r, int n) {
        requireSampleSize(n);
        requireAssumption1(geometry, r);
        double h = CurvatureFunctions.hMax(2 * r, geometry.curvature().max());
        return 2 * r * (2 - h) / n;
    }

    /**
     * Riemannian Laplace sensitivity of the Frechet mean (Reimherr et al. 2021, quoted in Soto et al. 2022, Remark
     * 1): {@code rho(xbar, xbar') <= 2 r (2 - h_max(2r, kmax)) / (n h_max(2r, kmax))} for data in {@code B_r(p0)}
     * under Assumption 1; equals {@code 2r/n} when kmax &lt;= 0. Under Assumption 1,
     * {@code 2 r sqrt(kmax) < pi/2}, so {@code 0 < h_max <= 1} and the bound is at least the KNG one.
     *
     * @throws IllegalArgumentException if n &lt; 1, r is not finite and > 0, or r violates Assumption 1
     */
    public static double laplaceMean(Geometry geometry, double r, int n) {
        requireSampleSize(n);
        requireAssumption1(geometry, r);
        double h = CurvatureFunctions.hMax(2 * r, geometry.curvature().max());
        return 2 * r * (2 - h) / (n * h);
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

    private static void requireSampleSize(int n) {
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
