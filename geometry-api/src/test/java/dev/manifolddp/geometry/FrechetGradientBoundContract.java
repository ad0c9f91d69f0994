package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

/**
 * The promise of {@link FrechetGradientBound}, checked for every geometry that claims it (run by
 * {@link GeometryContractTest}): for data and an anchor in a ball {@code B_r(center)}, the returned L satisfies
 * {@code |grad U(x)|_x >= L(rho(x, anchor))} at every x of the closed ball, with
 * {@code grad U(x) = -(1/n) sum_i log(x, x_i)}; its reach covers {@code r + rho(anchor, center)}; and its Lipschitz
 * constant is one. The exact K-norm gradient sampler builds its rejection envelope from L and its Lipschitz constant:
 * an L above the gradient norm somewhere, or a Lipschitz constant below L's slope, makes the envelope cross the target,
 * and the released law is no longer the KNG the privacy proof is about.
 *
 * <p>Radii are 0.15, 0.5 and 0.95 of the ball limit {@code pi/(4 sqrt(kmax))} (Assumption 1; 1.5 without positive
 * curvature), within 0.3 injectivity radii. For each, data sets that stress different parts of a bound: spread through
 * the ball, all exactly on its boundary, along one geodesic through the centre, a tight cluster at the boundary and a
 * single boundary point; anchored at the centre, at the data's Frechet mean (where the gradient vanishes, so L must not
 * be positive there) or at a boundary point. The bound is evaluated at the data, the anchor, the centre, the mean,
 * points along the geodesic from the anchor through the mean, random points of the ball (half of them exactly on its
 * boundary), and then a random local search from the worst of these for the largest {@code L - |grad U|}. Allowed
 * excess: {@code 1e-10 (1 + |L|)}, far below any margin a proof needs and far above the rounding of the gradient.
 */
public final class FrechetGradientBoundContract {

    private static final double[] RADII = {0.15, 0.5, 0.95};
    private static final int RANDOM_POINTS = 60;
    private static final int SEARCH_STARTS = 4;
    private static final int SEARCH_STEPS = 30;
    private static final int LIPSCHITZ_GRID = 4096;

    private enum Spread { INSIDE, BOUNDARY, GEODESIC, CLUSTER, SINGLE }

    private enum Anchor { CENTER, MEAN, BOUNDARY }

    private record Case(Spread spread, Anchor anchor, int n) {
    }

    private static final List<Case> CASES = List.of(new Case(Spread.INSIDE, Anchor.CENTER, 40),
            new Case(Spread.INSIDE, Anchor.MEAN, 40), new Case(Spread.BOUNDARY, Anchor.MEAN, 25),
            new Case(Spread.BOUNDARY, Anchor.BOUNDARY, 25), new Case(Spread.GEODESIC, Anchor.CENTER, 20),
            new Case(Spread.GEODESIC, Anchor.BOUNDARY, 20), new Case(Spread.CLUSTER, Anchor.MEAN, 10),
            new Case(Spread.SINGLE, Anchor.CENTER, 1));

    private FrechetGradientBoundContract() {
    }

    public static void check(Geometry geometry, Function<Random, double[]> points) {
        FrechetGradientBound capability = geometry.capability(FrechetGradientBound.class).orElseThrow();
        Random random = new Random(101);
        int bounds = 0;
        for (double fraction : RADII) {
            double radius = fraction * ballLimit(geometry);
            for (Case c : CASES) {
                Ball ball = new Ball(geometry, points.apply(random), radius);
                double[][] data = ball.data(c.spread, c.n, random);
                double[] mean = frechetMean(geometry, data, ball.center);
                double[] anchor = switch (c.anchor) {
                    case CENTER -> ball.center.clone();
                    case MEAN -> mean;
                    case BOUNDARY -> ball.boundaryPoint(random);
                };
                double[][] kept = copy(data);
                Optional<RadialLowerBound> bound = capability.frechetGradientBound(data, anchor, ball.center, radius);
                assertThat(data).as("the data after frechetGradientBound").isDeepEqualTo(kept);
                if (bound.isEmpty()) {
                    continue;
                }
                bounds++;
                String what = String.format("%s: FrechetGradientBound for %d %s points, anchor at the %s, r = %.4g",
                        geometry.spec(), c.n, c.spread, c.anchor, radius);
                assertReachAndLipschitz(bound.get(), geometry.distance(anchor, ball.center), radius, what);
                assertBoundHolds(geometry, ball, data, anchor, mean, bound.get(), random, what);
            }
        }
        assertThat(bounds).as("%s claims FrechetGradientBound but gave no bound for any ball tried",
                geometry.spec()).isPositive();
    }

