package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.Arguments;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.numbers.gamma.LogGamma;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.apache.commons.statistics.distribution.GammaDistribution;

/**
 * A public lower bound on the acceptance rate of {@link ExactKngSampler} for the KNG of the Frechet mean: a number
 * computed from the geometry's dimension and curvature bounds, the ball's radius r, the scale sigma and a bound g on
 * the anchor's gradient norm, that holds for every dataset in the ball (see docs/exact-sampling.md for the proof):
 *
 * <pre>
 *   alpha >= exp(-g (1 + h_min/h) / sigma) * max_theta cap_d(theta) * N(t(theta)) / Z,
 *   N(t) = int_0^t exp(-h_min u / sigma) S_kmax(u)^(d-1) du,   t(theta) = min(r, 2 r cos theta),
 *   Z    = int_0^U exp(-h u / sigma) S_kmin(u)^(d-1) du,        U = pi/sqrt(kmin) (kmin > 0), else infinity,
 * </pre>
 * with {@code h = h_max(2r, kmax)} the envelope's convexity, {@code h_min = h_min(2r, kmin)} (Soto et al. 2022, Lemma 1's upper
 * constant), {@code cap_d(theta)} the share of unit directions in R^d within angle theta of a fixed one, and
 * {@code S_k} the comparison function (sin, identity or sinh). The proof for {@code kmin >= 0} uses Toponogov's hinge
 * comparison with the flat plane to keep the proposal inside the ball. For {@code kmin < 0} (affine-invariant SPD) the
 * hinge is compared with the plane of curvature {@code kmin} instead, which shortens the chord:
 * {@code t(theta) = min(r, (2/c) atanh(tanh(c r) cos theta))} with {@code c = sqrt(-kmin)}; and Z must be finite, which
 * it is when the envelope is truncated to {@code B_2r(a)} ({@code U = 2r}, the samplers that
 * {@linkplain ExactLaplaceSampler#truncatesToBall truncate}) or when {@code h/sigma > (d - 1) c} (then
 * {@code S_kmin(u) <= u e^(c u)} gives a Gamma form). Otherwise no bound is known and {@link #of} returns 0.
 *
 * <p>Why this shape: the probability that a proposal is accepted is {@code int_B exp(-(G(x) + g0)/sigma) dvol / Z_env};
 * Lemma 1 gives {@code G(x) <= h_min rho(x, xbar) <= h_min (rho(x, a) + g0/h)}; the envelope's volume law is bounded
 * above by Bishop's comparison ({@code S_kmin}) and the ball's share below by Guenther's ({@code S_kmax}) and by the
 * directions from the anchor that stay in the ball for a length t(theta) wherever the anchor is.
 *
 * <p><b>The Frechet mean on negative curvature.</b> For the mean ({@code frechetMean} true) and {@code kmin < 0} the
 * numerator also takes the data-independent growth {@code Phi(u) = u + (|kmin|/9) ((r + u)^3 - r^3)} in place of
 * {@code h_min u} where it is smaller: the Hessian of the Frechet function is at most the records' average
 * {@code c rho_i coth(c rho_i) <= 1 + |kmin| rho_i^2 / 3}, and the mean square distance from the mean is at most
 * r^2 (the mean minimises it, and the centre has it at most r^2), so near the mean the gradient grows at
 * {@code 1 + |kmin| r^2/3} (1.375 on affine-invariant SPD at r = 1.5) instead of {@code h_min(2r, kmin)} (2.19). The
 * larger of the two bounds is returned (docs/exact-sampling.md, "The Frechet mean's Hessian on average").
 */
public final class KngAcceptanceBound {

    /** Grid of cone angles searched for the best bound. */
    private static final int ANGLES = 32;
    /** Simpson panels for the radial integrals. */
    private static final int PANELS = 4_000;
    /** Bounds computed so far: an experiment asks for the same public values in every replicate of a cell. */
    private static final Map<Key, Double> CACHE = new ConcurrentHashMap<>();
    private static final int CACHE_LIMIT = 4096;

    private record Key(String geometry, int dimension, double kmin, double kmax, double radius, double sigma,
            double anchorGradient, double lower, double upper, boolean truncated, boolean frechetMean) {
    }
    /** Cells of the lower Riemann sum of the Frechet mean's numerator. */
    private static final int MEAN_CELLS = 20_000;
    /**
     * The radius the mean's growth bound uses: records are admitted up to {@code r (1 + 1e-12)}
     * ({@code DataBall.SLACK}); a larger factor only lowers the bound.
     */
    private static final double ADMITTED = 1 + 1e-9;
    /** Relative safety margin on the numerical integrals (Simpson's error on these smooth integrands is far below). */
    private static final double MARGIN = 1e-6;

