package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Capabilities;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact draws from the Riemannian Laplace {@code ∝ exp(-rho(x, c)/s)} restricted to the geodesic ball
 * {@code B_T(c)}, on a space of non-negative curvature with {@link RadialVolume} and {@link TangentBasis}: a uniform
 * direction and a radius with density {@code ∝ exp(ell(t))}, {@code ell(t) = -t/s + (d - 1) log t + log J(t)} on
 * {@code [0, T]} ({@code docs/exact-sampling.md}).
 *
 * <p>In high dimension this law piles up against T whenever {@code (d - 1) s > T}, and the whole-manifold Laplace
 * then almost never lands inside the ball (at Kendall k = 50, T = 0.3 the chance is below 1e-16). The radius is
 * therefore drawn from the end: ell is concave (on spheres and complex projective spaces {@code t^(d-1) J(t)} is a
 * product of powers of sin and cos), so the line through {@code (T, ell(T))} with slope
 * {@code m = (ell(T + h) - ell(T))/h <= ell'(T)} lies above ell on {@code [0, T]}. With {@code m T >= 1} the sampler
 * draws {@code T - t} from the exponential law of rate m truncated to {@code [0, T]} and accepts with
 * {@code exp(ell(t) - ell(T) - m (t - T)) <= 1} (a ratio above 1 throws: the concavity the proof needs fails).
 * Otherwise the mode lies well inside the ball and it draws the whole-manifold radius ({@link RadialRadiusSampler})
 * until it is at most T. Both are exact. Allocation-free per draw; not thread-safe.
 */
final class TruncatedRadialLaplace {

    private static final long MAX_PROPOSALS = 100_000_000L;

    private final Geometry geometry;
    private final RadialVolume radial;
    private final RadialRadiusSampler whole;
    private final int dimension;
    private final PolarDraw polar;
    private double scale = Double.NaN;
    private double limit = Double.NaN;
    private double slope;
    private double top;
    private double expm1;

    TruncatedRadialLaplace(Geometry geometry) {
        this.geometry = geometry;
        this.radial = Capabilities.require(geometry, RadialVolume.class, "TruncatedRadialLaplace");
        TangentBasis tangentBasis = Capabilities.require(geometry, TangentBasis.class, "TruncatedRadialLaplace");
        if (geometry.curvature().min() < 0) {
            throw new IllegalArgumentException("TruncatedRadialLaplace needs non-negative curvature (its radius "
                    + "envelope uses the concavity of log(t^(d-1) J(t))); " + geometry.spec() + " has minimum "
                    + geometry.curvature().min());
        }
        this.dimension = tangentBasis.basisSize();
        this.whole = new RadialRadiusSampler(radial, dimension, true);
        this.polar = new PolarDraw(geometry, tangentBasis);
    }

    /** True when {@code geometry} offers what this sampler needs. */
    static boolean supports(Geometry geometry) {
        return geometry.capability(RadialVolume.class).isPresent()
                && geometry.capability(TangentBasis.class).isPresent() && geometry.curvature().min() >= 0;
    }

    /** One draw into {@code out}; {@code limit} must be below the cut-locus distance. */
    void sample(double[] center, double s, double limit, UniformRandomProvider rng, double[] out) {
        double theta = radius(s, limit, rng);
        polar.at(center, theta, rng, out);
    }

    /** The radius alone (package-private for the tests). */
    double radius(double s, double newLimit, UniformRandomProvider rng) {
        if (s != scale || newLimit != limit) {
            prepare(s, newLimit);
        }
        for (long i = 0; i < MAX_PROPOSALS; i++) {
            if (slope * limit >= 1) {
                double back = -Math.log1p(rng.nextDouble() * expm1) / slope;
                double t = limit - Math.min(back, limit);
                if (!(t > 0)) {
                    continue;
                }
                double logRatio = logDensity(t) - top + slope * (limit - t);
                if (logRatio > 1e-9) {
                    throw new IllegalStateException(String.format(Locale.ROOT, "truncated radial Laplace: the "
                            + "radius envelope ratio exp(%.6g) exceeds 1 at t = %.17g (s = %s, T = %s); "
                            + "log(t^(d-1) J(t)) is not concave on %s", logRatio, t, scale, limit,
                            geometry.spec()));
                }
                if (rng.nextDouble() < Math.exp(logRatio)) {
                    return t;
                }
            } else {
                double t = whole.sample(scale, rng);
                if (t <= limit) {
                    return t;
                }
            }
        }
        throw new IllegalStateException(String.format(Locale.ROOT, "the truncated radial Laplace rejected %d "
                + "radii in a row (s = %s, T = %s)", MAX_PROPOSALS, scale, limit));
    }

    private void prepare(double s, double newLimit) {
        if (!(s > 0) || Double.isInfinite(s) || !(newLimit > 0) || !(newLimit < radial.maxRadius())) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the truncated radial Laplace needs a "
                    + "finite scale > 0 and 0 < T < the cut-locus distance %s. Provided value: s = %s, T = %s",
                    radial.maxRadius(), s, newLimit));
        }
        scale = s;
        limit = newLimit;
        double h = Math.min(1e-5 * newLimit, (radial.maxRadius() - newLimit) / 2);
        top = logDensity(newLimit);
        // a chord to the right of T: its slope is at most ell'(T) for a concave ell
        slope = (logDensity(newLimit + h) - top) / h;
        expm1 = Math.expm1(-slope * newLimit);
    }

    private double logDensity(double t) {
        return logDensity(radial, dimension, scale, t);
    }

    /** {@code ell(t) = -t/s + (d - 1) log t + log J(t)}: the log radial density of the Laplace at scale s. */
    static double logDensity(RadialVolume radial, int dimension, double s, double t) {
        return -t / s + (dimension - 1) * Math.log(t) + Math.log(radial.volumeRatio(t));
    }
}
