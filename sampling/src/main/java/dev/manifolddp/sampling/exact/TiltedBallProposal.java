package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.random.NormalSource;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact draws from the Riemannian Laplace {@code ∝ exp(-rho(x, a)/s)} (or a KNG envelope made of several lines, see
 * {@link KngEnvelope}) restricted to a set that covers a geodesic ball {@code B = B_r(p0)} containing a but not
 * necessarily centred there, with the direction's law tilted towards p0 ({@code docs/exact-sampling.md}, "Tilted
 * in-ball proposals"). It replaces "uniform direction, radius up to {@code r + rho(a, p0)}, reject outside B", whose
 * share inside B falls like {@code exp(-100 rho(a, p0))} in 96 dimensions because almost every direction from an
 * off-centre a leaves B early.
 *
 * <p><b>Law.</b> In polar coordinates {@code x = exp_a(t u)} the target is {@code exp(ell(t)) dt du} on
 * {@code t <= T(u)}, the exit distance, {@code ell(t) = -(slope t - offset)/sigma + (d - 1) log t + log J(t)}. With
 * {@code c = <u, w>}, w the unit direction from a to p0, {@code T(u) <= Tbar(c)}, the exit distance in the plane of
 * constant curvature kmax (exact law of cosines on spheres, a closed-form inequality on CP^m, the CAT(kmax) hinge
 * comparison in general), increasing in c. The proposal cuts {@code c in [-1, 1]} into cells; on cell j it uses
 * {@code U_j = Tbar(c_(j+1))} and the hull of two tangents of the concave ell, {@code H_j >= ell} on
 * {@code [0, U_j]}. It picks cell j with weight {@code int_0^U_j exp(H_j) * max_cell (1 - c^2)^((d - 3)/2)}, c uniform
 * in the cell, the rest of u uniform, t with density {@code ∝ exp(H_j(t))}, and accepts with
 * {@code exp(ell(t) - H_j(t)) (1 - c^2)^((d - 3)/2) / max_cell(...)}: the accepted (u, t) has density
 * {@code ∝ exp(ell(t)) 1{t <= U_j}}, which covers B. The caller still rejects x outside B and must judge x by the line
 * the proposal came from ({@link #lastSlope()}, {@link #lastOffset()}).
 *
 * <p><b>Loud checks.</b> {@code ell <= H_j} (concavity) and {@code T(u) <= U_j} (checked on every returned point:
 * the point at distance U_j along u must not lie inside B) throw {@link IllegalStateException} beyond rounding.
 * Allocation-free per draw; the set-up copies the envelope's bands and is skipped when a call repeats the last
 * anchor, centre, r, sigma and reach with the same envelope instance. Not thread-safe.
 */
final class TiltedBallProposal {

    /** Cells of the cosine c on [-1, 1]; the density of c varies by a few percent across one at d = 96. */
    private static final int CELLS = 2048;
    private static final long MAX_CANDIDATES = 100_000_000L;
    /** Relative inflation of the exit bounds, so that rounding never cuts off a point of the ball. */
    private static final double EXIT_SLACK = 1e-9;
    private static final double LOG_TOLERANCE = 1e-9;
    /** Envelope bands beyond this many are ignored (the main line covers their cells). */
    private static final int MAX_BANDS = 32;

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
    private final double[] lastParameters = new double[3];
    private double[] anchor;
    private double[] center;
    private double radius;
    private double sigma;
    private KngEnvelope lastEnvelope;
    /** The envelope's lines: bands first (increasing reach), then the main line; per line its L_A tangent. */
    private final double[] lineReach = new double[MAX_BANDS + 1];
    private final double[] lineSlope = new double[MAX_BANDS + 1];
    private final double[] lineOffset = new double[MAX_BANDS + 1];
    private final double[] lineInterceptA = new double[MAX_BANDS + 1];
    private final double[] lineSlopeA = new double[MAX_BANDS + 1];
    private final double[] lineHigh = new double[MAX_BANDS + 1];
    private final int[] lineOf = new int[CELLS];
    private int lineCount;
    private int lastLine;

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
        prepare(anchor, center, r, s, new KngEnvelope(1, 0, reach), reach);
    }

    /**
     * Sets up the proposal for the envelope {@code exp(-(slope rho(x, a) - offset)/sigma)} on {@code B_r(center)},
     * with the envelope's band lines along directions whose exit bound is at most a band's reach
     * ({@code anchor} in the ball, {@code reach >= r + rho(anchor, center)} below the cut-locus distance).
     */
    void prepare(double[] anchor, double[] center, double r, double sigma, KngEnvelope envelope, double reach) {
        this.anchor = anchor;
        this.center = center;
        this.radius = r;
        this.sigma = sigma;
        if (java.util.Arrays.equals(anchor, lastAnchor) && java.util.Arrays.equals(center, lastCenter)
                && lastParameters[0] == r && lastParameters[1] == sigma && lastParameters[2] == reach
                && envelope.equals(lastEnvelope)) {
            return;
        }
        double offset = towardsCenter(anchor, center);
        double cap = Math.min(reach, radial.maxRadius() / (1 + 1e-3));
        setLines(envelope);
        double[] logWeight = cumulative; // holds the log weights until the second pass turns them into sums
        double largest = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < CELLS; j++) {
            double u = Math.min(exitBound(offset, r, edge[j + 1]), cap) * (1 + EXIT_SLACK);
            limit[j] = u;
            double nearest = edge[j] < 0 && edge[j + 1] > 0 ? 0
                    : Math.min(edge[j] * edge[j], edge[j + 1] * edge[j + 1]);
            logCellCosine[j] = 0.5 * (dimension - 3) * Math.log1p(-nearest);
            int k = 0;
            while (k < lineCount - 1 && lineReach[k] < u) {
                k++;
            }
            lineOf[j] = k;
            if (!(u > 0)) {
                logWeight[j] = Double.NEGATIVE_INFINITY;
            } else {
                prepareLine(k, cap);
                // L_Bj: a tangent at U_j (where the law piles up when the mode lies beyond it), or past the mode
                tangent(k, Math.min(u, lineHigh[k]), cap);
                logWeight[j] = hull(j, lineInterceptA[k], lineSlopeA[k], line[0], line[1], u) + logCellCosine[j];
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
        lastParameters[1] = sigma;
        lastParameters[2] = reach;
        lastEnvelope = envelope;
    }

    /** The unit tangent coordinates of the direction from the anchor to the centre; returns their distance. */
    private double towardsCenter(double[] anchor, double[] center) {
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
        return offset;
    }

    /** The envelope's band lines in increasing reach, then its main line (reach infinite: it covers every cell). */
    private void setLines(KngEnvelope envelope) {
        double[] reaches = envelope.bandReaches();
        double[] slopes = envelope.bandSlopes();
        double[] offsets = envelope.bandOffsets();
        int bands = Math.min(reaches.length, MAX_BANDS);
        for (int k = 0; k < bands; k++) {
            lineReach[k] = reaches[k];
            lineSlope[k] = slopes[k];
            lineOffset[k] = offsets[k];
        }
        lineReach[bands] = Double.POSITIVE_INFINITY;
        lineSlope[bands] = envelope.slope();
        lineOffset[bands] = envelope.offset();
        lineCount = bands + 1;
        java.util.Arrays.fill(lineHigh, Double.NaN);
    }

    /**
     * L_A of line k: a tangent of ell just below its mode (or below the cap), shared by the line's cells; it bounds
     * the radius law where the mode lies inside [0, U_j] (low dimension, or a long exit). Computed once per line.
     */
    private void prepareLine(int k, double cap) {
        if (!Double.isNaN(lineHigh[k])) {
            return;
        }
        double mode = mode(k, cap);
        double width = peakWidth(k, mode);
        tangent(k, Math.max(0.5 * mode, mode - width), cap);
        lineInterceptA[k] = line[0];
        lineSlopeA[k] = line[1];
        lineHigh[k] = Math.min(cap, mode + width);
    }

    /**
     * The exit distance from a point at distance {@code offset} from the centre of a ball of radius r, in direction
     * of cosine c with the centre's direction, in the plane of constant curvature kmax: the larger root t of the law
     * of cosines {@code cos(r k) = cos(offset k) cos(t k) + sin(offset k) sin(t k) c}, {@code k = sqrt(kmax)}.
     */
    double exitBound(double offset, double r, double c) {
        return exitBound(curvature, offset, r, c);
    }

    /** {@link #exitBound(double, double, double)} for the curvature bound kmax. */
    static double exitBound(double kmax, double offset, double r, double c) {
        if (kmax == 0) {
            return offset * c + Math.sqrt(Math.max(0, r * r - offset * offset * (1 - c * c)));
        }
        double k = Math.sqrt(kmax);
        double a = Math.cos(offset * k);
        double b = Math.sin(offset * k) * c;
        double amplitude = Math.hypot(a, b);
        return Math.max(0, (Math.atan2(b, a) + Math.acos(Math.min(1, Math.cos(r * k) / amplitude))) / k);
    }

    /**
     * {@code log P(Tbar(c) >= t_i)} for a uniform direction in dimension d ({@code c} has density
     * {@code ∝ (1 - c^2)^((d - 3)/2)}), by quadrature: roughly the share of directions along which the ball extends
     * beyond t. Only {@link KngEnvelopeFit}'s ranking of candidate lines uses it.
     */
    static void logDirectionShare(double kmax, int dimension, double offset, double r, double[] t, double[] out) {
        int grid = 4096;
        double[] tail = new double[grid + 1];
        double[] exits = new double[grid + 1];
        for (int j = grid; j >= 0; j--) {
            double c = -1 + 2.0 * j / grid;
            exits[j] = exitBound(kmax, offset, r, c);
            double density = j == 0 || j == grid ? 0 : Math.exp(0.5 * (dimension - 3) * Math.log1p(-c * c));
            tail[j] = (j == grid ? 0 : tail[j + 1]) + density;
        }
        for (int i = 0; i < t.length; i++) {
            int lo = 0;
            int hi = grid;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (exits[mid] >= t[i]) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            out[i] = Math.log(tail[lo] / tail[0]);
        }
    }

    /** The mode of ell on (0, cap] (cap when ell still increases there), by bisection on the chords' sign. */
    private double mode(int k, double cap) {
        if (slopeAt(k, cap) >= 0) {
            return cap;
        }
        double lo = 0;
        double hi = cap;
        for (int i = 0; i < 60; i++) {
            double mid = 0.5 * (lo + hi);
            if (slopeAt(k, mid) >= 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    /** {@code 1/sqrt(-ell''(t))}, the width of the radius law's peak at its mode t (a tuning value only). */
    private double peakWidth(int k, double t) {
        double h = 1e-3 * t;
        double second = (logDensity(k, t + h) - 2 * logDensity(k, t) + logDensity(k, t - h)) / (h * h);
        return second < 0 ? Math.min(0.5 * t, 1 / Math.sqrt(-second)) : 0.5 * t;
    }

    private double slopeAt(int k, double t) {
        double h = 1e-7 * t;
        return (logDensity(k, t + h) - logDensity(k, t - h)) / (2 * h);
    }

    /**
     * Writes {@code (c0, c1)} of a line {@code c0 + c1 t >= ell(t)} on {@code [0, cap]}, touching ell at t: the
     * tangent, with its slope taken between the left and the right chord (ell is concave, so ell'(t) lies between
     * them) and the level raised by half their gap (plus their rounding) times the largest distance to t.
     */
    private void tangent(int k, double t, double cap) {
        double h = 1e-6 * t;
        double here = logDensity(k, t);
        double right = (logDensity(k, t + h) - here) / h;
        double left = (here - logDensity(k, t - h)) / h;
        double rounding = 8 * Math.ulp(Math.abs(here) + Math.abs(lineSlope[k] * t / sigma)
                + Math.abs(lineOffset[k] / sigma) + 1) / h;
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
            double gap = logDensity(lineOf[j], t) - c0 - c1 * t;
            if (gap > LOG_TOLERANCE) {
                throw new IllegalStateException(String.format(Locale.ROOT, "tilted in-ball proposal: the radius "
                        + "envelope ratio exp(%.6g) exceeds 1 at t = %.17g (s = %s, U = %s); log(t^(d-1) J(t)) is "
                        + "not concave on %s", gap, t, sigma / lineSlope[lineOf[j]], u, geometry.spec()));
            }
            double logRatio = gap + 0.5 * (dimension - 3) * Math.log1p(-c * c) - logCellCosine[j];
            if (rng.nextDouble() < Math.exp(logRatio)) {
                lastLine = lineOf[j];
                place(c, t, u, rng, out);
                return;
            }
        }
        throw new IllegalStateException(String.format(Locale.ROOT, "the tilted in-ball proposal rejected %d "
                + "candidates in a row (sigma = %s, r = %s)", MAX_CANDIDATES, sigma, radius));
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

    /** {@code ell_k(t) = -(slope_k t - offset_k)/sigma + (d - 1) log t + log J(t)}: line k's radius law. */
    private double logDensity(int k, double t) {
        return TruncatedRadialLaplace.logDensity(radial, dimension, sigma / lineSlope[k], t) + lineOffset[k] / sigma;
    }

    /** The slope of the line the last {@link #sample} used: the acceptance ratio must use the same line. */
    double lastSlope() {
        return lineSlope[lastLine];
    }

    /** The offset of the line the last {@link #sample} used. */
    double lastOffset() {
        return lineOffset[lastLine];
    }
}
