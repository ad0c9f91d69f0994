package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.random.NormalSource;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact draws from the Riemannian Laplace {@code ∝ exp(-rho(x, a)/s)} restricted to a geodesic ball
 * {@code B = B_r(p0)} that contains its centre a but need not be centred there, with a direction law tilted towards
 * p0 ({@code docs/exact-sampling.md}, "Tilted in-ball proposals"). It replaces "uniform direction, radius up to
 * {@code r + rho(a, p0)}, reject outside B", whose acceptance falls like {@code exp(-100 rho(a, p0))} in 96
 * dimensions because almost every direction from an off-centre a leaves B early.
 *
 * <p><b>Law.</b> In polar coordinates {@code x = exp_a(t u)} the target is {@code exp(ell(t)) 1_B(x) dt du},
 * {@code ell(t) = -t/s + (d - 1) log t + log J(t)}. Write {@code c = <u, w>} with w the unit direction from a to
 * p0. The curvature is at most {@code kmax} and B is a convex ball of radius below {@code pi/(4 sqrt(kmax))}
 * (Assumption 1), so B is CAT(kmax) and the hinge comparison bounds the exit distance of every direction:
 * {@code T(u) <= Tbar(c)}, the exit distance in the plane of constant curvature kmax, increasing in c. The
 * proposal splits {@code c in [-1, 1]} into cells; on cell j it uses {@code U_j = Tbar(c_(j+1))} and a line
 * {@code L_j >= ell} on {@code [0, U_j]} (a tangent at {@code U_j} lifted by its slope's uncertainty; ell is concave,
 * see {@link TruncatedRadialLaplace}). It picks cell j with weight {@code int_0^U_j exp(L_j) * max_cell
 * (1 - c^2)^((d - 3)/2)}, c uniform in the cell, the rest of u uniform, t with density {@code ∝ exp(L_j(t))} on
 * {@code [0, U_j]}, and accepts with {@code exp(ell(t) - L_j(t)) (1 - c^2)^((d - 3)/2) / max_cell(...)}: the accepted
 * (u, t) has density {@code ∝ exp(ell(t)) 1{t <= U_j}}, which covers B. The caller still rejects x outside B.
 *
 * <p><b>Loud checks.</b> {@code ell <= L_j} (concavity) and {@code T(u) <= U_j} (checked on every returned point:
 * the point at distance U_j along u must not lie inside B) throw {@link IllegalStateException} beyond rounding.
 * Allocation-free per draw; not thread-safe.
 */
final class TiltedBallProposal {

    /** Cells of the cosine c on [-1, 1]; the density of c varies by a few percent across one at d = 96. */
    private static final int CELLS = 2048;
    private static final long MAX_CANDIDATES = 100_000_000L;
    /** Relative inflation of the exit bounds, so that rounding never cuts off a point of the ball. */
    private static final double EXIT_SLACK = 1e-9;
    private static final double LOG_TOLERANCE = 1e-9;

    private final Geometry geometry;
    private final RadialVolume radial;
    private final TangentBasis tangentBasis;
    private final int dimension;
    private final double curvature;
    private final double[][] basis;
    private final double[] towards;
    private final double[] coordinates;
    private final double[] unit;
    private final double[] step;
    private final double[] exit;
    private final NormalSource normals = new NormalSource();
    private final double[] edge = new double[CELLS + 1];
    private final double[] limit = new double[CELLS];
    /** Per cell: the radius law's envelope, {@code exp(min(L_A, L_Bj))} on [0, U_j] as two exponential pieces. */
    private final double[] split = new double[CELLS];
    private final double[] lowIntercept = new double[CELLS];
    private final double[] lowSlope = new double[CELLS];
    private final double[] highIntercept = new double[CELLS];
    private final double[] highSlope = new double[CELLS];
    private final double[] lowShare = new double[CELLS];
    private final double[] logCellCosine = new double[CELLS];
    private final double[] cumulative = new double[CELLS];
    private final double[] line = new double[2];
    /** The last prepared call's arguments, to skip the set-up when a caller repeats them. */
    private final double[] lastAnchor;
    private final double[] lastCenter;
    private final double[] lastParameters = new double[4];
    private double[] anchor;
    private double[] center;
    private double radius;
    private double scale;

    TiltedBallProposal(Geometry geometry) {
        this(geometry, geometry.curvature().max());
    }

