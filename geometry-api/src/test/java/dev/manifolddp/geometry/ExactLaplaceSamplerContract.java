package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The promise of an {@link ExactLaplaceSampler} that a geometry offers itself, checked for every geometry that claims
 * one (run by {@link GeometryContractTest}): its draws follow {@code f(x) ∝ exp(-rho(x, center)/sigma)} with respect
 * to the Riemannian volume. The Riemannian Laplace mechanism's epsilon is a statement about exactly that law.
 *
 * <p>The reference is the law in geodesic polar coordinates about the centre, {@code x = exp(center, t u)}: density
 * {@code exp(-t/sigma) t^(d-1) R(t, u)} in {@code (t, u)}, with R from the geometry's own exp ({@link ExpJacobian}),
 * integrated over t by the midpoint rule up to the injectivity radius, to where the density has fallen below 1e-12 of
 * its peak, or to 16 curvature radii (where exp loses the precision differences need) if the mass beyond is
 * negligible. It assumes that polar coordinates cover the manifold exactly once up to the injectivity radius and
 * nothing lies beyond it: true of spheres, projective spaces and Hadamard manifolds. On 5000 seeded draws per centre
 * and scale:
 * <ul>
 *   <li>the distances {@code rho(center, x)} pass a Kolmogorov-Smirnov test against the radial law (level 1e-4);</li>
 *   <li>the directions {@code u = log(center, x)/|log(center, x)|}, in an orthonormal frame at the centre: where R
 *   does not depend on the direction (isotropic spaces) they must be uniform, by the Rayleigh and Bingham tests of
 *   their first and second moments; otherwise their mean must be the law's, coordinate by coordinate, within 4.5
 *   standard errors;</li>
 *   <li>every draw is a point, the centre is not modified and at least one proposal is reported.</li>
 * </ul>
 * Scales are 0.3 and 0.5 of the smaller of the Laplace's scale limit ({@link VolumeGrowth#laplaceScaleLimit}) and one
 * (two) curvature radii. A sampler that {@linkplain ExactLaplaceSampler#truncatesToBall truncates} must, in
 * {@code sampleWithin}, stay in the closed ball and follow the truncated law, also at twice the scale limit.
 */
public final class ExactLaplaceSamplerContract {

    private static final int CENTRES = 2;
    private static final int DRAWS = 5000;
    private static final int GRID = 200;
    private static final int PAIRS = 12;
    /** Kolmogorov-Smirnov level: the critical distance is {@code sqrt(ln(2/level) / (2n))}, 0.031 for 5000 draws. */
    private static final double KS_LEVEL = 1e-4;
    private static final double Z = 4.5;
    /** Where the radial density is negligible next to its peak. */
    private static final double TAIL = 1e-12;
    /** Curvature radii {@code 1/sqrt(-kmin)} beyond which exp loses the precision the volume element needs. */
    private static final double FAR = 16;

    private ExactLaplaceSamplerContract() {
    }

    public static void check(Geometry geometry, Function<Random, double[]> points) {
        ExactLaplaceSampler sampler = geometry.capability(ExactLaplaceSampler.class).orElseThrow();
        Random random = new Random(81);
        for (int c = 0; c < CENTRES; c++) {
            double[] center = points.apply(random);
            ExpJacobian polar = new ExpJacobian(geometry, center, random);
            double[][] directions = new double[PAIRS][];
            for (int j = 0; j < PAIRS; j++) {
                directions[j] = polar.randomDirection(random);
            }
            for (double sigma : scales(geometry)) {
                PolarLaw law = PolarLaw.of(polar, directions, sigma, tail(geometry, polar, directions, sigma));
                Draws draws = Draws.of(geometry, polar, center, DRAWS, (rng, out) -> sampler.sample(center, sigma,
                        rng, out), 1000L * c + Math.round(sigma * 1e6));
                String what = String.format("%s: ExactLaplaceSampler at sigma = %.4g", geometry.spec(), sigma);
                assertRadialLaw(draws, law, what);
                assertDirections(draws, law, what);
            }
            if (sampler.truncatesToBall()) {
                checkTruncation(geometry, sampler, polar, directions, center);
            }
        }
    }

    /**
     * {@code sampleWithin} of a truncating sampler: draws in the closed ball, with the truncated law, at a scale
     * inside the limit and at twice it (where only the truncated law exists).
     */
    private static void checkTruncation(Geometry geometry, ExactLaplaceSampler sampler, ExpJacobian polar,
            double[][] directions, double[] center) {
        double radius = 0.5 * Math.min(ExpJacobian.curvatureRadius(geometry), 0.9 * geometry.injectivityRadius());
        double limit = VolumeGrowth.laplaceScaleLimit(geometry);
        double[] scales = {0.5 * Math.min(limit, radius), Double.isFinite(limit) ? 2 * limit : 4 * radius};
        for (double sigma : scales) {
            PolarLaw law = PolarLaw.of(polar, directions, sigma, radius);
            Draws draws = Draws.of(geometry, polar, center, DRAWS, (rng, out) -> sampler.sampleWithin(center, sigma,
                    radius, rng, out), 7 + Math.round(sigma * 1e6));
            String what = String.format("%s: ExactLaplaceSampler.sampleWithin(radius %.4g) at sigma = %.4g, which "
                    + "truncatesToBall()", geometry.spec(), radius, sigma);
            double farthest = Arrays.stream(draws.radii).max().orElseThrow();
            assertThat(farthest).as("%s: a draw lies outside the ball", what)
                    .isLessThanOrEqualTo(radius * (1 + 1e-9) + 1e-12);
            assertRadialLaw(draws, law, what);
        }
    }

    /** 0.3 and 0.5 of the smaller of the scale limit and one curvature radius (two for the larger scale). */
    private static double[] scales(Geometry geometry) {
        double limit = VolumeGrowth.laplaceScaleLimit(geometry);
        double scale = ExpJacobian.curvatureRadius(geometry);
        return new double[] {0.3 * Math.min(limit, scale), 0.5 * Math.min(limit, 2 * scale)};
    }


    /**
     * The radius where the radial density, past its peak, has fallen below {@link #TAIL} of it (stepping by a
     * quarter of sigma along the first direction), or the injectivity radius or, under negative curvature,
     * {@link #FAR} curvature radii if that comes first; in the last case the mass left out must be negligible.
     */
    private static double tail(Geometry geometry, ExpJacobian polar, double[][] directions, double sigma) {
        double kmin = geometry.curvature().min();
        // exp loses precision only where the volume grows exponentially, under negative curvature
        double end = Math.min(geometry.injectivityRadius(),
                kmin < 0 ? FAR / Math.sqrt(-kmin) : Double.POSITIVE_INFINITY);
        int d = polar.dimension();
        double peak = Double.NEGATIVE_INFINITY;
        double previous = Double.NaN;
        for (int k = 1; ; k++) {
            double t = 0.25 * sigma * k;
            if (t >= end) {
                if (end < geometry.injectivityRadius()) {
                    // beyond `end` the density falls at least as fast as it did over the last step, geometrically
                    double last = logRadialDensity(polar, directions[0], sigma, end, d);
                    double decay = previous - last;
                    double leftOut = decay > 0 ? Math.exp(last - peak) / (1 - Math.exp(-decay)) : 1;
                    assertThat(leftOut).as("%s: the Laplace at sigma = %.4g has mass beyond %.4g, where exp loses "
                            + "precision; the contract cannot resolve its tail", geometry.spec(), sigma, end)
                            .isLessThan(1e-4);
                }
                return end;
            }
            double log = logRadialDensity(polar, directions[0], sigma, t, d);
            peak = Math.max(peak, log);
            if (log < peak + Math.log(TAIL)) {
                return t;
            }
            previous = log;
        }
    }

    /** {@code -t/sigma + (d - 1) log t + log R(t, u)}. */
    private static double logRadialDensity(ExpJacobian polar, double[] direction, double sigma, double t, int d) {
        return -t / sigma + (d - 1) * Math.log(t) + polar.logVolumeRatio(direction, t);
    }

    private static void assertRadialLaw(Draws draws, PolarLaw law, String what) {
        double[] sorted = draws.radii.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double worst = 0;
        double at = 0;
        for (int i = 0; i < n; i++) {
            double f = law.cdf(sorted[i]);
            double gap = Math.max(Math.abs(f - (double) i / n), Math.abs(f - (i + 1.0) / n));
            if (gap > worst) {
                worst = gap;
                at = sorted[i];
            }
        }
        double critical = Math.sqrt(Math.log(2 / KS_LEVEL) / (2 * n));
        assertThat(worst).as("%s: the distances rho(center, x) of %d draws are not Laplace-distributed: "
                + "Kolmogorov-Smirnov distance %.4f at t = %.4g (critical %.4f at level %.0e; the law's median is "
                + "%.4g, the draws' %.4g)", what, n, worst, at, critical, KS_LEVEL, law.quantile(0.5),
                sorted[n / 2]).isLessThanOrEqualTo(critical);
    }

    /**
     * Where R does not depend on the direction the directions must be uniform on the sphere: the Rayleigh test
     * ({@code N d |mean u|^2 ~ chi^2_d}) and Bingham's test ({@code N d (d + 2)/2 (tr S^2 - 1/d) ~
     * chi^2_((d-1)(d+2)/2)} for the second-moment matrix S) at level 1e-4 (Mardia and Jupp 2000, §10.4); both are
     * independent of the frame. Otherwise each mean coordinate is compared with the law's.
     */
    private static void assertDirections(Draws draws, PolarLaw law, String what) {
        int d = draws.directions[0].length;
        int n = draws.directions.length;
        if (!law.isotropic()) {
            for (int k = 0; k < d; k++) {
                assertFirstMoment(draws, k, law.firstMoment(k), law.firstMomentUncertainty(k),
                        what + ": the mean of direction coordinate " + k);
            }
            return;
        }
        double[] mean = new double[d];
        double[] second = new double[d * d];
        for (double[] u : draws.directions) {
            for (int i = 0; i < d; i++) {
                mean[i] += u[i] / n;
                for (int j = 0; j < d; j++) {
                    second[i * d + j] += u[i] * u[j] / n;
                }
            }
        }
        double rayleigh = n * d * dot(mean, mean);
        assertThat(rayleigh).as("%s: the directions' mean %s is not that of uniform directions: Rayleigh statistic "
                + "%.4g, chi^2_%d critical value %.4g", what, java.util.Arrays.toString(mean), rayleigh, d,
                chiSquareCritical(d)).isLessThanOrEqualTo(chiSquareCritical(d));
        if (d > 1) {
            int freedom = (d - 1) * (d + 2) / 2;
            double bingham = n * d * (d + 2) / 2.0 * (dot(second, second) - 1.0 / d);
            assertThat(bingham).as("%s: the directions' second moments are not those of uniform directions: "
                    + "Bingham statistic %.4g, chi^2_%d critical value %.4g", what, bingham, freedom,
                    chiSquareCritical(freedom)).isLessThanOrEqualTo(chiSquareCritical(freedom));
        }
    }

    /**
     * The upper 1e-4 quantile of chi^2_k by the Wilson-Hilferty approximation (within 1% for k >= 2, 7% above the
     * exact 15.1 at k = 1: on the safe side).
     */
    static double chiSquareCritical(int k) {
        double z = 3.719; // the standard normal's upper 1e-4 quantile
        double c = 2.0 / (9 * k);
        return k * Math.pow(1 - c + z * Math.sqrt(c), 3);
    }

    private static void assertFirstMoment(Draws draws, int k, double expected, double uncertainty, String what) {
        int n = draws.directions.length;
        double sum = 0;
        double sumSquares = 0;
        for (double[] u : draws.directions) {
            sum += u[k];
            sumSquares += u[k] * u[k];
        }
        double mean = sum / n;
        double error = Math.sqrt(Math.max(0, (sumSquares - n * mean * mean) / (n - 1)) / n);
        assertThat(mean).as("%s is %.5f, the law's %.5f (standard error %.2g)", what, mean, expected, error)
                .isCloseTo(expected, org.assertj.core.data.Offset.offset(Z * error + uncertainty + 1e-12));
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    /** One draw into {@code out}, returning the proposals used. */
    @FunctionalInterface
    private interface DrawFunction {
        long draw(UniformRandomProvider rng, double[] out);
    }

    /** The draws as distances from the centre and unit directions in the polar frame. */
    private record Draws(double[] radii, double[][] directions) {

        static Draws of(Geometry geometry, ExpJacobian polar, double[] center, int n, DrawFunction sampler,
                long seed) {
            SplittableRandom source = new SplittableRandom(seed);
            UniformRandomProvider rng = source::nextLong;
            double[] kept = center.clone();
            double[] radii = new double[n];
            double[][] directions = new double[n][];
            double[] x = new double[center.length];
            double[] log = new double[center.length];
            for (int i = 0; i < n; i++) {
                long proposals = sampler.draw(rng, x);
                if (proposals < 1) {
                    throw new AssertionError(geometry.spec() + ": a draw reported " + proposals + " proposals");
                }
                geometry.pointViolation(x, 1e-9).ifPresent(why -> {
                    throw new AssertionError(geometry.spec() + ": a draw is not a point: " + why);
                });
                radii[i] = geometry.distance(center, x);
                geometry.log(center, x, log);
                directions[i] = unit(polar.coordinates(log));
            }
            assertThat(center).as("the centre after sampling").containsExactly(kept);
            return new Draws(radii, directions);
        }

        private static double[] unit(double[] y) {
            double norm = 0;
            for (double value : y) {
                norm += value * value;
            }
            norm = Math.sqrt(norm);
            double[] u = new double[y.length];
            for (int i = 0; i < y.length; i++) {
                u[i] = norm > 0 ? y[i] / norm : 0;
            }
            return u;
        }
    }

    /**
     * The Laplace law in polar coordinates, tabulated on midpoints of [0, end]: the radial CDF, and the weights
     * {@code W(u) = int exp(-t/sigma) t^(d-1) R(t, u) dt} of the directions, which give their law.
     */
    private static final class PolarLaw {

        private final double step;
        private final double[] cdf;
        private final double[][] directions;
        private final double[] plus;
        private final double[] minus;
        private final boolean isotropic;

        private PolarLaw(double step, double[] cdf, double[][] directions, double[] plus, double[] minus,
                boolean isotropic) {
            this.step = step;
            this.cdf = cdf;
            this.directions = directions;
            this.plus = plus;
            this.minus = minus;
            this.isotropic = isotropic;
        }

        /**
         * Evaluates R on the midpoint grid along antithetic pairs of directions; stops after
         * {@link ExpJacobian#FEW_PAIRS} pairs when R agrees along all of them at every radius.
         */
        static PolarLaw of(ExpJacobian polar, double[][] pairs, double sigma, double end) {
            int d = polar.dimension();
            double step = end / GRID;
            double[][] logDensity = new double[2 * pairs.length][];
            int used = 0;
            boolean isotropic = false;
            for (int j = 0; j < pairs.length; j++) {
                logDensity[2 * j] = logDensity(polar, pairs[j], sigma, step, d);
                logDensity[2 * j + 1] = logDensity(polar, ExpJacobian.opposite(pairs[j]), sigma, step, d);
                used = j + 1;
                if (used >= ExpJacobian.FEW_PAIRS) {
                    isotropic = agree(logDensity, 2 * used);
                    if (isotropic) {
                        break;
                    }
                }
            }
            double shift = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < 2 * used; j++) {
                for (double value : logDensity[j]) {
                    shift = Math.max(shift, value);
                }
            }
            double[] radial = new double[GRID];
            double[] plus = new double[used];
            double[] minus = new double[used];
            for (int j = 0; j < 2 * used; j++) {
                for (int g = 0; g < GRID; g++) {
                    double density = Math.exp(logDensity[j][g] - shift);
                    radial[g] += density;
                    if (j % 2 == 0) {
                        plus[j / 2] += density;
                    } else {
                        minus[j / 2] += density;
                    }
                }
            }
            double[] cdf = new double[GRID + 1];
            for (int g = 0; g < GRID; g++) {
                cdf[g + 1] = cdf[g] + radial[g];
            }
            double total = cdf[GRID];
            for (int g = 0; g <= GRID; g++) {
                cdf[g] /= total;
            }
            return new PolarLaw(step, cdf, Arrays.copyOf(pairs, used), plus, minus, isotropic);
        }

        private static double[] logDensity(ExpJacobian polar, double[] direction, double sigma, double step, int d) {
            double[] out = new double[GRID];
            for (int g = 0; g < GRID; g++) {
                double t = (g + 0.5) * step;
                out[g] = logRadialDensity(polar, direction, sigma, t, d);
            }
            return out;
        }

        private static boolean agree(double[][] logDensity, int count) {
            for (int j = 1; j < count; j++) {
                for (int g = 0; g < GRID; g++) {
                    if (Math.abs(logDensity[j][g] - logDensity[0][g]) > 1e-6) {
                        return false;
                    }
                }
            }
            return true;
        }

        boolean isotropic() {
            return isotropic;
        }

        /** The CDF of the distance, linear between the grid's edges. */
        double cdf(double t) {
            double position = t / step;
            if (position >= GRID) {
                return 1;
            }
            int g = (int) position;
            double fraction = position - g;
            return cdf[g] + fraction * (cdf[g + 1] - cdf[g]);
        }

        double quantile(double probability) {
            int g = 0;
            while (g < GRID && cdf[g + 1] < probability) {
                g++;
            }
            double width = cdf[Math.min(g + 1, GRID)] - cdf[g];
            return step * (g + (width > 0 ? (probability - cdf[g]) / width : 0));
        }

        /**
         * {@code E[u_k]} under the law: 0 when R is even in u (every symmetric space; exact with antithetic pairs),
         * else the pairs' weighted estimate.
         */
        double firstMoment(int k) {
            double numerator = 0;
            double denominator = 0;
            for (int j = 0; j < directions.length; j++) {
                numerator += (plus[j] - minus[j]) * directions[j][k];
                denominator += plus[j] + minus[j];
            }
            return numerator / denominator;
        }

        /**
         * How far {@link #firstMoment} may be off: the estimate's own size when R is not even in u (it then comes
         * from a dozen directions), else 0.
         */
        double firstMomentUncertainty(int k) {
            return Math.abs(firstMoment(k)) > 1e-9 ? Math.abs(firstMoment(k)) : 0;
        }
    }
}
