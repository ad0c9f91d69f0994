package dev.manifolddp.plugins.hyperbolic;

import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.geometry.VolumeGrowth;
import java.util.Locale;
import java.util.Optional;

/**
 * Hyperbolic space H^d of curvature -1 in the hyperboloid model (Ratcliffe 2019, §3.2): the points
 * {@code x = (x0, x1, ..., xd)} of R^(d+1) with {@code <x, x>_L = -1} and {@code x0 > 0}, where
 * {@code <x, y>_L = -x0 y0 + x1 y1 + ... + xd yd} is the Minkowski form. The tangent space at p is
 * {@code {v : <p, v>_L = 0}}, on which the Minkowski form is the (positive definite) metric. With
 * {@code o = (1, 0, ..., 0)} the origin:
 * <ul>
 *   <li>{@code exp(p, v) = cosh|v| p + sinh|v| v/|v|}, {@code |v| = sqrt(<v, v>_L)};</li>
 *   <li>{@code rho(p, q) = acosh(-<p, q>_L) = 2 asinh(|q - p|_L / 2)}, the chord {@code q - p} being space-like with
 *       {@code <q - p, q - p>_L = 4 sinh^2(rho/2)}: the second form is used up to rho = 2, where acosh of a number
 *       near 1 would lose half the digits, the first beyond;</li>
 *   <li>{@code log(p, q) = rho w/|w|} with {@code w = (q - p) + <p, q - p>_L p}, the tangent part of the chord
 *       ({@code = q + <p, q>_L p}, written without the cancellation of that form for nearby points);</li>
 *   <li>parallel transport along the geodesic, {@code v + <q, v>_L / (1 - <p, q>_L) (p + q)};</li>
 *   <li>the orthonormal basis {@code e_i = E_i + p_i/(1 + p0) (o + p)}, i = 1..d, the transport of the standard
 *       basis from o (so {@code e_i[0] = p_i} and {@code e_i[j] = delta_ij + p_i p_j/(1 + p0)});</li>
 *   <li>the Minkowski-orthogonal tangent projection {@code a + <p, a>_L p}.</li>
 * </ul>
 * Capabilities: {@link ParallelTransport}, {@link TangentBasis}, {@link RadialVolume} (ratio
 * {@code (sinh t / t)^(d-1) <= exp((d-1) t)}, no cut locus), {@link VolumeGrowth} (rate d - 1),
 * {@link HomogeneousSpace} and {@link ExactLaplaceSampler} ({@link HyperbolicLaplaceSampler}). It has no
 * {@code AmbientEmbedding} (the ambient R^(d+1) carries the Minkowski form, not a Euclidean metric that would bound
 * geodesic balls usefully) and no {@code IsometricChart} (H^d is not flat), so the mechanisms that need them refuse
 * it by name.
 *
 * <p>Accuracy: the entries of a point grow like {@code cosh} of its distance to o, and the chord's Minkowski norm
 * loses about {@code log10(x0^2)} digits for two nearby points far from o; the model suits data within a few units of
 * the origin, which is where the configurations put it. Immutable and thread-safe; the {@code out} forms allocate
 * nothing.
 */
