package dev.manifolddp.estimators;

import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import java.util.Optional;
import org.apache.commons.numbers.gamma.LogGamma;
import org.apache.commons.numbers.gamma.RegularizedGamma;

/**
 * The bound psi on {@code |ln Z(D') - ln Z(D)|} for the Frechet mean's KNG density
 * {@code exp(-|grad F_D(x)|/sigma)} on a public ball {@code B_R(c)} when the records lie in {@code B_r(c)},
 * {@code r < R}, on a manifold of constant curvature {@code kappa >= 0} ({@code docs/kng-normaliser.md} §3-§5).
 *
 * <p>Moving the replaced record along the geodesic from y to y' (length at most 2r) and integrating by parts,
 * {@code d/dt ln Z = (1/n) (E[div V] - boundary flux / Z)} with {@code V = H^-1 (d_y log_x y) y'}, H the Hessian of F:
 * sigma cancels, and what remains is curvature times distance, small near the mean where the density's mass is. So
 * <pre>    psi(sigma) = (2r/n) [ D(2r) + sum_j (D(2r + rho_j) - D(2r + rho_(j-1))) tail(rho_(j-1), sigma) + B(sigma) ]</pre>
 * with {@code D(theta)} the bound on {@code |div V|} when every record is within theta of x (§4), {@code tail} a
 * bound on the density's mass farther than rho from the mean (strong convexity, §5) over a grid of rho in {@code [0, R - r]} (beyond it D is constant), and B the boundary flux, which
 * falls like {@code exp(-(R - r)/sigma)} because {@code |grad F| >= R - r} on the boundary. Everything is public:
 * d, kappa, r, R, n and sigma.
 *
 * <p>Immutable: the divergence bounds are computed once per (r, R, n); {@link #at} costs a few incomplete gamma
 * functions per rho on a grid of {@link #RHO_CELLS} + 1.
 */
public final class FrechetNormaliserShift implements DensityDomain.NormaliserShift {

    /** Cells of the grid over the distance rho from the minimiser, in {@code [0, R - r]}. */
    static final int RHO_CELLS = 32;
    /** Fine cells per rho cell for the mass beyond rho. */
    static final int FINE = 16;
    /** Cells between R - r and the farthest distance R + r from the minimiser. */
    static final int OUTER_CELLS = 256;

    private final int dimension;
    private final double gap;
    private final double domainRadius;
    private final double pathOverN;
    private final double[] rho;
    private final double[] nearDivergence;
    /** Lower bounds on |grad F| at the fine cells' left ends, and the log of each cell's volume weight. */
    private final double[] pulled;
    private final double[] logWeight;
    private final double logFieldBound;
    private final double logBoundaryArea;
    private final double logSinc;

