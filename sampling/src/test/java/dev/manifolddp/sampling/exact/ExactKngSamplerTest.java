package dev.manifolddp.sampling.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Allocation;
import dev.manifolddp.sampling.StatisticalAssertions;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import dev.manifolddp.sampling.mcmc.TangentGaussianProposal;
import dev.manifolddp.sampling.random.NormalSource;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The exact KNG sampler: agreement with MCMC, the fixed budget, loud envelope failures, acceptance rates, checks. */
class ExactKngSamplerTest {

    private static final double[] NORTH = {0, 0, 1};

    private static Geometry sphere() {
        return Geometries.parse("sphere:d=2");
    }

    /**
     * Kendall shapes with k = 10 landmarks (real dimension 16), r = 0.15, n = 20, sigma = 0.004: the geodesic distance
     * to the mean of 2000 exact draws against 2000 states of a Metropolis-Hastings chain on the same density (tangent
     * Gaussian proposal, step adapted during a 5000-step burn-in, then one state kept every 200 steps, 405 000 steps
     * in all). The chain's effective sample size of that distance is checked to be at least 1500, so its states are
     * close to independent and the two-sample KS test at alpha = 1e-3 keeps about its nominal false-failure rate
     * (with the fixed seeds: deterministic).
     */
    @Test
    @Tag("statistical")
    void kendallExactDrawsMatchALongMetropolisHastingsChain() {
        Geometry kendall = Geometries.parse("kendall:landmarks=10");
        double[] p0 = KendallLaplaceTest.center(kendall, 10);
        double r = 0.15;
        double sigma = 0.004;
        UniformRandomProvider rng = RandomStreams.seeded(503L).stream(0, 0);
        double[][] data = new GeodesicBallGenerator(kendall, p0, r).generate(20, rng).points();
        MeanGradient gradient = new MeanGradient(kendall, data);
        double[] mean = gradient.descend(p0, 300);
        double h = ExactKngSampler.frechetMeanConvexity(kendall, r);
        KngTarget target = new KngTarget(gradient, p0, r, h, mean);
        ExactKngSampler sampler = ExactKngSampler.find(kendall).orElseThrow();
        int draws = 2000;
        double[] exact = new double[draws];
        double[] out = new double[20];
        for (int i = 0; i < draws; i++) {
            sampler.sample(target, sigma, rng, out);
            exact[i] = kendall.distance(mean, out);
        }

        MeanGradient chainGradient = new MeanGradient(kendall, data);
        McmcResult chain = MetropolisHastings.builder().geometry(kendall)
                .target(x -> -chainGradient.gradientNorm(x) / sigma)
                .proposal(new TangentGaussianProposal(kendall)).step(0.01).adaptStep(0.25).burnIn(5000).thin(200)
                .samples(draws).restrictTo(p0, r).reference(mean).build().run(mean, rng);
        assertThat(chain.diagnostics().effectiveSampleSize()).as("ESS of the MH chain").isGreaterThan(1500);
        double[] mcmc = new double[draws];
        for (int i = 0; i < draws; i++) {
            mcmc[i] = kendall.distance(mean, chain.samples()[i]);
        }
        StatisticalAssertions.assertSameLaw("rho(x, xbar), exact KNG vs MH, Kendall k = 10", exact, mcmc);
    }