public final class HyperbolicSpace implements Geometry, ParallelTransport, TangentBasis, RadialVolume, VolumeGrowth,
        HomogeneousSpace {

    /** The provider name. */
    public static final String NAME = "hyperbolic";
    /** The largest dimension the provider accepts. */
    public static final int MAX_DIMENSION = 10_000;
    /** Below this |v| (or distance), sinh(t)/t and friends use their Taylor series. */
    private static final double SERIES_LIMIT = 1e-4;
    /** Up to this distance the chord form of rho is used. */
    private static final double CHORD_LIMIT = 2.0;

    private final int d;
    private final PointLayout layout;
    private final ExactLaplaceSampler laplace;

    HyperbolicSpace(int d) {
        if (d < 1 || d > MAX_DIMENSION) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "d must lie in [1, %d]. Provided value: %d", MAX_DIMENSION, d));
        }
        this.d = d;
        this.layout = PointLayout.of(HyperboloidPoint.INSTANCE, d);
        this.laplace = new HyperbolicLaplaceSampler(this);
    }

    /** {@code <u, v>_L = -u0 v0 + sum_i ui vi}. */
    static double minkowski(double[] u, double[] v) {
        double sum = -u[0] * v[0];
        for (int i = 1; i < u.length; i++) {
            sum += u[i] * v[i];
        }
        return sum;
    }

    /** {@code <q - p, q - p>_L}, clamped at 0 (the chord is space-like; rounding may make it slightly negative). */
    private static double chordSquared(double[] p, double[] q) {
        double time = q[0] - p[0];
        double sum = -time * time;
        for (int i = 1; i < p.length; i++) {
            double diff = q[i] - p[i];
            sum += diff * diff;
        }
        return Math.max(0, sum);
    }

    /** {@code sinh(t)/t}, accurate near 0. */
    static double sinhc(double t) {
        if (t < SERIES_LIMIT) {
            return 1 + t * t / 6;
        }
        return Math.sinh(t) / t;
    }

    private static void requireFinite(String operation, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(operation + " needs finite arguments; an entry is NaN or infinite");
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String spec() {
        return NAME + ":d=" + d;
    }

    @Override
    public PointLayout layout() {
        return layout;
    }

    @Override
    public int dimension() {
        return d;
    }

    @Override
    public CurvatureBounds curvature() {
        return CurvatureBounds.constant(-1);
    }

    /** {@code +infinity}: H^d is a Hadamard manifold, log is defined globally. */
    @Override
    public double injectivityRadius() {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * {@code out = cosh|v| p + sinh|v| v/|v|}, then the time coordinate is reset to {@code sqrt(1 + |x|^2)} so that
     * rounding never leaves the hyperboloid.
     */
    @Override
    public void exp(double[] p, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        double vv = minkowski(v, v);
        double pp = minkowski(p, p);
        if (!Double.isFinite(vv + pp)) {
            refuseLongVector(p, v, vv);
        }
        requireFinite("exp(p, v)", vv + pp);
        double norm = Math.sqrt(Math.max(0, vv));
        double cosh = Math.cosh(norm);
        double sinhc = sinhc(norm);
        double space = 0;
        for (int i = 1; i < out.length; i++) {
            double x = cosh * p[i] + sinhc * v[i];
            out[i] = x;
            space += x * x;
        }
        out[0] = Math.sqrt(1 + space);
        if (!Double.isFinite(out[0])) {
            refuseLongVector(p, v, vv);
        }
    }

    /**
     * Refuses a finite v whose exp leaves the doubles, by its norm: the hyperboloid coordinates of exp(p, v) grow like
     * {@code e^(|v| + rho(o, p))}, so exp is representable while {@code |v| + rho(o, p)} stays below about 709
     * (o the origin). A non-finite entry returns, for the finiteness check to report.
     */
    private static void refuseLongVector(double[] p, double[] v, double vv) {
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i]) || !Double.isFinite(p[i])) {
                return;
            }
        }
        double norm = Math.sqrt(Math.max(0, vv));
        String shown = Double.isFinite(norm) ? String.format(Locale.ROOT, "%.4g", norm) : "beyond 1e154";
        double fromOrigin = p[0] >= 1 ? Math.log(p[0] + Math.sqrt(p[0] * p[0] - 1)) : 0;
        throw new IllegalArgumentException(String.format(Locale.ROOT, "exp(p, v): the tangent vector's norm |v| = %s "
                + "takes exp(p, v) beyond the double range; exp is representable for |v| up to about %.4g at this p "
                + "(709 minus its distance %.4g from the origin). Use a shorter vector. Provided value: |v| = %s",
                shown, Math.max(0, 709 - fromOrigin), fromOrigin, shown));
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "out", out);
        double rho = distance(p, q);
        // w = (q - p) + <p, q - p>_L p
        double along = -p[0] * (q[0] - p[0]);
        for (int i = 1; i < p.length; i++) {
            along += p[i] * (q[i] - p[i]);
        }
        double ww = 0;
        for (int i = 0; i < out.length; i++) {
            double w = q[i] - p[i] + along * p[i];
            out[i] = w;
            ww += i == 0 ? -w * w : w * w;
        }
        // |w|_L = sinh(rho); far out the Minkowski norm of w cancels (w is nearly light-like in the ambient
        // coordinates), so beyond the chord range the closed form is used
        double wNorm = rho <= CHORD_LIMIT ? Math.sqrt(Math.max(0, ww)) : Math.sinh(rho);
        double scale = wNorm > 0 ? rho / wNorm : 0;
        for (int i = 0; i < out.length; i++) {
            out[i] *= scale;
        }
    }

    @Override
    public double distance(double[] p, double[] q) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        double chord = Math.sqrt(chordSquared(p, q));
        requireFinite("distance(p, q)", chord + p[0] + q[0]);
        double rho = 2 * asinh(chord / 2);
        if (rho <= CHORD_LIMIT) {
            return rho;
        }
        return acosh(Math.max(1, -minkowski(p, q)));
    }

    /** {@code asinh x = log1p(x + x^2/(1 + sqrt(1 + x^2)))} for {@code x >= 0}: no cancellation near 0. */
    private static double asinh(double x) {
        return Math.log1p(x + x * x / (1 + Math.sqrt(1 + x * x)));
    }

    /** {@code acosh x} for {@code x >= 1}, with {@code (x - 1)(x + 1)} in place of {@code x^2 - 1}. */
    private static double acosh(double x) {
        return Math.log(x + Math.sqrt((x - 1) * (x + 1)));
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "u", u);
        GeometryChecks.requireLength(this, "v", v);
        double inner = minkowski(u, v);
        requireFinite("inner(p, u, v)", inner);
        return inner;
    }

    /** {@code out = a + <p, a>_L p}; {@code out} may alias {@code ambient}. */
    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "ambient", ambient);
        GeometryChecks.requireLength(this, "out", out);
        double along = minkowski(p, ambient);
        requireFinite("projectToTangent(p, ambient)", along);
        for (int i = 0; i < out.length; i++) {
            out[i] = ambient[i] + along * p[i];
        }
    }

    /**
     * Empty when {@code x0 > 0} and {@code |-<p, p>_L - 1| <= tolerance * max(1, x0^2)} (the terms of the form are of
     * size x0^2, so the test is relative to them).
     */
    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        GeometryChecks.requireLength(this, "p", p);
        for (int i = 0; i < p.length; i++) {
            if (!Double.isFinite(p[i])) {
                return Optional.of(String.format(Locale.ROOT, "entry %d is %s; every entry must be finite", i, p[i]));
            }
        }
        if (!(p[0] > 0)) {
            return Optional.of(String.format(Locale.ROOT, "its time coordinate t = %s must be > 0 (the upper sheet "
                    + "of the hyperboloid)", p[0]));
        }
        double form = -minkowski(p, p);
        if (Math.abs(form - 1) <= tolerance * Math.max(1, p[0] * p[0])) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "-<p, p>_L = t^2 - |x|^2 is %s but must be 1 (relative "
                + "tolerance %.3g); set t = sqrt(1 + |x|^2)", form, tolerance));
    }

    // ---- ParallelTransport -------------------------------------------------------------------------------------

    @Override
    public void transport(double[] p, double[] q, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        double factor = minkowski(q, v) / (1 - minkowski(p, q));
        requireFinite("transport(p, q, v)", factor);
        for (int i = 0; i < out.length; i++) {
            out[i] = v[i] + factor * (p[i] + q[i]);
        }
    }

    // ---- TangentBasis ------------------------------------------------------------------------------------------

    @Override
    public int basisSize() {
        return d;
    }

    @Override
    public void basis(double[] p, double[][] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireBasisOutput(this, d, out);
        double shift = 1 / (1 + p[0]);
        for (int i = 1; i <= d; i++) {
            double[] e = out[i - 1];
            e[0] = p[i];
            for (int j = 1; j <= d; j++) {
                e[j] = (i == j ? 1 : 0) + shift * p[i] * p[j];
            }
        }
    }

    // ---- RadialVolume and VolumeGrowth -------------------------------------------------------------------------

    /** {@code +infinity}: no cut locus. */
    @Override
    public double maxRadius() {
        return Double.POSITIVE_INFINITY;
    }

    /** {@code (sinh t / t)^(d-1)}: the volume element {@code sinh^(d-1)(t)} of H^d over the Euclidean t^(d-1). */
    @Override
    public double volumeRatio(double theta) {
        if (!(theta >= 0)) {
            return 0;
        }
        return d == 1 ? 1 : Math.pow(sinhc(theta), d - 1);
    }

    /** {@code d - 1}, since {@code sinh t <= t e^t}. */
    @Override
    public double ratioGrowthRate() {
        return d - 1;
    }

    /** {@code d - 1}: the volume of a ball of radius t grows like {@code e^((d-1) t)}. */
    @Override
    public double exponentialRate() {
        return d - 1;
    }

    /** Adds the {@link ExactLaplaceSampler} capability, which lives in its own (thread-safe) object. */
    @Override
    public <C> Optional<C> capability(Class<C> type) {
        if (type == ExactLaplaceSampler.class) {
            return Optional.of(type.cast(laplace));
        }
        return Geometry.super.capability(type);
    }

    @Override
    public String toString() {
        return spec();
    }
}