    /**
     * @param r      the admitted data radius
     * @param domain the domain's radius as the sampler tests it; the bound takes the far distances at
     *               {@code domain (1 + slack)} and the near gap at {@code domain (1 - slack) - r}, so the rounding of
     *               the sampler's distance test is covered on both sides
     */
    private FrechetNormaliserShift(int dimension, double kappa, double r, double domain, int n) {
        double slack = SensitivityBounds.ADMITTED_SLACK;
        double outer = domain * (1 + slack);
        this.dimension = dimension;
        this.gap = domain * (1 - slack) - r;
        this.domainRadius = domain;
        this.pathOverN = 2 * r / n;
        double far = outer + r;
        this.rho = new double[RHO_CELLS + 1];
        this.nearDivergence = new double[RHO_CELLS + 1];
        // the grid ends where 2r + rho reaches the farthest distance R + r, beyond which D is constant
        for (int j = 0; j <= RHO_CELLS; j++) {
            rho[j] = (far - 2 * r) * j / RHO_CELLS;
            nearDivergence[j] = divergenceBound(j == RHO_CELLS ? far : Math.min(2 * r + rho[j], far), kappa,
                    dimension);
        }
        // the distance u from the minimiser, on cells FINE times finer than rho's, up to the farthest R + r:
        // along the geodesic from m the Frechet function's second derivative is at least a(2r + v), so
        // |grad F| >= G(u) = integral_0^u a(2r + v) dv, and G at a cell's left end is at least the sum of the
        // cells' right-end values before it (a decreases)
        // (beyond R - r, where only the total mass matters, at most OUTER_CELLS coarser cells)
        double step = (far - 2 * r) / (RHO_CELLS * FINE);
        double outerStep = Math.max(step, 2 * r / OUTER_CELLS);
        int inner = RHO_CELLS * FINE;
        int cells = inner + (int) Math.ceil(2 * r / outerStep);
        this.pulled = new double[cells];
        this.logWeight = new double[cells];
        double pull = 0;
        double left = 0;
        for (int i = 0; i < cells; i++) {
            double width = i < inner ? step : outerStep;
            double right = i < inner ? (i + 1) * step : left + width;
            pulled[i] = pull;
            logWeight[i] = (dimension - 1) * Math.log(right) + Math.log(width);
            pull += width * CurvatureFunctions.hMax(Math.min(2 * r + right, far), kappa);
            left = right;
        }
        this.logFieldBound = Math.log(CurvatureFunctions.rauchFactor(far, kappa)
                / CurvatureFunctions.hMax(far, kappa));
        double root = Math.sqrt(Math.max(kappa, 0));
        this.logBoundaryArea = (dimension - 1) * Math.log(kappa > 0 ? Math.sin(root * outer) / root : outer);
        this.logSinc = kappa > 0 ? Math.log(Math.sin(root * gap) / (root * gap)) : 0;
    }

    /**
     * The bound for the Frechet mean on {@code geometry} with data radius r and domain radius R, or empty where the
     * proof does not apply: curvature not constant or negative, or not {@code r < R <} Assumption 1's limit (which
     * keeps {@code R + r} below {@code pi/(2 sqrt(kappa))} and the injectivity radius). Both radii are taken at the
     * admitted slack.
     *
     * @throws IllegalArgumentException if n &lt; 1 or a radius is not finite and > 0
     */
    public static Optional<FrechetNormaliserShift> of(Geometry geometry, double r, double domainRadius, int n) {
        SensitivityBounds.requireSampleSize(n);
        SensitivityBounds.requireAssumption1(geometry, r);
        if (!(domainRadius > 0) || !Double.isFinite(domainRadius)) {
            throw new IllegalArgumentException("the domain radius must be finite and > 0. Provided value: "
                    + domainRadius);
        }
        double kappa = geometry.curvature().max();
        if (geometry.curvature().min() != kappa || kappa < 0) {
            return Optional.empty();
        }
        double admitted = r * (1 + SensitivityBounds.ADMITTED_SLACK);
        double slack = SensitivityBounds.ADMITTED_SLACK;
        if (!(domainRadius * (1 - slack) > admitted
                && domainRadius * (1 + slack) < SensitivityBounds.assumption1RadiusLimit(geometry))) {
            return Optional.empty();
        }
        return Optional.of(new FrechetNormaliserShift(geometry.dimension(), kappa, admitted, domainRadius, n));
    }

    /** The domain's radius R. */
    public double domainRadius() {
        return domainRadius;
    }