    private KngAcceptanceBound() {
    }

    /**
     * The lower bound on the per-proposal acceptance rate, in [0, 1].
     *
     * @param geometry         the manifold (dimension and curvature bounds are read)
     * @param radius           the public ball's radius, within Assumption 1
     * @param sigma            the KNG scale, finite and {@code > 0}
     * @param anchorGradient   a bound on the anchor's gradient norm {@code G(a)} (the mean's convergence tolerance)
     */
    public static double of(Geometry geometry, double radius, double sigma, double anchorGradient) {
        double h = ExactKngSampler.frechetMeanConvexity(geometry, radius);
        return of(geometry, radius, sigma, anchorGradient, h,
                CurvatureFunctions.hMin(2 * radius, geometry.curvature().min()), false, true);
    }

    /**
     * The bound for an objective with {@code lower rho(x, x*) <= |grad U(x)| <= upper rho(x, x*)} on the ball (the
     * Frechet mean's constants are h_max(2r, kmax) and h_min(2r, kmin)); the envelope's scale is sigma/lower.
     */
    public static double of(Geometry geometry, double radius, double sigma, double anchorGradient, double lower,
            double upper) {
        return of(geometry, radius, sigma, anchorGradient, lower, upper, false, false);
    }

    /**
     * The same bound for an envelope that is either the whole-manifold Laplace ({@code truncated} false) or the
     * Laplace restricted to {@code B_2r(a)} ({@code truncated} true: the samplers that
     * {@linkplain ExactLaplaceSampler#truncatesToBall truncate}); only the envelope's normaliser Z changes.
     */
    public static double of(Geometry geometry, double radius, double sigma, double anchorGradient, double lower,
            double upper, boolean truncated) {
        return of(geometry, radius, sigma, anchorGradient, lower, upper, truncated, false);
    }

    /**
     * The same bound, where {@code frechetMean} says that the objective is the Frechet function
     * {@code (1/2n) sum_i rho(x, x_i)^2} of records in the ball (the KNG of the mean): then on negative curvature the
     * numerator may also use the mean's average-Hessian growth (class comment), and the larger bound is returned.
     */
    public static double of(Geometry geometry, double radius, double sigma, double anchorGradient, double lower,
            double upper, boolean truncated, boolean frechetMean) {
        ExactKngSampler.frechetMeanConvexity(geometry, radius);
        Arguments.requirePositiveFinite("sigma", sigma);
        Arguments.requirePositiveFinite("lower", lower);
        Arguments.requirePositiveFinite("upper", upper);
        Key key = new Key(geometry.spec(), geometry.dimension(), geometry.curvature().min(),
                geometry.curvature().max(), radius, sigma, anchorGradient, lower, upper, truncated, frechetMean);
        Double known = CACHE.get(key);
        if (known != null) {
            return known;
        }
        double bound = compute(geometry, radius, sigma, anchorGradient, lower, upper, truncated, false);
        if (frechetMean && geometry.curvature().min() < 0) {
            bound = Math.max(bound, compute(geometry, radius, sigma, anchorGradient, lower, upper, truncated, true));
        }
        if (CACHE.size() >= CACHE_LIMIT) {
            CACHE.clear();
        }
        CACHE.put(key, bound);
        return bound;
    }

