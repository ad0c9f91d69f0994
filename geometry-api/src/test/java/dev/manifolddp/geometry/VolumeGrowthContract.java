package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.function.Function;

/**
 * The promise of {@link VolumeGrowth}, checked for every geometry that claims it (run by {@link GeometryContractTest}):
 * the declared rate gamma is the exponential growth rate of the volume of geodesic spheres, the number behind
 * {@link VolumeGrowth#laplaceScaleLimit}. A rate that is too small lets a mechanism use a scale at which
 * {@code exp(-rho/sigma)} is not integrable, so that its "Laplace" is no distribution and a sampler only wanders; one
 * that is too large refuses scales that work.
 *
 * <p>The reference is the volume element {@code t^(d-1) R_p(t, u)} of {@link ExpJacobian}, from the geometry's own
 * exp. Along a ray, {@code f(t) = log R_p(t, u)} grows like {@code g(u) t - m log t + c} (on a symmetric space R is a
 * product of factors {@code sinh(lambda t) / (lambda t)}); the geodesic sphere's volume grows at the largest
 * {@code g(u)}. The derivative {@code f'(T) = g - m/T + (exponentially small)} and its Richardson extrapolation
 * {@code 2 f'(T) - f'(T/2)} removes the {@code m/T}; for sinh factors what is left is negative, so the extrapolation
 * approaches g from below (within 1.5% at T = 12 on SPD(3)). The check climbs to the direction of fastest growth and
 * then requires:
 * <ul>
 *   <li>gamma at least the extrapolated rate (up to 0.1%): the direction that matters for privacy;</li>
 *   <li>gamma at most the Bishop-Gromov bound {@code (d - 1) sqrt(-kmin)} of the declared curvature, and at most the
 *   extrapolated rate plus twice its change from radius {@code 3T/4} to T plus 5%: a loose check, since the
 *   extrapolation converges slowly where some curvature is small.</li>
 * </ul>
 * T is 12 curvature radii {@code 1/sqrt(-kmin)} (12 when {@code kmin >= 0}), capped at 0.9 times the injectivity
 * radius, and lowered until central differences of two steps agree: far out, rounding in exp (ill-conditioned
 * matrices, large hyperboloid coordinates) ruins the differences before the extrapolation has converged.
 */
public final class VolumeGrowthContract {

    /** How far out the growth is measured, in curvature radii {@code 1/sqrt(-kmin)}. */
    private static final double CURVATURE_RADII = 12;
    /** Largest disagreement of log R between steps h and 2h at which the differences are trusted. */
    private static final double RELIABLE = 1e-4;
    private static final int BASE_POINTS = 2;
    private static final int STARTS = 12;
    private static final int CLIMB = 80;

    private VolumeGrowthContract() {
    }

    public static void check(Geometry geometry, Function<Random, double[]> points) {
        double rate = geometry.capability(VolumeGrowth.class).orElseThrow().exponentialRate();
        assertThat(rate).as("%s: exponentialRate() must be finite and >= 0", geometry.spec())
                .isFinite().isGreaterThanOrEqualTo(0.0);
        assertThat(rate).as("%s: exponentialRate() above the Bishop-Gromov bound (d - 1) sqrt(-kmin) of the declared "
                + "curvature %s", geometry.spec(), geometry.curvature())
                .isLessThanOrEqualTo(VolumeGrowth.fromCurvature(geometry) * (1 + 1e-12));
        Random random = new Random(61);
        for (int b = 0; b < BASE_POINTS; b++) {
            double[] p = points.apply(random);
            ExpJacobian polar = new ExpJacobian(geometry, p, random);
            double far = farRadius(geometry);
            double[] direction = steepestDirection(polar, far / 2, random);
            double radius = reliableRadius(polar, direction, far);
            double measured = extrapolatedRate(polar, direction, radius);
            double nearer = extrapolatedRate(polar, direction, 0.75 * radius);
            assertThat(measured).as("%s: along the steepest direction found from a random point, the volume grows "
                    + "at rate >= %.6g (Richardson extrapolation of d/dt log |det d exp| at t = %.4g), but "
                    + "exponentialRate() is %.6g: the Laplace would be declared a distribution at scales where it is "
                    + "not", geometry.spec(), measured, radius, rate)
                    .isLessThanOrEqualTo(rate * (1 + 1e-3) + 1e-9);
            double allowance = 0.05 * measured + 2 * Math.abs(measured - nearer) + 1e-6;
            assertThat(rate).as("%s: exponentialRate() %.6g is above the measured rate %.6g (t = %.4g) by more than "
                    + "the extrapolation's uncertainty %.3g: it would refuse scales at which the Laplace exists",
                    geometry.spec(), rate, measured, radius, allowance)
                    .isLessThanOrEqualTo(measured + allowance);
        }
    }