    @Override
    public double at(double sigma) {
        if (!(sigma > 0) || !Double.isFinite(sigma)) {
            throw new IllegalArgumentException("sigma must be finite and > 0. Provided value: " + sigma);
        }
        double d = dimension;
        double inside = RegularizedGamma.P.value(d, gap / sigma);
        if (!(inside > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        // Z >= A sinc^(d-1) sigma^d Gamma(d) P(d, (R - r)/sigma) (§5); A, the unit sphere's area, cancels
        double logZ = (d - 1) * logSinc + d * Math.log(sigma) + LogGamma.value(d) + Math.log(inside);
        double boundary = Math.exp(logFieldBound + logBoundaryArea - gap / sigma - logZ);
        // the mass beyond distance u from the minimiser, per fine cell from the far end: the density is at most
        // exp(-G(u)/sigma) and the volume density at most u^(d-1) (kappa >= 0), over the lower bound on Z
        double[] beyond = new double[RHO_CELLS + 1];
        double mass = 0;
        for (int i = pulled.length - 1; i >= 0; i--) {
            mass += Math.exp(-pulled[i] / sigma + logWeight[i] - logZ);
            if (i % FINE == 0 && i / FINE <= RHO_CELLS) {
                beyond[i / FINE] = Math.min(1, mass);
            }
        }
        // |div V(X)| <= D(2r + rho(X, m)) with D increasing, so E|div V| <= D(2r) + sum over the grid of D's
        // increments times the mass beyond each cell's left end (a layer-cake sum, docs/kng-normaliser.md §5)
        double expected = nearDivergence[0];
        for (int j = 1; j <= RHO_CELLS; j++) {
            expected += Math.max(0, nearDivergence[j] - nearDivergence[j - 1]) * beyond[j - 1];
        }
        double best = expected;
        // one part in 10^9 covers the rounding of the special functions
        return pathOverN * (best + boundary) * (1 + 1e-9);
    }

    /**
     * {@code D(theta)}: a bound on {@code |div V|} at a point x whose distances to all records are at most theta, on
     * curvature {@code kappa >= 0} in dimension d (docs/kng-normaliser.md §4). On the unit sphere, with
     * {@code a = theta cot theta}, {@code b = theta / sin theta}, {@code m = (theta - sin theta cos theta)/sin^2 theta},
     * {@code k = (sin theta - theta cos theta)/sin^2 theta}, {@code c = theta/3} and {@code e = 1/a - 1}:
     * <pre>    D = (d-1) m + e (max(m, 2k) + (d-2) m) + [c (d-1) + e sqrt((m + c)^2 + c^2 (d-1)^2)] b/a</pre>
     * and curvature kappa scales it by {@code sqrt(kappa)} at {@code sqrt(kappa) theta}. Zero when kappa = 0.
     */
    static double divergenceBound(double theta, double kappa, int dimension) {
        if (kappa == 0) {
            return 0;
        }
        double root = Math.sqrt(kappa);
        double t = root * theta;
        if (!(t < Math.PI / 2)) {
            throw new IllegalArgumentException("the divergence bound needs theta sqrt(kappa) < pi/2. Provided value: "
                    + "theta = " + theta + ", kappa = " + kappa);
        }
        double a = CurvatureFunctions.hMax(theta, kappa);
        double b = CurvatureFunctions.rauchFactor(theta, kappa);
        double m = radialRate(t);
        double k = transverseRate(t);
        double c = t / 3;
        double e = 1 / a - 1;
        double d = dimension;
        double first = (d - 1) * m + e * (Math.max(m, 2 * k) + Math.max(d - 2, 0) * m);
        double second = (c * (d - 1) + e * Math.hypot(m + c, c * (d - 1))) * b / a;
        return root * (first + second);
    }

    /** {@code m(t) = (t - sin t cos t) / sin^2 t} (= -a'(t)), by its series below 1e-2. */
    static double radialRate(double t) {
        if (t < 1e-2) {
            return 2 * t / 3 + 4 * t * t * t / 45;
        }
        double s = Math.sin(t);
        return (t - s * Math.cos(t)) / (s * s);
    }

    /** {@code k(t) = (sin t - t cos t) / sin^2 t} (= b'(t)), by its series below 1e-2. */
    static double transverseRate(double t) {
        if (t < 1e-2) {
            return t / 3 + 7 * t * t * t / 90;
        }
        double s = Math.sin(t);
        return (s - t * Math.cos(t)) / (s * s);
    }
}