    /**
     * The bound with Lemma 1's linear growth {@code hMin u} ({@code meanGrowth} false) or with the Frechet mean's
     * {@code min(hMin u, Phi(u))} and the anchor factor's slope raised to Phi's largest ({@code meanGrowth} true).
     */
    private static double compute(Geometry geometry, double radius, double sigma, double anchorGradient, double h,
            double hMin, boolean truncated, boolean meanGrowth) {
        if (!(anchorGradient >= 0) || Double.isInfinite(anchorGradient)) {
            throw new IllegalArgumentException("anchorGradient must be finite and >= 0. Provided value: "
                    + anchorGradient);
        }
        double kmin = geometry.curvature().min();
        double kmax = geometry.curvature().max();
        int d = geometry.dimension();
        double end = kmin > 0 ? Math.PI / Math.sqrt(kmin) : Double.POSITIVE_INFINITY;
        if (truncated) {
            end = Math.min(end, 2 * radius);
        }
        double logZ = logRadialIntegral(d, kmin, h / sigma, end, true);
        if (!(logZ < Double.POSITIVE_INFINITY)) {
            return 0;
        }
        double best = 0;
        for (int i = 0; i < ANGLES; i++) {
            double theta = 0.5 * Math.PI * (i + 0.5) / ANGLES;
            double t = chordLength(kmin, radius, theta);
            double logN = meanGrowth ? logMeanNumerator(d, kmax, kmin, radius * ADMITTED, hMin, sigma, t)
                    : logRadialIntegral(d, kmax, hMin / sigma, t, false);
            best = Math.max(best, capShare(d, theta) * Math.exp(logN - logZ));
        }
        // the anchor moves the growth's argument by at most g/h; the growth's slope is at most hMin, or Phi's at
        // the largest argument, 2r + g/h
        double slope = meanGrowth ? Math.max(hMin, meanGrowthSlope(kmin, radius * ADMITTED,
                2 * radius * ADMITTED + anchorGradient / h)) : hMin;
        double bound = best * Math.exp(-anchorGradient * (1 + slope / h) / sigma);
        return Math.max(0, Math.min(1, bound));
    }

    /**
     * A length t such that, from any anchor a in the ball {@code B_r(p0)}, every geodesic leaving a at angle at most
     * theta from the direction to p0 stays in the ball up to length t: {@code min(r, L(theta))}, L the chord at angle
     * theta from a boundary point in the model plane of curvature {@code min(kmin, 0)}. Toponogov's hinge comparison
     * (sectional curvature {@code >= kmin}) bounds {@code rho(p0, exp_a(u v))} by the model's third side, and in the
     * model plane (curvature {@code <= 0}) the distance to a point is convex along the geodesic from a through p0, so
     * over anchors at distance s in [0, r] it is largest at s = 0 (third side u) or s = r (the chord). Flat: {@code
     * L = 2 r cos theta}; curvature {@code -c^2}: {@code tanh(c L/2) = tanh(c r) cos theta}.
     */
    static double chordLength(double kmin, double radius, double theta) {
        double cos = Math.cos(theta);
        if (kmin >= 0) {
            return Math.min(radius, 2 * radius * cos);
        }
        double c = Math.sqrt(-kmin);
        return Math.min(radius, 2 / c * atanh(Math.tanh(c * radius) * cos));
    }

    private static double atanh(double x) {
        return 0.5 * Math.log1p(2 * x / (1 - x));
    }

    /**
     * The share of unit vectors of R^d within angle theta (at most pi/2) of a fixed unit vector: half the regularised
     * incomplete beta {@code I_{sin^2 theta}((d-1)/2, 1/2)}; for d = 1 the one direction itself, 1/2.
     */
    static double capShare(int d, double theta) {
        if (d == 1) {
            return 0.5;
        }
        double s = Math.sin(theta);
        return 0.5 * BetaDistribution.of(0.5 * (d - 1), 0.5).cumulativeProbability(s * s);
    }

    /**
     * {@code log int_0^end exp(-rate u) S_k(u)^(d-1) du}, as a lower bound ({@code upper} false) or an upper bound
     * ({@code upper} true). Two evaluations are combined, each valid on its own: the Gamma form (S_k(u) <= u for
     * k >= 0 gives an upper bound over [0, infinity), and for k = -c^2 < 0 {@code S_k(u) <= u e^(c u)} gives one with
     * the rate lowered by {@code (d - 1) c}, infinite when that is not positive; for a finite end, the integrand's
     * largest value times the length is an upper bound too; {@code S_k(u)/u} decreasing for k > 0 gives a lower bound
     * {@code (S_k(end)/end)^(d-1) Gamma(d) rate^-d P(Gamma(d, 1/rate) <= end)}), and composite Simpson in log space
     * with a relative margin, used only where its grid resolves the exponential's scale.
     */
    static double logRadialIntegral(int d, double k, double rate, double end, boolean upper) {
        double logGammaFull = LogGamma.value(d) - d * Math.log(rate);
        double gammaForm;
        if (upper) {
            double effectiveRate = k < 0 ? rate - (d - 1) * Math.sqrt(-k) : rate;
            gammaForm = effectiveRate > 0 ? LogGamma.value(d) - d * Math.log(effectiveRate) : Double.POSITIVE_INFINITY;
            if (end < Double.POSITIVE_INFINITY && end > 0) {
                // exp(-rate u) <= 1, and S_k is largest at the end, or at pi/(2 sqrt k) when k > 0 and that comes first
                double largest = k > 0 && end * Math.sqrt(k) > Math.PI / 2 ? 1 / Math.sqrt(k)
                        : CurvatureFunctions.sK(k, end);
                gammaForm = Math.min(gammaForm, Math.log(end) + (d - 1) * Math.log(largest));
            }
        } else {
            double cdf = GammaDistribution.of(d, 1 / rate).cumulativeProbability(end);
            double shrink = k > 0 ? (d - 1) * Math.log(CurvatureFunctions.sK(k, end) / end) : 0;
            gammaForm = cdf > 0 ? logGammaFull + Math.log(cdf) + shrink : Double.NEGATIVE_INFINITY;
        }
        if (Double.isInfinite(end) || !(end > 0)) {
            return gammaForm;
        }
        double step = end / PANELS;
        if (step > 0.1 / rate) {
            return gammaForm;
        }
        double numeric = logSimpson(d, k, rate, end) + Math.log1p(upper ? MARGIN : -MARGIN);
        return upper ? Math.min(gammaForm, numeric) : Math.max(gammaForm, numeric);
    }

