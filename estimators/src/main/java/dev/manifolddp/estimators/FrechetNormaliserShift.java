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
 * <p>Moving the replaced record from y to c and on to y' (radial legs of total length at most 2r) and integrating by
 * parts, {@code d/dq ln Z = (1/n) (E[div V] - boundary flux / Z)} per unit of path, with
 * {@code V = H^-1 (d_y log_x y) u}, H the Hessian of F: sigma cancels, and what remains is curvature times distance,
 * small near the mean where the density's mass is. With q the moving record's distance from c,
 * <pre>    psi(sigma) = (2/n) integral_0^r [ max_s LC(q, s, sigma) + B(q, sigma) ] dq</pre>
 * where {@code LC} is a layer-cake sum of the divergence bound {@code D} over the density's mass beyond distance rho
 * from the mean (strong convexity, §5), s the records' root mean square distance from the mean (which bounds their
 * average distance and, through {@code F(c) <= r^2/2}, the mean's distance from c, §4), and B the boundary flux,
 * which falls like {@code exp(-(R - r)/sigma)} because {@code |grad F| >= R - r} on the boundary. Everything is
 * public: d, kappa, r, R, n and sigma.
 *
 * <p>Immutable: the divergence bounds are computed once per (r, R, n) on a grid of {@link #PATH_CELLS} x
 * {@link #SPREAD_CELLS} x ({@link #RHO_CELLS} + 1); {@link #at} costs a few incomplete gamma functions and a few
 * thousand multiply-adds.
 */
public final class FrechetNormaliserShift implements DensityDomain.NormaliserShift {

    /** Cells of the grid over the distance rho from the minimiser, in {@code [0, R - r]}. */
    static final int RHO_CELLS = 32;
    /** Fine cells per rho cell for the mass beyond rho. */
    static final int FINE = 16;
    /** Cells between R - r and the farthest distance R + r from the minimiser. */
    static final int OUTER_CELLS = 256;
    /** Cells over the moving record's distance q from the centre, in {@code [0, r]}. */
    static final int PATH_CELLS = 16;
    /** Cells over the records' root mean square distance s from the minimiser, in {@code [0, r]}. */
    static final int SPREAD_CELLS = 8;

    private final int dimension;
    private final double gap;
    private final double domainRadius;
    private final double pathOverN;
    /** D at the rho grid, per path cell and spread cell: {@code divergence[q][s][j]}. */
    private final double[][][] divergence;
    /** Lower bounds on |grad F| at the fine cells' left ends, and the log of each cell's volume weight. */
    private final double[] pulled;
    private final double[] logWeight;
    /** The log of the bound on |V| on the boundary, per path cell. */
    private final double[] logFieldBound;
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
        // the mean's distance from c is at most min(r, sqrt((r^2 - s^2) / a(2r))) when the records' root mean
        // square distance from it is s: F(c) <= r^2/2, F(m) = s^2/2 and F is a(2r)-strongly convex on B_r (§4)
        double convexity = CurvatureFunctions.hMax(2 * r, kappa);
        this.divergence = new double[PATH_CELLS][SPREAD_CELLS][RHO_CELLS + 1];
        for (int qi = 0; qi < PATH_CELLS; qi++) {
            double q = r * (qi + 1) / PATH_CELLS; // D increases with q: the cell's right end
            for (int si = 0; si < SPREAD_CELLS; si++) {
                double spreadLow = r * si / SPREAD_CELLS;
                double spreadHigh = r * (si + 1) / SPREAD_CELLS;
                // the average distance grows with s, the mean's offset from c falls: each at its cell's worst end
                double offset = Math.min(r, Math.sqrt(Math.max(0, r * r - spreadLow * spreadLow) / convexity));
                for (int j = 0; j <= RHO_CELLS; j++) {
                    // the grid ends where 2r + rho reaches the farthest distance R + r, beyond which D is constant
                    double rho = j == RHO_CELLS ? far : (far - 2 * r) * j / RHO_CELLS;
                    double thetaMax = Math.min(2 * r + rho, far);
                    divergence[qi][si][j] = divergenceBound(thetaMax, Math.min(spreadHigh + rho, thetaMax),
                            Math.min(offset + q + rho, thetaMax), kappa, dimension);
                }
            }
        }
        // the distance u from the miniser, on cells FINE times finer than rho's, up to the farthest R + r:
        // along the geodesic from m the Frechet function's second derivative is at least abar(v), the average
        // transverse Hessian when every record is within min(2r + v, R + r) and on average within r + v (§5), so
        // |grad F| >= G(u) = integral_0^u abar(v) dv, and G at a cell's left end is at least the sum of the cells'
        // right-end values before it (abar decreases)
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
            double thetaMax = Math.min(2 * r + right, far);
            pull += width * averageTransverseHessian(thetaMax, Math.min(r + right, thetaMax), kappa);
            left = right;
        }
        // on the boundary the moving record, at q from c, is within R + q of x
        this.logFieldBound = new double[PATH_CELLS];
        for (int qi = 0; qi < PATH_CELLS; qi++) {
            double q = r * (qi + 1) / PATH_CELLS;
            logFieldBound[qi] = Math.log(CurvatureFunctions.rauchFactor(Math.min(outer + q, far), kappa)
                    / CurvatureFunctions.hMax(far, kappa));
        }
        double root = Math.sqrt(Math.max(kappa, 0));
        this.logBoundaryArea = (dimension - 1) * Math.log(kappa > 0 ? Math.sin(root * outer) / root : outer);
        this.logSinc = kappa > 0 ? Math.log(Math.sin(root * gap) / (root * gap)) : 0;
    }

    /**
     * A lower bound on the average {@code (1/n) sum_i a(theta_i)} of the records' transverse Hessian eigenvalues
     * {@code a(t) = s t cot(s t)} when every distance is at most {@code thetaMax} and their average at most
     * {@code thetaAverage}: {@code (1 - a(t))/t} increases (its series has positive coefficients), so
     * {@code a(t) >= 1 - (1 - a(thetaMax)) t / thetaMax} on {@code [0, thetaMax]}, and the average of the right side
     * is linear in the average distance.
     */
    static double averageTransverseHessian(double thetaMax, double thetaAverage, double kappa) {
        if (!(thetaMax > 0)) {
            return 1;
        }
        double deficit = 1 - CurvatureFunctions.hMax(thetaMax, kappa);
        return 1 - deficit * Math.min(1, thetaAverage / thetaMax);
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
        double boundary = Math.exp(logBoundaryArea - gap / sigma - logZ);
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
        // |div V(X)| <= D(rho(X, m)) with D increasing, so E|div V| <= D(0) + sum over the grid of D's increments
        // times the mass beyond each cell's left end (a layer-cake sum, docs/kng-normaliser.md §5), at the worst
        // spread s; then the path's integral over the moving record's distance q from c, cell by cell
        double total = 0;
        for (int qi = 0; qi < PATH_CELLS; qi++) {
            double worst = 0;
            for (double[] bound : divergence[qi]) {
                double expected = bound[0];
                for (int j = 1; j <= RHO_CELLS; j++) {
                    expected += Math.max(0, bound[j] - bound[j - 1]) * beyond[j - 1];
                }
                worst = Math.max(worst, expected);
            }
            total += worst + boundary * Math.exp(logFieldBound[qi]);
        }
        // one part in 10^9 covers the rounding of the special functions
        return pathOverN * (total / PATH_CELLS) * (1 + 1e-9);
    }

    /**
     * {@code D(theta)}: a bound on {@code |div V|} at a point x whose distances to all records are at most theta, on
     * curvature {@code kappa >= 0} in dimension d: {@link #divergenceBound(double, double, double, double, int)} with
     * every distance at theta (the bound before the averages were used; the tests compare the two).
     */
    static double divergenceBound(double theta, double kappa, int dimension) {
        return divergenceBound(theta, theta, theta, kappa, dimension);
    }

    /**
     * A bound on {@code |div V|} at a point x whose distances to the records are at most {@code thetaMax}, on average
     * at most {@code thetaAverage}, and to the moving record at most {@code thetaMoving}, on curvature
     * {@code kappa >= 0} in dimension d (docs/kng-normaliser.md §4). On the unit sphere, with the moving record's
     * {@code m = m(thetaMoving)}, {@code k = k(thetaMoving)}, {@code b = b(thetaMoving)}, the average transverse
     * Hessian {@code abar} ({@link #averageTransverseHessian}), {@code e = 1/abar - 1}, {@code f = thetaAverage /
     * thetaMax} and {@code phi(t) = sqrt((m(t) + t/3)^2 + (t/3)^2 (d-1)^2)}:
     * <pre>    D = (d-1) m + e (max(m, 2k) + (d-2) m) + [(d-1) thetaAverage/3 + e f phi(thetaMax)] b/abar</pre>
     * The first two terms are the moving record's own field; the bracket is the Hessian's derivative, an average
     * over all records of functions that vanish at 0 and grow faster than linearly, so at most their value at
     * thetaMax times f. Curvature kappa scales it by {@code sqrt(kappa)} at {@code sqrt(kappa) theta}. Zero when
     * kappa = 0.
     */
    static double divergenceBound(double thetaMax, double thetaAverage, double thetaMoving, double kappa,
            int dimension) {
        if (kappa == 0) {
            return 0;
        }
        double root = Math.sqrt(kappa);
        double t = root * thetaMax;
        if (!(t < Math.PI / 2)) {
            throw new IllegalArgumentException("the divergence bound needs theta sqrt(kappa) < pi/2. Provided value: "
                    + "theta = " + thetaMax + ", kappa = " + kappa);
        }
        if (!(thetaAverage <= thetaMax && thetaMoving <= thetaMax && thetaAverage >= 0 && thetaMoving >= 0)) {
            throw new IllegalArgumentException("the average and moving distances must lie in [0, thetaMax]. "
                    + "Provided values: " + thetaAverage + ", " + thetaMoving + ", thetaMax = " + thetaMax);
        }
        double ratio = thetaMax > 0 ? thetaAverage / thetaMax : 0;
        double abar = averageTransverseHessian(thetaMax, thetaAverage, kappa);
        double tm = root * thetaMoving;
        double b = CurvatureFunctions.rauchFactor(thetaMoving, kappa);
        double m = radialRate(tm);
        double k = transverseRate(tm);
        double e = 1 / abar - 1;
        double d = dimension;
        double first = (d - 1) * m + e * (Math.max(m, 2 * k) + Math.max(d - 2, 0) * m);
        double growth = Math.hypot(radialRate(t) + t / 3, t / 3 * (d - 1)) * ratio;
        double second = ((d - 1) * root * thetaAverage / 3 + e * growth) * b / abar;
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