    /**
     * The acceptance rate on S^2 with the data of Soto et al. 2022, Fig. 1 (r = pi/8, epsilon = 1, proven sigma = 2 Delta /
     * epsilon): about 0.63 for n >= 100, where sigma is small and the rate is the envelope's loss
     * {@code ~ (h_max(2r, 1))^2 = (pi/4)^2 ~ 0.62}; about 0.40 at n = 10, where many proposals leave the ball. Five
     * data sets of 1000 draws per n; the rate's standard error is below 0.01, the intervals are 7 or more standard
     * errors wide on each side of the values measured when the test was written.
     */
    @ParameterizedTest(name = "n = {0}")
    @CsvSource({"10, 0.33, 0.47", "100, 0.56, 0.70", "1000, 0.56, 0.70"})
    void sphereAcceptanceRateAtPiOverEight(int n, double low, double high) {
        Geometry sphere = sphere();
        double r = Math.PI / 8;
        double h = ExactKngSampler.frechetMeanConvexity(sphere, r);
        double sigma = 2 * (2 * r * (2 - h) / n) / 1.0;
        ExactKngSampler sampler = ExactKngSampler.find(sphere).orElseThrow();
        double[] out = new double[3];
        long proposals = 0;
        int draws = 0;
        for (int set = 0; set < 5; set++) {
            UniformRandomProvider rng = RandomStreams.seeded(504L).stream(n, set);
            double[][] data = new GeodesicBallGenerator(sphere, NORTH, r).generate(n, rng).points();
            MeanGradient gradient = new MeanGradient(sphere, data);
            KngTarget target = new KngTarget(gradient, NORTH, r, h, gradient.descend(NORTH, 100));
            for (int i = 0; i < 1000; i++) {
                proposals += sampler.sample(target, sigma, rng, out);
                draws++;
            }
        }
        double measured = (double) draws / proposals;
        assertThat(measured).as("acceptance rate at n = %d", n).isBetween(low, high);
        assertThat(ExactKngSampler.acceptanceLowerBound(sphere, r, sigma, 1e-10)).as("the public lower bound")
                .isBetween(low / 3, measured);
    }

    /**
     * The public lower bound holds where it is tightest: every record at one boundary point (the mean, hence the
     * envelope's anchor, on the ball's boundary, so about half the proposals leave the ball), on S^2 and on Kendall
     * shapes, for small and large n. Measured over 4000 draws; the bound must not exceed the measured rate by more than
     * four binomial standard errors (a false failure below 1e-4 per case), and must be useful: at least 1/50 of it (on
     * Kendall shapes with few records the bound assumes the worst curvature, 4, in every direction and is about 25
     * times below the rate measured with every record at one point).
     * At n = 1000 on S^2 the bound is nearly tight: half the directions stay in the ball, times h_max(2r, 1)^2.
     */
    @ParameterizedTest(name = "{0}, n = {1}")
    @CsvSource({"sphere:d=2, 3, 0.78", "sphere:d=2, 1000, 0.39", "sphere:d=2, 20, 0.39", "kendall:landmarks=5, 50, 0.2",
            "kendall:landmarks=5, 5, 0.3"})
    void acceptanceLowerBoundHoldsWithTheMeanOnTheBoundary(String spec, int n, double r) {
        Geometry geometry = Geometries.parse(spec);
        UniformRandomProvider rng = RandomStreams.seeded(505L).stream(n, 0);
        double[] center = spec.startsWith("sphere") ? NORTH : KendallLaplaceTest.center(geometry, 5);
        double[] tangent = geometry.log(center, new GeodesicBallGenerator(geometry, center, 0.5 * r)
                .generate(1, rng).points()[0]);
        double scale = r / geometry.norm(center, tangent);
        for (int i = 0; i < tangent.length; i++) {
            tangent[i] *= scale;
        }
        double[] boundary = geometry.exp(center, tangent);
        double[][] data = new double[n][];
        for (int i = 0; i < n; i++) {
            data[i] = boundary.clone();
        }
        double h = ExactKngSampler.frechetMeanConvexity(geometry, r);
        double sigma = 2 * (2 * r * (2 - h) / n);
        MeanGradient gradient = new MeanGradient(geometry, data);
        KngTarget target = new KngTarget(gradient, center, r * (1 + 1e-12), h, boundary);
        ExactKngSampler sampler = ExactKngSampler.find(geometry).orElseThrow();
        double[] out = new double[geometry.layout().length()];
        long proposals = 0;
        int draws = 4000;
        for (int i = 0; i < draws; i++) {
            proposals += sampler.sample(target, sigma, rng, out);
        }
        double measured = (double) draws / proposals;
        double se = Math.sqrt(measured * (1 - measured) / proposals);
        double bound = ExactKngSampler.acceptanceLowerBound(geometry, r, sigma, 0);
        assertThat(bound).as("bound vs measured %s", measured).isGreaterThan(measured / 50)
                .isLessThanOrEqualTo(measured + 4 * se);
    }