    /**
     * Assumption 1's {@code pi / (4 sqrt(kmax))}, or 1.5 without positive curvature; within 0.3 injectivity radii, so
     * that the probes (up to 2r from an anchor at most r from the centre) stay where log is defined.
     */
    static double ballLimit(Geometry geometry) {
        double kmax = geometry.curvature().max();
        double limit = kmax > 0 ? Math.PI / (4 * Math.sqrt(kmax)) : 1.5;
        return Math.min(limit, 0.3 * geometry.injectivityRadius());
    }

    private static void assertReachAndLipschitz(RadialLowerBound bound, double anchorDistance, double radius,
            String what) {
        double reach = bound.reach();
        assertThat(reach).as("%s: reach() must cover r + rho(anchor, center) = %.10g", what,
                radius + anchorDistance).isGreaterThanOrEqualTo((radius + anchorDistance) * (1 - 1e-12));
        double lipschitz = bound.lipschitz();
        assertThat(lipschitz).as("%s: lipschitz() must be finite and >= 0", what).isFinite()
                .isGreaterThanOrEqualTo(0.0);
        double step = reach / LIPSCHITZ_GRID;
        double previous = bound.value(0);
        double steepest = 0;
        double at = 0;
        for (int g = 1; g <= LIPSCHITZ_GRID; g++) {
            double value = bound.value(g * step);
            if (!Double.isFinite(value)) {
                throw new AssertionError(String.format("%s: value(%.6g) = %s is not finite", what, g * step, value));
            }
            double slope = Math.abs(value - previous) / step;
            if (slope > steepest) {
                steepest = slope;
                at = g * step;
            }
            previous = value;
        }
        assertThat(steepest).as("%s: L changes at rate %.8g near t = %.4g, above its lipschitz() %.8g: the envelope "
                + "fit's offset would not cover L between grid points", what, steepest, at, lipschitz)
                .isLessThanOrEqualTo(lipschitz * (1 + 1e-9) + 1e-12);
    }

    /** L(rho(x, anchor)) <= |grad U(x)| at the probe points and where a local search finds L closest to exceeding. */
    private static void assertBoundHolds(Geometry geometry, Ball ball, double[][] data, double[] anchor,
            double[] mean, RadialLowerBound bound, Random random, String what) {
        Violation probe = new Violation(geometry, data, anchor, bound);
        List<double[]> candidates = new ArrayList<>(List.of(data));
        candidates.add(anchor);
        candidates.add(ball.center);
        candidates.add(mean);
        candidates.addAll(ball.rayThrough(anchor, mean, 12));
        for (int i = 0; i < RANDOM_POINTS; i++) {
            candidates.add(i % 2 == 0 ? ball.boundaryPoint(random) : ball.interiorPoint(random));
        }
        double[] excess = new double[candidates.size()];
        Integer[] order = new Integer[candidates.size()];
        for (int i = 0; i < order.length; i++) {
            excess[i] = probe.excess(candidates.get(i));
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingDouble(i -> -excess[i]));
        for (int s = 0; s < Math.min(SEARCH_STARTS, order.length); s++) {
            candidates.add(localSearch(ball, probe, candidates.get(order[s]), random));
        }
        double[] worst = null;
        double worstExcess = Double.NEGATIVE_INFINITY;
        for (double[] x : candidates) {
            double lower = bound.value(Math.min(geometry.distance(x, anchor), bound.reach()));
            double over = lower - probe.gradientNorm(x) - 1e-10 * (1 + Math.abs(lower));
            if (over > worstExcess) {
                worst = x;
                worstExcess = over;
            }
        }
        double t = geometry.distance(worst, anchor);
        double lower = bound.value(Math.min(t, bound.reach()));
        double gradient = probe.gradientNorm(worst);
        assertThat(lower).as("%s: L(rho(x, anchor) = %.8g) = %.10g exceeds |grad U(x)| = %.10g at a point x at "
                + "distance %.8g from the centre: the KNG envelope would cross its target", what, t, lower, gradient,
                geometry.distance(worst, ball.center)).isLessThanOrEqualTo(gradient + 1e-10 * (1 + Math.abs(lower)));
    }

    /** Random steps that keep in the ball, accepted when they raise {@code L - |grad U|}; shorter after a failure. */
    private static double[] localSearch(Ball ball, Violation probe, double[] start, Random random) {
        double[] best = start;
        double bestExcess = probe.excess(best);
        double step = 0.1 * ball.radius;
        for (int i = 0; i < SEARCH_STEPS; i++) {
            double[] candidate = ball.clamp(ball.geometry.exp(best, ball.tangent(best, step, random)));
            double excess = probe.excess(candidate);
            if (excess > bestExcess) {
                best = candidate;
                bestExcess = excess;
            } else {
                step *= 0.85;
            }
        }
        return best;
    }