    /** With an upper curvature bound of the caller's choice: the tests use a wrong one to see the exit check fire. */
    TiltedBallProposal(Geometry geometry, double curvatureBound) {
        this.geometry = geometry;
        this.radial = Capabilities.require(geometry, RadialVolume.class, "TiltedBallProposal");
        this.tangentBasis = Capabilities.require(geometry, TangentBasis.class, "TiltedBallProposal");
        if (!supports(geometry)) {
            throw new IllegalArgumentException("TiltedBallProposal needs curvature in [0, kmax] with kmax finite "
                    + "and dimension >= 3; " + geometry.spec() + " has " + geometry.curvature() + ", dimension "
                    + geometry.dimension());
        }
        this.curvature = curvatureBound;
        this.dimension = tangentBasis.basisSize();
        int length = geometry.layout().length();
        this.basis = new double[dimension][length];
        this.towards = new double[dimension];
        this.coordinates = new double[dimension];
        this.unit = new double[length];
        this.step = new double[length];
        this.exit = new double[length];
        this.lastAnchor = new double[length];
        this.lastCenter = new double[length];
        java.util.Arrays.fill(lastParameters, Double.NaN);
        for (int j = 0; j <= CELLS; j++) {
            edge[j] = -1 + 2.0 * j / CELLS;
        }
    }

    /** True when {@code geometry} offers what this proposal needs. */
    static boolean supports(Geometry geometry) {
        // d >= 3: the cosine's density (1 - c^2)^((d - 3)/2) is then bounded on every cell
        return TruncatedRadialLaplace.supports(geometry) && Double.isFinite(geometry.curvature().max())
                && geometry.dimension() >= 3;
    }

    /**
     * Sets up the proposal for the Laplace at {@code anchor} with scale s on {@code B_r(center)} ({@code anchor} in the
     * ball, {@code reach >= r + rho(anchor, center)} below the cut-locus distance).
     */
    void prepare(double[] anchor, double[] center, double r, double s, double reach) {
        this.anchor = anchor;
        this.center = center;
        this.radius = r;
        this.scale = s;
        if (java.util.Arrays.equals(anchor, lastAnchor) && java.util.Arrays.equals(center, lastCenter)
                && lastParameters[0] == r && lastParameters[1] == s && lastParameters[2] == reach) {
            return;
        }
        tangentBasis.basis(anchor, basis);
        geometry.log(anchor, center, step);
        double offset = 0;
        for (int i = 0; i < dimension; i++) {
            towards[i] = geometry.inner(anchor, basis[i], step);
            offset += towards[i] * towards[i];
        }
        offset = Math.sqrt(offset);
        if (offset > 0) {
            for (int i = 0; i < dimension; i++) {
                towards[i] /= offset;
            }
        } else {
            java.util.Arrays.fill(towards, 0);
            towards[0] = 1;
        }
        double cap = Math.min(reach, radial.maxRadius() / (1 + 1e-3));
        // L_A: a tangent of ell just below its mode (or below the cap), shared by all cells; it bounds the radius
        // law where the mode lies inside [0, U_j] (low dimension, or a long exit)
        double mode = mode(cap);
        double width = peakWidth(mode);
        double left = Math.max(0.5 * mode, mode - width);
        tangent(left, cap);
        double interceptA = line[0];
        double slopeA = line[1];
        double high = Math.min(cap, mode + width);
        double largest = Double.NEGATIVE_INFINITY;
        double[] logWeight = cumulative; // holds the log weights until the second pass turns them into sums
        for (int j = 0; j < CELLS; j++) {
            double u = Math.min(exitBound(offset, r, edge[j + 1]), cap) * (1 + EXIT_SLACK);
            limit[j] = u;
            double nearest = edge[j] < 0 && edge[j + 1] > 0 ? 0
                    : Math.min(edge[j] * edge[j], edge[j + 1] * edge[j + 1]);
            logCellCosine[j] = 0.5 * (dimension - 3) * Math.log1p(-nearest);
            if (!(u > 0)) {
                logWeight[j] = Double.NEGATIVE_INFINITY;
            } else {
                // L_Bj: a tangent at U_j (where the law piles up when the mode lies beyond it), or past the mode
                tangent(Math.min(u, high), cap);
                logWeight[j] = hull(j, interceptA, slopeA, line[0], line[1], u) + logCellCosine[j];
            }
            largest = Math.max(largest, logWeight[j]);
        }
        double sum = 0;
        for (int j = 0; j < CELLS; j++) {
            sum += Math.exp(logWeight[j] - largest);
            cumulative[j] = sum;
        }
        System.arraycopy(anchor, 0, lastAnchor, 0, anchor.length);
        System.arraycopy(center, 0, lastCenter, 0, center.length);
        lastParameters[0] = r;
        lastParameters[1] = s;
        lastParameters[2] = reach;
    }