    /**
     * The acceptance ratio stays at most 1 (up to the documented rounding tolerance) for data anywhere in balls close
     * to the Assumption 1 limit (0.98 of it) and at smaller radii, with anchors at the mean, one rough descent step
     * from a data point, and the ball's centre. Data sets: points drawn in the ball, points on its boundary, and two
     * clusters at opposite ends of a diameter (the case that makes the Frechet functional least convex). The excess
     * {@code G(x) - h rho(x, a) + G(a)} is evaluated at 400 points per data set (uniform in the ball and on its
     * boundary), and the sampler itself, which throws on a violation, checks 300 proposals per data set and anchor in
     * fixed-budget mode (where, near the limit, it may accept none: the only failure allowed).
     */
    @ParameterizedTest(name = "{0}, r = {1} x the limit")
    @CsvSource({"sphere:d=2, 0.98", "sphere:d=2, 0.5", "kendall:landmarks=4, 0.98", "kendall:landmarks=10, 0.98",
            "kendall:landmarks=10, 0.4"})
    void acceptanceRatioNeverExceedsOne(String spec, double fraction) {
        Geometry geometry = Geometries.parse(spec);
        boolean isSphere = spec.startsWith("sphere");
        double limit = isSphere ? Math.PI / 4 : Math.PI / 8;
        double r = fraction * limit;
        double[] p0 = isSphere ? NORTH : KendallLaplaceTest.center(geometry, geometry.layout().length() / 2);
        double h = ExactKngSampler.frechetMeanConvexity(geometry, r);
        ExactKngSampler sampler = ExactKngSampler.find(geometry).orElseThrow();
        BallPoints ball = new BallPoints(geometry, p0, r);
        double[] out = new double[p0.length];
        double[] x = new double[p0.length];
        double worst = Double.POSITIVE_INFINITY;
        for (int set = 0; set < 30; set++) {
            UniformRandomProvider rng = RandomStreams.seeded(505L).stream(spec.hashCode() & 0xffff, set);
            double[][] data = dataSet(set % 3, 1 + set % 7 * 3, ball, rng);
            MeanGradient gradient = new MeanGradient(geometry, data);
            double[][] anchors = {gradient.descend(p0, 200), gradient.descend(data[0], 1), p0};
            for (double[] anchor : anchors) {
                assertThat(geometry.distance(p0, anchor)).isLessThanOrEqualTo(r * (1 + 1e-12));
                double g0 = gradient.gradientNorm(anchor);
                for (int i = 0; i < 400; i++) {
                    ball.point(i % 2 == 0 ? r : r * Math.pow(rng.nextDouble(), 1.0 / ball.dimension()), rng, x);
                    double g = gradient.gradientNorm(x);
                    double lower = h * geometry.distance(x, anchor);
                    double excess = g - lower + g0;
                    double scale = r + g + lower + g0;
                    worst = Math.min(worst, excess / scale);
                }
                // the sampler checks every proposal that lands in the ball; at this scale about half of them do
                KngTarget target = new KngTarget(gradient, p0, r, h, anchor);
                try {
                    sampler.sample(target, r * h / ball.dimension(), 300, rng, out);
                    assertThat(geometry.distance(p0, out)).isLessThanOrEqualTo(r);
                } catch (IllegalStateException e) {
                    // near the limit the acceptance rate can be astronomically small; only a violation may fail
                    assertThat(e.getMessage()).contains("accepted none of its fixed budget");
                }
            }
        }
        assertThat(worst).as("smallest excess relative to its scale").isGreaterThanOrEqualTo(
                -ExactKngSampler.ROUNDING_TOLERANCE);
    }