    private static double logSimpson(int d, double k, double rate, double end) {
        double step = end / PANELS;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 1; i <= PANELS; i++) {
            max = Math.max(max, logIntegrand(d, k, rate, i * step));
        }
        double sum = 0;
        for (int i = 1; i <= PANELS; i++) {
            double weight = i == PANELS ? 1 : (i % 2 == 1 ? 4 : 2);
            sum += weight * Math.exp(logIntegrand(d, k, rate, i * step) - max);
        }
        // u = 0 contributes 0 for d >= 2 and exp(0) = 1 for d = 1
        if (d == 1) {
            sum += Math.exp(-max);
        }
        return max + Math.log(sum * step / 3);
    }

    /**
     * {@code Phi(u) = u + (|kmin|/9) ((r + u)^3 - r^3)}: the integral over [0, u] of the bound
     * {@code 1 + (|kmin|/3) (r + v)^2} on the Frechet function's Hessian at distance v from the mean.
     */
    static double meanGrowth(double kmin, double radius, double u) {
        double outer = radius + u;
        return u + (-kmin / 9) * (outer * outer * outer - radius * radius * radius);
    }

    /** {@code Phi'(u) = 1 + (|kmin|/3) (r + u)^2}. */
    static double meanGrowthSlope(double kmin, double radius, double u) {
        return 1 + (-kmin / 3) * (radius + u) * (radius + u);
    }

    /**
     * {@code log int_0^end exp(-min(hMin u, Phi(u))/sigma) S_kmax(u)^(d-1) du} from below: a lower Riemann sum over
     * [0, min(end, (d + 60) sigma)] (dropping the rest of a positive integrand only lowers it), each cell charged the
     * exponential at its right end (the growth increases) and {@code S_kmax} at its left end (it increases up to
     * {@code pi/(2 sqrt kmax)}, beyond every chord under Assumption 1).
     */
    static double logMeanNumerator(int d, double kmax, double kmin, double radius, double hMin, double sigma,
            double end) {
        // the growth is at least u (Phi(u) >= u, hMin >= 1), so beyond (d + 60) sigma the integrand is below
        // e^-60 of its peak's scale: the truncation costs nothing measurable
        double top = Math.min(end, (d + 60) * sigma);
        if (!(top > 0)) {
            return Double.NEGATIVE_INFINITY;
        }
        double step = top / MEAN_CELLS;
        double max = Double.NEGATIVE_INFINITY;
        double[] logs = new double[MEAN_CELLS];
        for (int j = 0; j < MEAN_CELLS; j++) {
            double left = j * step;
            double right = (j + 1) * step;
            double growth = Math.min(hMin * right, meanGrowth(kmin, radius, right));
            double s = CurvatureFunctions.sK(kmax, left);
            logs[j] = d == 1 ? -growth / sigma
                    : s > 0 ? -growth / sigma + (d - 1) * Math.log(s) : Double.NEGATIVE_INFINITY;
            max = Math.max(max, logs[j]);
        }
        if (max == Double.NEGATIVE_INFINITY) {
            return max;
        }
        double sum = 0;
        for (double value : logs) {
            sum += Math.exp(value - max);
        }
        return max + Math.log(sum * step);
    }

    private static double logIntegrand(int d, double k, double rate, double u) {
        double s = CurvatureFunctions.sK(k, u);
        if (!(s > 0)) {
            return Double.NEGATIVE_INFINITY;
        }
        return -rate * u + (d - 1) * Math.log(s);
    }

}