    /**
     * The exit distance from a point at distance {@code offset} from the centre of a ball of radius r, in direction
     * of cosine c with the centre's direction, in the plane of constant curvature kmax: the larger root t of the law
     * of cosines {@code cos(r k) = cos(offset k) cos(t k) + sin(offset k) sin(t k) c}, {@code k = sqrt(kmax)}.
     */
    double exitBound(double offset, double r, double c) {
        if (curvature == 0) {
            return offset * c + Math.sqrt(Math.max(0, r * r - offset * offset * (1 - c * c)));
        }
        double k = Math.sqrt(curvature);
        double a = Math.cos(offset * k);
        double b = Math.sin(offset * k) * c;
        double amplitude = Math.hypot(a, b);
        return Math.max(0, (Math.atan2(b, a) + Math.acos(Math.min(1, Math.cos(r * k) / amplitude))) / k);
    }

    /** The mode of ell on (0, cap] (cap when ell still increases there), by bisection on the chords' sign. */
    private double mode(double cap) {
        if (slopeAt(cap) >= 0) {
            return cap;
        }
        double lo = 0;
        double hi = cap;
        for (int i = 0; i < 60; i++) {
            double mid = 0.5 * (lo + hi);
            if (slopeAt(mid) >= 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    /** {@code 1/sqrt(-ell''(t))}, the width of the radius law's peak at its mode t (a tuning value only). */
    private double peakWidth(double t) {
        double h = 1e-3 * t;
        double second = (logDensity(t + h) - 2 * logDensity(t) + logDensity(t - h)) / (h * h);
        return second < 0 ? Math.min(0.5 * t, 1 / Math.sqrt(-second)) : 0.5 * t;
    }

    private double slopeAt(double t) {
        double h = 1e-7 * t;
        return (logDensity(t + h) - logDensity(t - h)) / (2 * h);
    }

    /**
     * Writes {@code (c0, c1)} of a line {@code c0 + c1 t >= ell(t)} on {@code [0, cap]}, touching ell at t: the
     * tangent, with its slope taken between the left and the right chord (ell is concave, so ell'(t) lies between
     * them) and the level raised by half their gap (plus their rounding) times the largest distance to t.
     */
    private void tangent(double t, double cap) {
        double h = 1e-6 * t;
        double here = logDensity(t);
        double right = (logDensity(t + h) - here) / h;
        double left = (here - logDensity(t - h)) / h;
        double rounding = 8 * Math.ulp(Math.abs(here) + Math.abs(t / scale) + 1) / h;
        double slope = 0.5 * (left + right);
        line[1] = slope;
        line[0] = here + (0.5 * Math.abs(left - right) + rounding) * Math.max(t, cap) - slope * t;
    }

    /**
     * Stores the hull {@code min(A, B)} of two lines on {@code [0, U]} of cell j as two pieces split where they cross;
     * returns the log of its integral.
     */
    private double hull(int j, double a0, double a1, double b0, double b1, double u) {
        double z = a1 == b1 ? (a0 <= b0 ? u : 0) : (b0 - a0) / (a1 - b1);
        z = Math.max(0, Math.min(u, z));
        // on each piece the lower line at its middle is the lower one throughout (two lines cross once)
        boolean aLowFirst = a0 + a1 * 0.5 * z <= b0 + b1 * 0.5 * z;
        boolean aLowSecond = a0 + a1 * 0.5 * (z + u) <= b0 + b1 * 0.5 * (z + u);
        split[j] = z;
        lowIntercept[j] = aLowFirst ? a0 : b0;
        lowSlope[j] = aLowFirst ? a1 : b1;
        highIntercept[j] = aLowSecond ? a0 : b0;
        highSlope[j] = aLowSecond ? a1 : b1;
        double first = logMass(lowIntercept[j], lowSlope[j], 0, z);
        double second = logMass(highIntercept[j], highSlope[j], z, u);
        double top = Math.max(first, second);
        double total = top + Math.log(Math.exp(first - top) + Math.exp(second - top));
        lowShare[j] = Math.exp(first - total);
        return total;
    }

    /** {@code log int_lo^hi exp(c0 + c1 t) dt} ({@code -inf} for an empty interval). */
    private static double logMass(double c0, double c1, double lo, double hi) {
        double width = hi - lo;
        if (!(width > 0)) {
            return Double.NEGATIVE_INFINITY;
        }
        double mu = c1 * width;
        double log;
        if (Math.abs(mu) < 1e-12) {
            log = Math.log(width);
        } else {
            log = c1 > 0 ? Math.log(-Math.expm1(-mu) / c1) : -mu + Math.log(-Math.expm1(mu) / -c1);
        }
        return c0 + c1 * hi + log;
    }

    /** A draw from the density {@code ∝ exp(c1 t)} on {@code [lo, hi]}. */
    private static double exponentialPiece(double c1, double lo, double hi, UniformRandomProvider rng) {
        double width = hi - lo;
        double mu = c1 * width;
        double back = Math.abs(mu) < 1e-12 ? rng.nextDouble() * width
                : -Math.log1p(rng.nextDouble() * Math.expm1(-mu)) / c1;
        return hi - Math.min(back, width);
    }

    /**
     * One proposal into {@code out}: a point with the Laplace density restricted to a set that contains B (the caller
     * rejects points outside B).
     */
    void sample(UniformRandomProvider rng, double[] out) {
        double total = cumulative[CELLS - 1];
        for (long i = 0; i < MAX_CANDIDATES; i++) {
            int j = cell(rng.nextDouble() * total);
            double c = Math.max(-1, Math.min(1, edge[j] + (edge[j + 1] - edge[j]) * rng.nextDouble()));
            double u = limit[j];
            boolean low = rng.nextDouble() < lowShare[j];
            double c0 = low ? lowIntercept[j] : highIntercept[j];
            double c1 = low ? lowSlope[j] : highSlope[j];
            double t = low ? exponentialPiece(c1, 0, split[j], rng) : exponentialPiece(c1, split[j], u, rng);
            if (!(t > 0)) {
                continue;
            }
            double gap = logDensity(t) - c0 - c1 * t;
            if (gap > LOG_TOLERANCE) {
                throw new IllegalStateException(String.format(Locale.ROOT, "tilted in-ball proposal: the radius "
                        + "envelope ratio exp(%.6g) exceeds 1 at t = %.17g (s = %s, U = %s); log(t^(d-1) J(t)) is "
                        + "not concave on %s", gap, t, scale, u, geometry.spec()));
            }
            double logRatio = gap + 0.5 * (dimension - 3) * Math.log1p(-c * c) - logCellCosine[j];
            if (rng.nextDouble() < Math.exp(logRatio)) {
                place(c, t, u, rng, out);
                return;
            }
        }
        throw new IllegalStateException(String.format(Locale.ROOT, "the tilted in-ball proposal rejected %d "
                + "candidates in a row (s = %s, r = %s)", MAX_CANDIDATES, scale, radius));
    }

    private int cell(double target) {
        int low = 0;
        int high = CELLS - 1;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (cumulative[mid] > target) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low;
    }

    /** {@code out = exp_a(t u)} with {@code u = c w + sqrt(1 - c^2) v}, v uniform orthogonal to w; checks the exit. */
    private void place(double c, double t, double u, UniformRandomProvider rng, double[] out) {
        double norm;
        do {
            normals.fill(rng, coordinates, dimension);
            double along = 0;
            for (int i = 0; i < dimension; i++) {
                along += coordinates[i] * towards[i];
            }
            norm = 0;
            for (int i = 0; i < dimension; i++) {
                coordinates[i] -= along * towards[i];
                norm += coordinates[i] * coordinates[i];
            }
        } while (!(norm > 0));
        double across = Math.sqrt(Math.max(0, 1 - c * c) / norm);
        for (int i = 0; i < dimension; i++) {
            coordinates[i] = c * towards[i] + across * coordinates[i];
        }
        TangentBasis.combine(basis, coordinates, unit);
        scaled(u);
        geometry.exp(anchor, step, exit);
        double beyond = geometry.distance(center, exit);
        if (!(beyond >= radius * (1 - LOG_TOLERANCE))) {
            throw new IllegalStateException(String.format(Locale.ROOT, "tilted in-ball proposal: the point at the "
                    + "exit bound U = %.17g along a direction of cosine %.17g with the centre lies inside the ball "
                    + "(distance %.17g < r = %.17g); the curvature bound kmax = %s of %s does not bound the exit "
                    + "distance (the ball is not CAT(kmax))", u, c, beyond, radius, curvature, geometry.spec()));
        }
        scaled(t);
        geometry.exp(anchor, step, out);
    }

    private void scaled(double length) {
        for (int i = 0; i < unit.length; i++) {
            step[i] = length * unit[i];
        }
    }

    private double logDensity(double t) {
        return TruncatedRadialLaplace.logDensity(radial, dimension, scale, t);
    }
}