    /** kind 0: drawn in the ball; 1: on its boundary; 2: two clusters at the ends of a diameter. */
    private static double[][] dataSet(int kind, int n, BallPoints ball, UniformRandomProvider rng) {
        double[][] data = new double[n][ball.length()];
        for (int i = 0; i < n; i++) {
            switch (kind) {
                case 0 -> ball.point(ball.radius() * rng.nextDouble(), rng, data[i]);
                case 1 -> ball.point(ball.radius(), rng, data[i]);
                default -> ball.pole(i % 2 == 0 ? ball.radius() : -ball.radius(), data[i]);
            }
        }
        return data;
    }

    /**
     * A gradient field below the envelope ({@code G = h rho(x, a) / 2}, with g0 = 0) makes the ratio exceed 1: the
     * sampler throws, naming the values, instead of clipping. So does an overstated convexity constant on real data.
     */
    @Test
    void aViolatedEnvelopeFailsLoudly() {
        Geometry sphere = sphere();
        double r = Math.PI / 8;
        double h = ExactKngSampler.frechetMeanConvexity(sphere, r);
        ExactKngSampler sampler = ExactKngSampler.find(sphere).orElseThrow();
        UniformRandomProvider rng = RandomStreams.seeded(506L).stream(0, 0);
        GradientNorm tooSmall = x -> 0.5 * h * sphere.distance(x, NORTH);
        assertThatThrownBy(() -> sampler.sample(new KngTarget(tooSmall, NORTH, r, h, NORTH), 0.05, rng,
                new double[3])).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("exceeds 1 beyond rounding").hasMessageContaining("G(x) = |grad U(x)| = ")
                .hasMessageContaining("h = " + String.format(java.util.Locale.ROOT, "%.17g", h))
                .hasMessageContaining("g0 = |grad U(a)| = 0.0000");

        // on S^2, |grad U(x)| <= rho(x, xbar) (Soto et al. 2022, Lemma 1 with kmin >= 0), so h = 1.5 is too large
        double[][] data = new GeodesicBallGenerator(sphere, NORTH, r).generate(20, rng).points();
        MeanGradient gradient = new MeanGradient(sphere, data);
        KngTarget overstated = new KngTarget(gradient, NORTH, r, 1.5, gradient.descend(NORTH, 100));
        assertThatThrownBy(() -> {
            for (int i = 0; i < 1000; i++) {
                sampler.sample(overstated, 0.05, rng, new double[3]);
            }
        }).isInstanceOf(IllegalStateException.class).hasMessageContaining("does not hold");
    }