    /** 12 curvature radii, within the injectivity radius (beyond it exp covers points twice). */
    private static double farRadius(Geometry geometry) {
        double kmin = geometry.curvature().min();
        double scale = kmin < 0 ? 1 / Math.sqrt(-kmin) : 1;
        return Math.min(CURVATURE_RADII * scale, 0.9 * geometry.injectivityRadius());
    }

    /** The largest radius up to {@code far} (in steps of 3/4) at which two difference steps agree along direction. */
    private static double reliableRadius(ExpJacobian polar, double[] direction, double far) {
        double radius = far;
        for (int attempt = 0; attempt < 40; attempt++) {
            double fine = polar.logVolumeRatio(direction, radius * 1.05, ExpJacobian.STEP);
            double coarse = polar.logVolumeRatio(direction, radius * 1.05, 2 * ExpJacobian.STEP);
            if (Math.abs(fine - coarse) <= RELIABLE * Math.max(1, Math.abs(fine))) {
                return radius;
            }
            radius *= 0.75;
        }
        throw new AssertionError("the Jacobian of exp is not reliable at any radius down to " + radius);
    }

    /**
     * A direction (coordinates) of fastest growth at radius t: the best of random starts, then a random climb. It
     * climbs on {@code f'(t)} alone, which differs from the extrapolation by {@code m/t} with m the same for almost
     * every direction, at half the cost.
     */
    private static double[] steepestDirection(ExpJacobian polar, double t, Random random) {
        double[] best = null;
        double bestRate = Double.NEGATIVE_INFINITY;
        for (int s = 0; s < STARTS; s++) {
            double[] c = polar.randomDirection(random);
            double r = slope(polar, c, t);
            if (r > bestRate) {
                best = c;
                bestRate = r;
            }
        }
        double step = 0.3;
        int failures = 0;
        for (int i = 0; i < CLIMB && polar.dimension() > 1; i++) {
            double[] candidate = best.clone();
            double norm = 0;
            for (int k = 0; k < candidate.length; k++) {
                candidate[k] += step * random.nextGaussian();
                norm += candidate[k] * candidate[k];
            }
            norm = Math.sqrt(norm);
            for (int k = 0; k < candidate.length; k++) {
                candidate[k] /= norm;
            }
            double r = slope(polar, candidate, t);
            if (r > bestRate) {
                best = candidate;
                bestRate = r;
                failures = 0;
            } else if (++failures == 8) {
                step /= 2;
                failures = 0;
            }
        }
        return best;
    }

    /** {@code 2 f'(t) - f'(t/2)} for {@code f = log R}: the growth rate along direction with the 1/t term removed. */
    static double extrapolatedRate(ExpJacobian polar, double[] direction, double t) {
        return 2 * slope(polar, direction, t) - slope(polar, direction, t / 2);
    }

    /** {@code f'(t)} by a central difference over {@code t/12}. */
    private static double slope(ExpJacobian polar, double[] direction, double t) {
        double delta = t / 24;
        return (polar.logVolumeRatio(direction, t + delta) - polar.logVolumeRatio(direction, t - delta)) / (2 * delta);
    }
}
