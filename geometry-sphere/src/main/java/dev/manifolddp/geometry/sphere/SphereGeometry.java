package dev.manifolddp.geometry.sphere;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.AmbientMetric;
import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.LogDifferenceBound;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.ScaledNorm;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The round sphere {@code S^d} of radius R, {@code {p in R^(d+1) : |p| = R}}, with the metric induced by the ambient
 * Euclidean inner product (Soto et al. 2022, §4.1). Points and tangent vectors are vectors of length d+1; the tangent
 * space at p is {@code {v : <v, p> = 0}}. Sectional curvature is the constant {@code 1/R^2}; the cut locus of p is its
 * antipode {@code -p}, at distance {@code pi R}.
 *
 * <p>Angles are computed with {@code alpha = 2 atan2(|p - q|, |p + q|)} rather than {@code acos(<p, q>/R^2)}: the
 * half-chord ratio keeps full relative accuracy both near 0 (where acos loses half the digits) and near pi.
 *
 * <p>The {@code out} forms use fused loops and allocate nothing. Each one writes {@code out[i]} only after it has
 * read the inputs at index i for the last time, but callers should still not rely on aliasing.
 */
public final class SphereGeometry implements Geometry, ParallelTransport, TangentBasis, AmbientEmbedding,
        RadialVolume, AmbientMetric, HomogeneousSpace, JacobiFields, SquaredDistanceHessian, LogSums, HessianSums,
        LogDifferenceBound {

    /** Below this angle {@code |v|/R}, exp uses the Taylor series of {@code sin(t)/t} (truncation error < 1e-25). */
    private static final double SINC_SERIES_LIMIT = 1e-4;
    /**
     * The largest angle {@code |v|/R} exp accepts: the norm of v is known to a relative 2^-52, so the angle modulo
     * 2 pi is known to {@code 2^20 * 2^-52 = 2^-32} radians up to here and to nothing useful far beyond.
     */
    static final double MAX_EXP_ANGLE = 0x1p20;

    /**
     * Angles at or beyond {@code pi (1 - margin)} are treated as the cut locus by the {@code out} forms, with the same
     * margin the allocating forms use, so that both forms accept exactly the same pairs.
     */
    private static final double CUT_LOCUS_ANGLE = Math.PI * (1 - GeometryChecks.CUT_LOCUS_MARGIN);

    /** The largest dimension d: a point then has {@link PointLayout#MAX_LENGTH} numbers. */
    public static final int MAX_DIMENSION = PointLayout.MAX_LENGTH - 1;

    /**
     * The smallest radius accepted. The formulas square coordinates of size R and the curvature is {@code 1/R^2};
     * from here to {@link #MAX_RADIUS} the squares (also summed over {@code d + 1 <= 1e7} coordinates, and the
     * squared distances {@code (pi R)^2} summed over a data set) and the curvature stay well inside the normal
     * double range, so no operation overflows to infinity or loses its relative precision to subnormal numbers.
     * At R = 1e300 the squares overflowed and log returned NaN; at R = 1e-300 the curvature was infinite.
     */
    public static final double MIN_RADIUS = 1e-100;

    /** The largest radius accepted; see {@link #MIN_RADIUS}. */
    public static final double MAX_RADIUS = 1e100;

    private final int dimension;
    private final double radius;
    private final double radiusSquared;
    private final PointLayout layout;
    private final CurvatureBounds curvature;
    private final String spec;

    /**
     * @param dimension the intrinsic dimension d in {@code [1, MAX_DIMENSION]} (points live in R^(d+1))
     * @param radius the radius R in {@code [MIN_RADIUS, MAX_RADIUS]}
     * @throws IllegalArgumentException when d or R is outside its range (the message gives the range)
     */
    public SphereGeometry(int dimension, double radius) {
        if (dimension < 1 || dimension > MAX_DIMENSION) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the sphere dimension d must lie in [1, %d]. Provided value: %d", MAX_DIMENSION, dimension));
        }
        if (!(radius >= MIN_RADIUS && radius <= MAX_RADIUS)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the sphere radius must lie in [%s, %s] (outside it the squared coordinates and the curvature "
                            + "1/R^2 leave the double range). Provided value: %s", MIN_RADIUS, MAX_RADIUS, radius));
        }
        this.dimension = dimension;
        this.radius = radius;
        this.radiusSquared = radius * radius;
        this.layout = PointLayout.vector(dimension + 1);
        this.curvature = CurvatureBounds.constant(1 / radiusSquared);
        this.spec = String.format(Locale.ROOT, "%s:d=%d,radius=%s", SphereProvider.NAME, dimension,
                Double.toString(radius));
    }

    /** The radius R. */
    public double radius() {
        return radius;
    }

    @Override
    public String name() {
        return SphereProvider.NAME;
    }

    /** {@code sphere:d=<d>,radius=<R>}, with R printed so that it parses back to the same double. */
    @Override
    public String spec() {
        return spec;
    }

    @Override
    public PointLayout layout() {
        return layout;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    /** Constant sectional curvature {@code 1/R^2}. */
    @Override
    public CurvatureBounds curvature() {
        return curvature;
    }

    /**
     * The chord bound on {@code |log_x y - log_x y'|} over a cap of radius r ({@link SphereLogDifference};
     * docs/sensitivity-bounds.md §3), tighter than the curvature-only Rauch bound; empty from {@code r >= pi R / 4}.
     */
    @Override
    public OptionalDouble logDifferenceBound(double r) {
        return SphereLogDifference.bound(radius, r);
    }

    /**
     * The chord bound with x in a larger concentric cap ({@link SphereLogDifference#bound(double, double, double)};
     * docs/kng-normaliser.md §2), never above the same-cap bound when the caps coincide.
     */
    @Override
    public OptionalDouble logDifferenceBound(double xRadius, double r) {
        OptionalDouble wide = SphereLogDifference.bound(radius, xRadius, r);
        if (xRadius == r) {
            OptionalDouble same = SphereLogDifference.bound(radius, r);
            if (same.isPresent() && (wide.isEmpty() || same.getAsDouble() < wide.getAsDouble())) {
                return same;
            }
        }
        return wide;
    }

    /** {@code pi R}: the distance from a point to its antipode, the only point of its cut locus. */
    @Override
    public double injectivityRadius() {
        return Math.PI * radius;
    }

    /**
     * {@code exp(p, v) = cos(t) p + (sin(t)/t) v} with {@code t = |v|/R}, which is
     * {@code cos(|v|/R) p + R sin(|v|/R) v/|v|} (Soto et al. 2022, §4.1); {@code exp(p, 0) = p}. Defined for every
     * tangent v of length up to {@code 2^20 R} (lengths beyond {@code pi R} wrap around the sphere; far beyond 2^20
     * radii a double norm no longer fixes the angle modulo 2 pi, so such vectors are refused). {@code sin(t)/t} uses
     * its Taylor series for tiny t. Writes {@code out}.
     *
     * @throws IllegalArgumentException when p or v has a non-finite entry, or {@code |v| > 2^20 R}
     */
    @Override
    public void exp(double[] p, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        // scaled norms: a finite v of norm above ~1e154 overflows a plain sum of squares
        double length = ScaledNorm.of(v, v.length);
        if (!Double.isFinite(length) || !Double.isFinite(ScaledNorm.of(p, p.length))) {
            for (int i = 0; i < v.length; i++) {
                if (!Double.isFinite(v[i]) || !Double.isFinite(p[i])) {
                    throw new IllegalArgumentException("exp(p, v) needs finite p and v; an entry is NaN or infinite");
                }
            }
            // finite entries whose norm exceeds the doubles: refused below by the length limit
        }
        if (length == 0) {
            System.arraycopy(p, 0, out, 0, p.length);
            return;
        }
        double t = length / radius;
        if (!(t <= MAX_EXP_ANGLE)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "exp(p, v): the tangent vector's norm |v| "
                    + "= %s is %s radii; exp is computed for |v| up to 2^20 radii (%.4g here), where the angle "
                    + "|v|/R modulo 2 pi is still known to 1e-9 from a double norm. Use a shorter vector (exp is "
                    + "periodic: reduce |v| modulo 2 pi R). Provided value: |v| = %s", shown(length),
                    Double.isFinite(t) ? String.format(Locale.ROOT, "%.3g", t) : "beyond 1.8e308",
                    MAX_EXP_ANGLE * radius, shown(length)));
        }
        double cos = Math.cos(t);
        double sinc;
        if (t < SINC_SERIES_LIMIT) {
            double t2 = t * t;
            sinc = 1 - t2 / 6 * (1 - t2 / 20);
        } else {
            sinc = Math.sin(t) / t;
        }
        double norm2 = 0;
        for (int i = 0; i < out.length; i++) {
            double x = cos * p[i] + sinc * v[i];
            out[i] = x;
            norm2 += x * x;
        }
        // Rescale onto the sphere: without it, rounding in p and v compounds over repeated updates (a Frechet-mean
        // iteration or an MCMC chain) and the iterates drift off the sphere.
        double rescale = radius / (norm2 > 0x1p-900 && norm2 < 0x1p900 ? Math.sqrt(norm2) : ScaledNorm.of(out,
                out.length));
        for (int i = 0; i < out.length; i++) {
            out[i] *= rescale;
        }
    }

    /** A norm as printed in a message: its value, or that it is beyond the doubles. */
    private static String shown(double norm) {
        return Double.isFinite(norm) ? String.valueOf(norm) : "beyond 1.8e308";
    }

    /**
     * {@code log(p, q) = R alpha w/|w|} with {@code alpha = 2 atan2(|p - q|, |p + q|)} the angle between p and q and
     * {@code w = (q - p) - (<q - p, p>/R^2) p} the part of {@code q - p} tangent at p (Soto et al. 2022, §4.1: for the
     * unit sphere this is {@code alpha/sin(alpha) (q - cos(alpha) p)}). Forming w from {@code q - p} keeps full
     * relative accuracy for small angles. {@code log(p, p) = 0}. Domain:
     * {@code alpha < pi (1 - GeometryChecks.CUT_LOCUS_MARGIN)}; near the antipode the direction is ill-conditioned
     * (relative error about {@code 1e-16/(pi - alpha)}). Writes {@code out}.
     *
     * @throws IllegalArgumentException at or next to the antipode of p (no unique minimising geodesic), when q is a
     *     multiple of p off the sphere, or on non-finite input
     */
    @Override
    public void log(double[] p, double[] q, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "out", out);
        double diff2 = 0;
        double sum2 = 0;
        double diffDotP = 0;
        for (int i = 0; i < p.length; i++) {
            double d = q[i] - p[i];
            double s = q[i] + p[i];
            diff2 += d * d;
            sum2 += s * s;
            diffDotP += d * p[i];
        }
        double alpha = angle(diff2, sum2, "log(p, q)");
        writeLog(p, q, alpha, diffDotP, out);
    }

    /**
     * {@code Hess f_q(p) = u u^T + (alpha cot alpha) (I - u u^T)} for {@code f_q = rho(., q)^2 / 2}, u the unit
     * vector along {@code log(p, q)} and {@code alpha = rho / R} (the {@link SquaredDistanceHessian} closed form for
     * curvature {@code 1/R^2}): in basis coordinates {@code c I + (1 - c) u_b u_b^T} with {@code c = alpha cot alpha},
     * which equals 1 at {@code alpha = 0}. The cotangent comes from the half-angle {@code tan(alpha/2) = |p - q| /
     * |p + q|}: {@code cot alpha = (|p+q|^2 - |p-q|^2) / (2 |p-q| |p+q|)}; within angle pi/3, where
     * {@link ThetaOverSine} gives {@code alpha/sin(alpha)} from {@code t = 1 - cos(alpha)}, the factor is
     * {@code (alpha/sin(alpha)) (1 - t)} and the atan2 is skipped too. Costs O(d (d + 1) + d^2) per call beyond the
     * logarithm (d basis dot products, a rank-one update).
     */
    @Override
    public double addLogAndHessian(double[] p, double[] q, double[][] basis, double[] logOut,
            double[] coordinatesOut, double[] hessian) {
        SquaredDistanceHessian.requireArguments(this, p, q, basis, logOut, coordinatesOut, hessian);
        double diff2 = 0;
        double sum2 = 0;
        double diffDotP = 0;
        double pp = 0;
        for (int i = 0; i < p.length; i++) {
            double d = q[i] - p[i];
            double s = q[i] + p[i];
            diff2 += d * d;
            sum2 += s * s;
            diffDotP += d * p[i];
            pp += p[i] * p[i];
        }
        if (diff2 == 0) {
            Arrays.fill(logOut, 0.0);
            Arrays.fill(coordinatesOut, 0.0);
            SquaredDistanceHessian.addIdentity(hessian, dimension);
            return 0.0;
        }
        // t = 1 - cos(alpha) from the chord; within ThetaOverSine's range alpha/sin(alpha) is a polynomial in t and
        // alpha cot(alpha) = (alpha/sin(alpha)) (1 - t), so no trigonometric call (as in SphereLogSums)
        double t = diff2 / (2 * pp);
        boolean polynomial = t <= ThetaOverSine.RANGE; // false for NaN: the atan2 form then refuses it
        double alpha;
        double cotFactor;
        if (polynomial) {
            alpha = ThetaOverSine.at(t); // alpha/sin(alpha) here; the angle itself is never needed
            cotFactor = alpha * (1 - t);
        } else {
            double chord = Math.sqrt(diff2);
            double halfChord = Math.sqrt(sum2);
            alpha = checkedAngle(2 * Math.atan2(chord, halfChord), "addLogAndHessian(p, q)");
            cotFactor = alpha * (sum2 - diff2) / (2 * chord * halfChord);
        }
        // log as in writeLog, but the basis coordinates are taken of the unscaled w, so that they need not wait for
        // the division that scales it: the latency chain, not the flops, is what this hot path pays for.
        double c = diffDotP / pp;
        double ww = 0;
        if (dimension == 2) {
            // S^2, the papers' main case: both coordinates in the same pass, kept in registers
            double[] e0 = basis[0];
            double[] e1 = basis[1];
            double w0 = 0;
            double w1 = 0;
            for (int i = 0; i < 3; i++) {
                double w = (q[i] - p[i]) - c * p[i];
                logOut[i] = w;
                ww += w * w;
                w0 += e0[i] * w;
                w1 += e1[i] * w;
            }
            coordinatesOut[0] = w0;
            coordinatesOut[1] = w1;
        } else {
            for (int i = 0; i < p.length; i++) {
                double w = (q[i] - p[i]) - c * p[i];
                logOut[i] = w;
                ww += w * w;
            }
            for (int k = 0; k < dimension; k++) {
                double[] e = basis[k];
                double wk = 0;
                for (int i = 0; i < e.length; i++) {
                    wk += e[i] * logOut[i];
                }
                coordinatesOut[k] = wk;
            }
        }
        if (ww == 0) {
            throw offSphere("addLogAndHessian(p, q)");
        }
        double norm = Math.sqrt(ww);
        double inverseNorm = 1 / norm;
        // |w| = R sin(alpha): the polynomial's alpha/sin(alpha) is the scale itself, and rho = R alpha its product
        double scale = polynomial ? alpha : radius * alpha * inverseNorm;
        double rho = polynomial ? alpha * norm : radius * alpha;
        for (int i = 0; i < logOut.length; i++) {
            logOut[i] *= scale;
        }
        // c I + (1 - c) u_b u_b^T with u_b = coordinates(w) / |w|
        double rankOne = (1 - cotFactor) * inverseNorm * inverseNorm;
        if (dimension == 2) {
            double w0 = coordinatesOut[0];
            double w1 = coordinatesOut[1];
            double off = rankOne * w0 * w1;
            hessian[0] += cotFactor + rankOne * w0 * w0;
            hessian[1] += off;
            hessian[2] += off;
            hessian[3] += cotFactor + rankOne * w1 * w1;
            coordinatesOut[0] = w0 * scale;
            coordinatesOut[1] = w1 * scale;
            return rho;
        }
        for (int k = 0; k < dimension; k++) {
            double wk = coordinatesOut[k];
            double scaled = rankOne * wk;
            int rowStart = k * dimension;
            hessian[rowStart + k] += cotFactor;
            for (int l = 0; l < dimension; l++) {
                hessian[rowStart + l] += scaled * coordinatesOut[l];
            }
        }
        for (int k = 0; k < dimension; k++) {
            coordinatesOut[k] *= scale;
        }
        return rho;
    }

    /**
     * The sphere's fused loop for {@code sum_i log(x, x_i)} ({@link SphereLogSums}): the data copied into one array
     * per coordinate, and {@code theta/sin(theta)} from a polynomial in {@code 1 - cos(theta)} ({@link ThetaOverSine})
     * instead of an {@code atan2} per record while the records lie within angle {@code pi/3} of x (every KNG
     * release on a ball of radius up to {@code pi/6}); the exact form of {@link #log} beyond.
     */
    @Override
    public LogSums.Batch prepare(double[][] data) {
        return prepare(records(data));
    }

    /** {@link #prepare(double[][])} of records in either layout, read one at a time into the kernel's columns. */
    @Override
    public LogSums.Batch prepare(Records data) {
        return new SphereLogSums(this, requireRecords(data));
    }

    /**
     * The sphere's fused sums for a Newton step of the Frechet mean ({@link SphereHessianSums}): the per-record
     * logarithms, distances and Hessians of {@link #addLogAndHessian} from the polynomial {@link ThetaOverSine} while
     * the records lie within angle {@code pi/3} of x, the rank-one terms summed in ambient coordinates and projected
     * onto the basis once per evaluation; {@link #addLogAndHessian} per record beyond.
     */
    @Override
    public HessianSums.Batch prepareHessians(double[][] data) {
        return prepareHessians(records(data));
    }

    /** {@link #prepareHessians(double[][])} of records in either layout, read one at a time into the columns. */
    @Override
    public HessianSums.Batch prepareHessians(Records data) {
        return SphereHessianSums.over(this, requireRecords(data));
    }

    private Records records(double[][] data) {
        return data == null ? null : Records.of(data);
    }

    private Records requireRecords(Records data) {
        if (data == null) {
            throw new IllegalArgumentException("data is null; pass the points of " + spec + ". Provided value: null");
        }
        return data;
    }

    IllegalArgumentException offSphere(String operation) {
        return new IllegalArgumentException(operation + " is undefined: q is a multiple of p but not p itself, "
                + "so it is not a point of " + spec + " (|q| must equal " + radius + ")");
    }

    private void writeLog(double[] p, double[] q, double alpha, double diffDotP, double[] out) {
        if (alpha == 0) {
            Arrays.fill(out, 0.0);
            return;
        }
        // Divide by |p|^2, not R^2, so that the result is tangent at p even when p is off the sphere by rounding.
        double pp = 0;
        for (double x : p) {
            pp += x * x;
        }
        double c = diffDotP / pp;
        double ww = 0;
        for (int i = 0; i < p.length; i++) {
            double w = (q[i] - p[i]) - c * p[i];
            out[i] = w;
            ww += w * w;
        }
        if (ww == 0) {
            throw offSphere("log(p, q)");
        }
        double scale = radius * alpha / Math.sqrt(ww);
        for (int i = 0; i < out.length; i++) {
            out[i] *= scale;
        }
    }

    /**
     * {@code rho(p, q) = R alpha}, {@code alpha = 2 atan2(|p - q|, |p + q|)} in {@code [0, pi]} (Soto et al. 2022,
     * §4.1, written with half-chords instead of {@code acos(<p, q>/R^2)} so that it is accurate at both ends of the
     * range).
     *
     * <p>Within angle {@code pi/3} the same function is evaluated without the {@code atan2} (a ball check or a KNG
     * proposal measures thousands of such distances): with {@code a = |p - q|^2} and {@code b = |p + q|^2},
     * {@code tan(alpha/2) = sqrt(a/b)} gives {@code 1 - cos(alpha) = 2a/(a + b)} and {@code sin(alpha) = 2 sqrt(ab)
     * /(a + b)} for any p and q (no {@code |p| = |q|} assumed), and {@code alpha = (alpha/sin(alpha)) sin(alpha)}
     * with the first factor from {@link ThetaOverSine}: the same angle to within a few ulps, with full relative
     * accuracy for tiny angles.
     *
     * @throws IllegalArgumentException on non-finite input
     */
    @Override
    public double distance(double[] p, double[] q) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        double diff2 = 0;
        double sum2 = 0;
        for (int i = 0; i < p.length; i++) {
            double d = q[i] - p[i];
            double s = q[i] + p[i];
            diff2 += d * d;
            sum2 += s * s;
        }
        double total = diff2 + sum2;
        double t = 2 * diff2 / total;
        if (t <= ThetaOverSine.RANGE) { // false for NaN (and 0/0 at p = q = 0): the atan2 form decides
            // the ratios, not diff2 * sum2, which overflows for R near MAX_RADIUS
            return radius * ThetaOverSine.at(t) * (2 * Math.sqrt((diff2 / total) * (sum2 / total)));
        }
        double alpha = 2 * Math.atan2(Math.sqrt(diff2), Math.sqrt(sum2));
        if (Double.isNaN(alpha)) {
            throw new IllegalArgumentException("distance(p, q) needs finite p and q; an entry is NaN or infinite");
        }
        return radius * alpha;
    }

    /**
     * {@code <u, v>_p = sum_i u_i v_i}: the metric is the ambient dot product at every p.
     *
     * @throws IllegalArgumentException when the product is not finite (a non-finite entry or overflow)
     */
    @Override
    public double inner(double[] p, double[] u, double[] v) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "u", u);
        GeometryChecks.requireLength(this, "v", v);
        double sum = 0;
        for (int i = 0; i < u.length; i++) {
            sum += u[i] * v[i];
        }
        if (!Double.isFinite(sum)) {
            throw new IllegalArgumentException("inner(p, u, v) is not finite: u or v has a NaN, an infinite or a "
                    + "too large entry");
        }
        return sum;
    }

    /**
     * {@code out = a - (<a, p>/R^2) p}: removes the component of the ambient vector a along the normal p. Writes
     * {@code out}.
     *
     * @throws IllegalArgumentException on non-finite input
     */
    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "ambient", ambient);
        GeometryChecks.requireLength(this, "out", out);
        double dot = 0;
        double pp = 0;
        for (int i = 0; i < p.length; i++) {
            dot += ambient[i] * p[i];
            pp += p[i] * p[i];
        }
        // |p|^2 rather than R^2: the result is then orthogonal to p even when p carries rounding error.
        double c = dot / pp;
        if (!Double.isFinite(c)) {
            throw new IllegalArgumentException("projectToTangent(p, ambient) needs finite p and ambient; an entry is "
                    + "NaN or infinite");
        }
        for (int i = 0; i < out.length; i++) {
            out[i] = ambient[i] - c * p[i];
        }
    }

    /** Empty when {@code | |p| - R | <= tolerance * R}; otherwise says which norm was found. */
    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        GeometryChecks.requireLength(this, "p", p);
        double squares = 0;
        for (double value : p) {
            squares += value * value;
        }
        // the plain sum of squares is exact to rounding between the squares of MIN_RADIUS and MAX_RADIUS (and a data
        // check runs this once per record); outside, or for non-finite p, the scaled form decides
        double norm = squares >= MIN_RADIUS * MIN_RADIUS && squares <= MAX_RADIUS * MAX_RADIUS
                ? Math.sqrt(squares) : euclideanNorm(p);
        if (Math.abs(norm - radius) <= tolerance * radius) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "its Euclidean norm is %s but a point of the sphere has norm %s (relative tolerance %.3g); "
                        + "scale it by radius/|p| (AmbientEmbedding.project)", norm, radius, tolerance));
    }

    /**
     * Empty when the component of v along the normal p is at most {@code tolerance * max(R, |v|)}. The scale R
     * (instead of the default 1) keeps the test relative on spheres of any radius: with the default, on a sphere
     * of radius 1e-50 every vector shorter than 1e-8 would pass, whatever its direction.
     */
    @Override
    public Optional<String> tangentViolation(double[] p, double[] v, double tolerance) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        double pNorm = euclideanNorm(p);
        double vNorm = euclideanNorm(v);
        double normal = 0;
        if (pNorm > 0 && vNorm > 0) {
            for (int i = 0; i < p.length; i++) {
                normal += (v[i] / vNorm) * (p[i] / pNorm);
            }
            normal = Math.abs(normal) * vNorm;
        }
        double allowed = tolerance * Math.max(radius, vNorm);
        if (normal <= allowed) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "its component normal to the tangent space has Euclidean norm "
                + "%.3g (allowed %.3g); project it with projectToTangent(p, v)", normal, allowed));
    }

    /**
     * Parallel transport of {@code v in T_p} to {@code T_q} along the minimising geodesic:
     * {@code P(v) = v - (<v, q>/(R^2 + <p, q>)) (p + q)}, with {@code R^2 + <p, q> = |p + q|^2/2}. Writing
     * {@code q = cos(alpha) p + R sin(alpha) e} (e the unit direction of {@code log(p, q)}) turns it into the form
     * {@code v + <e, v> ((cos(alpha) - 1) e - sin(alpha) p/R)}; this form needs no e, so it stays accurate for tiny
     * angles, and it is the identity at {@code p == q}. Domain: as {@link #log(double[], double[], double[])}.
     * Writes {@code out}.
     *
     * @throws IllegalArgumentException at or next to the antipode of p, or on non-finite input
     */
    @Override
    public void transport(double[] p, double[] q, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        double diff2 = 0;
        double sum2 = 0;
        double vDotQ = 0;
        for (int i = 0; i < p.length; i++) {
            double d = q[i] - p[i];
            double s = q[i] + p[i];
            diff2 += d * d;
            sum2 += s * s;
            vDotQ += v[i] * q[i];
        }
        double alpha = angle(diff2, sum2, "transport(p, q, v)");
        if (alpha == 0) {
            System.arraycopy(v, 0, out, 0, v.length);
            return;
        }
        double c = 2 * vDotQ / sum2;
        if (!Double.isFinite(c)) {
            throw new IllegalArgumentException("transport(p, q, v) needs a finite v; an entry is NaN or infinite");
        }
        for (int i = 0; i < out.length; i++) {
            out[i] = v[i] - c * (p[i] + q[i]);
        }
    }

    /** d: the basis of {@code T_p} has one vector per intrinsic dimension. */
    @Override
    public int basisSize() {
        return dimension;
    }

    /**
     * Writes an orthonormal basis of {@code T_p} into {@code out[0 .. d-1]}: the images of d standard basis vectors
     * under a Householder reflection that maps the remaining one onto the direction of p (see
     * {@link HouseholderBasis}). Allocates nothing.
     *
     * @throws IllegalArgumentException when p is zero or not finite
     */
    @Override
    public void basis(double[] p, double[][] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireBasisOutput(this, dimension, out);
        HouseholderBasis.complement(p, out);
    }

    /** d + 1: the point's own coordinates are its ambient coordinates. */
    @Override
    public int ambientDimension() {
        return dimension + 1;
    }

    /** Copies p into {@code out}: the sphere is stored in its ambient coordinates. */
    @Override
    public void toAmbient(double[] p, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(p, 0, out, 0, p.length);
    }

    /** Copies y into {@code out}; the result is a point of the sphere only when {@code |y| = R}. */
    @Override
    public void fromAmbient(double[] y, double[] out) {
        GeometryChecks.requireLength(this, "y", y);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(y, 0, out, 0, y.length);
    }

    /**
     * The closest point of the sphere, {@code out = R y/|y|} (the projected Euclidean Laplace of Soto et al. 2022,
     * §4.1). Returns false for the zero vector (every point is equally close) and for non-finite y. Writes {@code out}.
     */
    @Override
    public boolean project(double[] y, double[] out) {
        GeometryChecks.requireLength(this, "y", y);
        GeometryChecks.requireLength(this, "out", out);
        double norm = euclideanNorm(y);
        if (!(norm > 0) || !Double.isFinite(norm)) {
            return false;
        }
        for (int i = 0; i < out.length; i++) {
            // Dividing first keeps y/|y| in [-1, 1], so R/|y| cannot overflow for subnormal y.
            out[i] = radius * (y[i] / norm);
        }
        return true;
    }

    /**
     * The chord length {@code 2 R sin(min(r, pi R)/(2 R))} (Reimherr et al. 2021, supplement §1.3.2): points at
     * geodesic distance r are exactly this far apart in R^(d+1), and the chord grows with r up to the antipode. The
     * same at every center.
     *
     * @throws IllegalArgumentException when r is negative or not finite
     */
    @Override
    public double ambientRadius(double[] center, double geodesicRadius) {
        GeometryChecks.requireLength(this, "center", center);
        if (!(geodesicRadius >= 0) || Double.isInfinite(geodesicRadius)) {
            throw new IllegalArgumentException("the geodesic radius must be finite and >= 0. Provided value: "
                    + geodesicRadius);
        }
        double r = Math.min(geodesicRadius, Math.PI * radius);
        return 2 * radius * Math.sin(r / (2 * radius));
    }

    /** The cut locus of every point, the antipode, lies at distance {@code pi R}. */
    @Override
    public double maxRadius() {
        return Math.PI * radius;
    }

    /**
     * {@code (R sin(theta/R) / theta)^(d-1)}: along a unit-speed geodesic the d-1 transverse Jacobi fields have length
     * {@code R sin(theta/R)} (curvature {@code 1/R^2}), against theta in the flat tangent space
     * ({@code docs/exact-sampling.md}).
     */
    @Override
    public double volumeRatio(double theta) {
        if (!(theta >= 0) || theta > maxRadius()) {
            return 0.0;
        }
        double x = theta / radius;
        double sinc = x < 1e-4 ? 1 - x * x / 6 : Math.sin(x) / x;
        return Math.pow(sinc, dimension - 1);
    }

    // ---- JacobiFields -------------------------------------------------------------------------------------------

    /**
     * {@code d_p Exp(p, v)[u] = <u, e> e' + cos(a) (u - <u, e> e)}, with {@code a = |v|/R}, {@code e = v/|v|} and
     * {@code e' = -sin(a) p/R + cos(a) e} the unit velocity at {@code q = exp(p, v)}: on a sphere of constant
     * curvature {@code 1/R^2} the Jacobi field with {@code J(0) = u}, {@code J'(0) = 0} keeps its component along
     * the geodesic (transported, i.e. along e') and scales the normal one, which is parallel as it stands, by
     * {@code C_k(|v|) = cos(a)} (Kulkarni and Soto 2025, eq. (15)). At v = 0 it is the identity. Writes {@code out}.
     */
    @Override
    public void dpExp(double[] p, double[] v, double[] u, double[] out) {
        jacobi(p, v, u, out, false, false);
    }

    /**
     * {@code d_v Exp(p, v)[u] = <u, e> e' + (sin(a)/a) (u - <u, e> e)} (notation of {@link #dpExp}): the Jacobi
     * field with {@code J(0) = 0}, {@code J'(0) = u} grows linearly along the geodesic and as
     * {@code S_k(|v|)/|v| = sin(a)/a} across it (Kulkarni and Soto 2025, eq. (40)). Writes {@code out}.
     */
    @Override
    public void dvExp(double[] p, double[] v, double[] u, double[] out) {
        jacobi(p, v, u, out, true, false);
    }

    /**
     * The adjoint of {@link #dpExp}: {@code <w, e'> e + cos(a) (P_p w - <w, e> e)} for w tangent at
     * {@code exp(p, v)}, with {@code P_p w = w - (<w, p>/|p|^2) p} its tangent part at p. Writes {@code out}.
     */
    @Override
    public void dpExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        jacobi(p, v, w, out, false, true);
    }

    /** The adjoint of {@link #dvExp}: {@code <w, e'> e + (sin(a)/a) (P_p w - <w, e> e)}. Writes {@code out}. */
    @Override
    public void dvExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        jacobi(p, v, w, out, true, true);
    }

    /**
     * The four maps at once: the tangential part goes between e (at p) and e' (at q) with factor 1, the normal
     * part keeps its ambient coordinates and is multiplied by the curvature factor; the adjoint swaps e and e'
     * and first takes the part of w tangent at p.
     */
    private void jacobi(double[] p, double[] v, double[] x, double[] out, boolean velocity, boolean adjoint) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, adjoint ? "w" : "u", x);
        GeometryChecks.requireLength(this, "out", out);
        double vv = 0;
        double pp = 0;
        double xp = 0;
        double xv = 0;
        for (int i = 0; i < p.length; i++) {
            vv += v[i] * v[i];
            pp += p[i] * p[i];
            xp += x[i] * p[i];
            xv += x[i] * v[i];
        }
        if (!Double.isFinite(vv + pp + xp + xv)) {
            throw new IllegalArgumentException("the Jacobi fields of exp need finite p, v and "
                    + (adjoint ? "w" : "u") + "; an entry is NaN or infinite");
        }
        // Only the adjoint reads w's normal part at p: forward, u is tangent at p already.
        double normal = adjoint ? xp / pp : 0.0;
        if (vv == 0) {
            for (int i = 0; i < out.length; i++) {
                out[i] = x[i] - normal * p[i];
            }
            return;
        }
        double length = Math.sqrt(vv);
        double a = length / radius;
        double cos = Math.cos(a);
        double sin = Math.sin(a);
        double factor;
        if (velocity) {
            factor = a < SINC_SERIES_LIMIT ? 1 - a * a / 6 * (1 - a * a / 20) : sin / a;
        } else {
            factor = cos;
        }
        // e = v/|v|; e' = -sin(a) p/R + cos(a) e = alongP p + alongE e.
        double alongP = -sin / radius;
        double alongE = cos;
        double cE;
        double cP;
        if (!adjoint) {
            double ue = xv / length;                      // <u, e>
            cE = ue * alongE - factor * ue;
            cP = ue * alongP;
        } else {
            double we = xv / length;                      // <w, e>
            double wePrime = alongP * xp + alongE * we;   // <w, e'>
            cE = wePrime - factor * we;
            cP = -factor * normal;
        }
        double scaleE = cE / length;
        for (int i = 0; i < out.length; i++) {
            out[i] = factor * x[i] + cP * p[i] + scaleE * v[i];
        }
    }

    @Override
    public String toString() {
        return spec;
    }

    /**
     * The angle {@code 2 atan2(|p - q|, |p + q|)} from the squared half-chords, refused at or next to the antipode
     * and on non-finite input, so that no caller divides by a vanishing {@code |p + q|}.
     */
    private double angle(double diff2, double sum2, String operation) {
        return checkedAngle(2 * Math.atan2(Math.sqrt(diff2), Math.sqrt(sum2)), operation);
    }

    /** {@code alpha} itself, refusing NaN (non-finite input) and angles at or next to the cut locus. */
    double checkedAngle(double alpha, String operation) {
        if (Double.isNaN(alpha)) {
            throw new IllegalArgumentException(operation + " needs finite arguments; an entry is NaN or infinite");
        }
        if (!(alpha < CUT_LOCUS_ANGLE)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s is undefined: q lies at angle %.17g from p, at or next to its antipode (the cut locus, "
                            + "angle pi); no unique minimising geodesic joins them on %s",
                    operation, alpha, spec));
        }
        return alpha;
    }

    /** {@code |x|} without overflow or underflow of the squares, for any finite x; NaN or infinity otherwise. */
    static double euclideanNorm(double[] x) {
        double scale = 0;
        for (double value : x) {
            scale = Math.max(scale, Math.abs(value));
        }
        if (scale == 0 || !Double.isFinite(scale)) {
            return Double.isNaN(scale) ? Double.NaN : scale;
        }
        double sum = 0;
        for (double value : x) {
            double scaled = value / scale;
            sum += scaled * scaled;
        }
        return scale * Math.sqrt(sum);
    }
}