    /**
     * Fixed budget: a scripted envelope proposes (outside the ball, rejected in the ball, accepted A, accepted B,
     * outside). With budget 5 the sampler spends all 5 proposals, evaluates the gradient once per proposal (plus
     * once at the anchor) and returns A, the first accepted one; with budget 2 it fails; unlimited, it stops at A.
     */
    @Test
    void fixedBudgetSpendsEveryProposalAndReturnsTheFirstAccepted() {
        Geometry sphere = sphere();
        double r = 0.3;
        double[] outside = pointAt(sphere, 0.5, 0);
        double[] rejected = pointAt(sphere, 0.1, 1);
        double[] first = pointAt(sphere, 0.2, 2);
        double[] second = pointAt(sphere, 0.25, 3);
        ScriptedLaplace script = new ScriptedLaplace(outside, rejected, first, second, outside);
        int[] gradientCalls = new int[1];
        GradientNorm gradient = x -> {
            gradientCalls[0]++;
            // exactly on the envelope (ratio 1) except at the rejected point (ratio exp(-1000) = 0)
            return sphere.distance(x, NORTH) + (java.util.Arrays.equals(x, rejected) ? 100 : 0);
        };
        KngTarget target = new KngTarget(gradient, NORTH, r, 1.0, NORTH);
        ExactKngSampler sampler = new ExactKngSampler(sphere, script);
        UniformRandomProvider rng = RandomStreams.seeded(507L).stream(0, 0);
        double[] out = new double[3];

        assertThat(sampler.sample(target, 0.1, 5, rng, out)).isEqualTo(5);
        assertThat(out).containsExactly(first);
        assertThat(script.calls).isEqualTo(5);
        assertThat(gradientCalls[0]).isEqualTo(1 + 5);

        script.reset();
        gradientCalls[0] = 0;
        assertThatThrownBy(() -> sampler.sample(target, 0.1, 2, rng, new double[3]))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("accepted none of its fixed budget of 2 proposals")
                .hasMessageContaining("does not fall back to Metropolis-Hastings");
        assertThat(script.calls).isEqualTo(2);
        assertThat(gradientCalls[0]).isEqualTo(1 + 2);

        script.reset();
        gradientCalls[0] = 0;
        double[] unlimited = new double[3];
        assertThat(sampler.sample(target, 0.1, rng, unlimited)).isEqualTo(3);
        assertThat(unlimited).containsExactly(first);
        assertThat(gradientCalls[0]).as("no gradient for the proposal outside the ball").isEqualTo(1 + 2);
    }

    /** With a real envelope, the fixed budget returns a draw inside the ball and always reports the budget. */
    @Test
    void fixedBudgetWithARealEnvelope() {
        Geometry sphere = sphere();
        double r = Math.PI / 8;
        UniformRandomProvider rng = RandomStreams.seeded(508L).stream(0, 0);
        double[][] data = new GeodesicBallGenerator(sphere, NORTH, r).generate(100, rng).points();
        MeanGradient gradient = new MeanGradient(sphere, data);
        double h = ExactKngSampler.frechetMeanConvexity(sphere, r);
        KngTarget target = new KngTarget(gradient, NORTH, r, h, gradient.descend(NORTH, 100));
        ExactKngSampler sampler = ExactKngSampler.find(sphere).orElseThrow();
        double[] out = new double[3];
        for (int i = 0; i < 50; i++) {
            assertThat(sampler.sample(target, 0.02, 40, rng, out)).isEqualTo(40);
            assertThat(sphere.distance(NORTH, out)).isLessThanOrEqualTo(r);
        }
    }