    /** The Frechet mean by gradient descent from {@code start}, to a gradient norm of 1e-13. */
    static double[] frechetMean(Geometry geometry, double[][] data, double[] start) {
        double[] x = start.clone();
        double[] sum = new double[x.length];
        for (int iteration = 0; iteration < 500; iteration++) {
            sumOfLogs(geometry, data, x, sum);
            for (int j = 0; j < sum.length; j++) {
                sum[j] /= data.length;
            }
            if (geometry.norm(x, sum) < 1e-13) {
                break;
            }
            x = geometry.exp(x, sum);
        }
        return x;
    }

    private static void sumOfLogs(Geometry geometry, double[][] data, double[] x, double[] out) {
        java.util.Arrays.fill(out, 0);
        double[] log = new double[x.length];
        for (double[] point : data) {
            geometry.log(x, point, log);
            for (int j = 0; j < out.length; j++) {
                out[j] += log[j];
            }
        }
    }

    private static double[][] copy(double[][] data) {
        double[][] out = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            out[i] = data[i].clone();
        }
        return out;
    }

    /** {@code L(rho(x, anchor)) - |grad U(x)|}: positive where the bound fails. */
    private static final class Violation {

        private final Geometry geometry;
        private final double[][] data;
        private final double[] anchor;
        private final RadialLowerBound bound;
        private final double[] sum;

        Violation(Geometry geometry, double[][] data, double[] anchor, RadialLowerBound bound) {
            this.geometry = geometry;
            this.data = data;
            this.anchor = anchor;
            this.bound = bound;
            this.sum = new double[anchor.length];
        }

        double gradientNorm(double[] x) {
            sumOfLogs(geometry, data, x, sum);
            return geometry.norm(x, sum) / data.length;
        }

        double excess(double[] x) {
            double t = Math.min(geometry.distance(x, anchor), bound.reach());
            return bound.value(t) - gradientNorm(x);
        }
    }

    /** The closed ball {@code B_r(center)} and the points the check draws in it (also LogDifferenceBoundContract's). */
    static final class Ball {

        private final Geometry geometry;
        private final double[] center;
        private final double radius;

        Ball(Geometry geometry, double[] center, double radius) {
            this.geometry = geometry;
            this.center = center;
            this.radius = radius;
        }

        double[][] data(Spread spread, int n, Random random) {
            double[][] data = new double[n][];
            double[] line = tangent(center, 1, random);
            double[] focus = boundaryPoint(random);
            for (int i = 0; i < n; i++) {
                data[i] = switch (spread) {
                    case INSIDE -> interiorPoint(random);
                    case BOUNDARY, SINGLE -> boundaryPoint(random);
                    case GEODESIC -> geometry.exp(center, scaled(line, radius * (2 * random.nextDouble() - 1)));
                    case CLUSTER -> clamp(geometry.exp(focus, tangent(focus, 0.02 * radius, random)));
                };
            }
            return data;
        }

        /** {@code exp(center, r u)} for a uniform unit u: exactly on the boundary, up to the rounding of exp. */
        double[] boundaryPoint(Random random) {
            return geometry.exp(center, tangent(center, radius, random));
        }

        /** A point at distance {@code r U^(1/d)} in a uniform direction: uniform in a Euclidean ball of T_center. */
        double[] interiorPoint(Random random) {
            double length = radius * Math.pow(random.nextDouble(), 1.0 / geometry.dimension());
            return geometry.exp(center, tangent(center, length, random));
        }

        /** Points on the geodesic from {@code from} through {@code through}, from {@code from} to the boundary. */
        List<double[]> rayThrough(double[] from, double[] through, int count) {
            List<double[]> out = new ArrayList<>();
            double[] direction = geometry.log(from, through);
            double length = geometry.norm(from, direction);
            if (!(length > 1e-12)) {
                return out;
            }
            for (int i = 1; i <= count; i++) {
                double[] v = scaled(direction, (2 * radius) * i / count / length);
                out.add(clamp(geometry.exp(from, v)));
            }
            return out;
        }

        /** x if it lies in the ball, else the boundary point in the direction of x from the centre. */
        double[] clamp(double[] x) {
            double[] v = geometry.log(center, x);
            double length = geometry.norm(center, v);
            return length <= radius ? x : geometry.exp(center, scaled(v, radius / length));
        }

        /** A tangent vector at p of the given length in a uniform direction. */
        double[] tangent(double[] p, double length, Random random) {
            double[] ambient = new double[p.length];
            for (int i = 0; i < ambient.length; i++) {
                ambient[i] = random.nextGaussian();
            }
            double[] v = geometry.projectToTangent(p, ambient);
            return scaled(v, length / geometry.norm(p, v));
        }

        static double[] scaled(double[] v, double factor) {
            double[] out = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                out[i] = factor * v[i];
            }
            return out;
        }
    }
}