    @Test
    void argumentsAreChecked() {
        Geometry sphere = sphere();
        ExactKngSampler sampler = ExactKngSampler.find(sphere).orElseThrow();
        UniformRandomProvider rng = RandomStreams.seeded(509L).stream(0, 0);
        GradientNorm zero = x -> 0;
        double[] far = pointAt(sphere, 0.5, 0);
        assertThatThrownBy(() -> sampler.sample(new KngTarget(zero, NORTH, 0.3, 1, far), 0.1, rng, new double[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("target.anchor must lie in the ball")
                .hasMessageContaining("Provided value: anchor at distance 0.");
        KngTarget target = new KngTarget(zero, NORTH, 0.3, 1, NORTH);
        assertThatThrownBy(() -> sampler.sample(target, 0, rng, new double[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: 0.0");
        assertThatThrownBy(() -> sampler.sample(target, 0.1, -1, rng, new double[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: -1");
        assertThatThrownBy(() -> sampler.sample(target, 0.1, rng, new double[4]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("out must be an array of length 3");
        assertThatThrownBy(() -> new KngTarget(zero, NORTH, 0.3, 0, NORTH))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("convexity")
                .hasMessageEndingWith("Provided value: 0.0");
        assertThatThrownBy(() -> ExactKngSampler.frechetMeanConvexity(sphere, Math.PI / 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Assumption 1")
                .hasMessageEndingWith("Provided value: " + Math.PI / 4);
        assertThat(ExactKngSampler.frechetMeanConvexity(sphere, Math.PI / 8)).isEqualTo(Math.PI / 4 / Math.tan(
                Math.PI / 4));
        assertThat(ExactKngSampler.find(Geometries.parse("spd/affine-invariant:k=2"))).isPresent();
        assertThat(ExactKngSampler.find(Geometries.parse("spd/log-euclidean:k=2"))).isPresent();
    }

    /** 10 000 more proposals allocate (almost) nothing more. */
    @Test
    void proposalsAllocateNothing() {
        if (!Allocation.supported()) {
            return;
        }
        Geometry sphere = sphere();
        double r = Math.PI / 8;
        UniformRandomProvider rng = RandomStreams.seeded(510L).stream(0, 0);
        double[][] data = new GeodesicBallGenerator(sphere, NORTH, r).generate(50, rng).points();
        MeanGradient gradient = new MeanGradient(sphere, data);
        KngTarget target = new KngTarget(gradient, NORTH, r, ExactKngSampler.frechetMeanConvexity(sphere, r),
                gradient.descend(NORTH, 100));
        ExactKngSampler sampler = ExactKngSampler.find(sphere).orElseThrow();
        double[] out = new double[3];
        long few = Long.MAX_VALUE;
        long many = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long before = Allocation.allocatedBytes();
            sampler.sample(target, 0.05, 1_000, rng, out);
            long middle = Allocation.allocatedBytes();
            sampler.sample(target, 0.05, 11_000, rng, out);
            long after = Allocation.allocatedBytes();
            few = Math.min(few, middle - before);
            many = Math.min(many, after - middle);
        }
        assertThat(many - few).as("bytes allocated by 10 000 extra proposals").isLessThan(2_000);
    }

    /** The point at distance theta from the north pole in the direction of azimuth k (radians). */
    private static double[] pointAt(Geometry sphere, double theta, double azimuth) {
        return sphere.exp(NORTH, new double[] {theta * Math.cos(azimuth), theta * Math.sin(azimuth), 0});
    }

    /** An "exact Laplace sampler" that replays fixed points, for tests of the control flow. */
    private static final class ScriptedLaplace implements ExactLaplaceSampler {
        private final double[][] points;
        int calls;

        ScriptedLaplace(double[]... points) {
            this.points = points;
        }

        void reset() {
            calls = 0;
        }

        @Override
        public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
            System.arraycopy(points[calls++ % points.length], 0, out, 0, out.length);
            return 1;
        }
    }

    /** Points {@code exp(p0, theta u)} with u uniform on the unit sphere of T_p0, and the ends of a diameter. */
    private static final class BallPoints {
        private final Geometry geometry;
        private final double[] center;
        private final double radius;
        private final double[][] basis;
        private final double[] coordinates;
        private final double[] tangent;
        private final NormalSource normals = new NormalSource();

        BallPoints(Geometry geometry, double[] center, double radius) {
            this.geometry = geometry;
            this.center = center;
            this.radius = radius;
            this.basis = geometry.capability(TangentBasis.class).orElseThrow().basis(center);
            this.coordinates = new double[basis.length];
            this.tangent = new double[center.length];
        }

        int dimension() {
            return basis.length;
        }

        int length() {
            return center.length;
        }

        double radius() {
            return radius;
        }

        void point(double theta, UniformRandomProvider rng, double[] out) {
            normals.unitVector(rng, coordinates, coordinates.length);
            for (int i = 0; i < coordinates.length; i++) {
                coordinates[i] *= theta;
            }
            TangentBasis.combine(basis, coordinates, tangent);
            geometry.exp(center, tangent, out);
        }

        /** {@code exp(p0, t e_1)}: t = r and t = -r are the ends of a diameter. */
        void pole(double t, double[] out) {
            for (int j = 0; j < tangent.length; j++) {
                tangent[j] = t * basis[0][j];
            }
            geometry.exp(center, tangent, out);
        }
    }
}
