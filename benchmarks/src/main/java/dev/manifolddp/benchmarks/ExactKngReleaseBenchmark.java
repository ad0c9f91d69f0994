package dev.manifolddp.benchmarks;

import dev.manifolddp.estimators.FrechetGradient;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.KNormGradient;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.ProposalKind;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.exact.ExactKngSampler;
import dev.manifolddp.sampling.exact.KngEnvelope;
import dev.manifolddp.sampling.exact.KngTarget;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time per KNG release of the Frechet mean (issue 5): the exact sampler (rejection from a Laplace envelope,
 * docs/exact-sampling.md) next to Metropolis-Hastings with the paper's burn-in and thin 1, at epsilon = 1 with the proven scale
 * {@code sigma = 2 Delta / epsilon}, {@code Delta = L(r) / n} with L(r) the smaller of Rauch's 2r g(2r, kmax) and the
 * geometry's LogDifferenceBound (Soto et al. 2022, Thm 1; docs/sensitivity-bounds.md; Theorem 2's 2r (2 - h) before).
 *
 * <ul>
 *   <li>S^2, n = 1000, r = pi/8 (Soto et al. 2022, Fig. 1 left): MH burn-in 20 000 with Soto et al. 2022, suppl. §2.4.2's proposal (an ambient Gaussian
 *       direction of length t sigma, t = 0.5).</li>
 *   <li>Kendall shape space of 50 landmarks (real dimension 96), n = 400 (Soto et al. 2022, Fig. 2's sizes): MH burn-in 7 500 with
 *       Soto et al. 2022's centred uniform proposal. The radius is a parameter: 0.05 and 0.1. At r = 0.3 (inside Assumption 1's
 *       limit pi/8) the exact sampler does not finish: its envelope, the Laplace of scale sigma/h in 96 dimensions,
 *       puts its geodesic radius near 96 sigma/h = 0.95, and essentially no proposal falls in the ball (0 of 20 000
 *       in a probe; see the README). MH's cost per step does not depend on r.</li>
 * </ul>
 *
 * <p>Per setting: {@code exactDraw} is one draw of the sampling module's {@link ExactKngSampler} given the
 * non-private mean (the anchor of the envelope); {@code exactRelease} is what a release costs, composed from the same
 * public APIs the mechanism uses (the mean to 1e-10 from the ball's centre, a new gradient field, one exact draw);
 * {@code exactMechanismRelease} goes through {@link KNormGradient} with {@code sampler = exact} (it fails in setup with
 * "unknown sampler" against a mechanisms module without the exact KNG); {@code mcmcRelease} is {@link KNormGradient}'s
 * MH release.
 * Each state prints the mean number of envelope proposals per exact draw when its trial ends.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
public class ExactKngReleaseBenchmark {

    private static final double EPSILON = 1.0;

    /** The data, the ball, the scale and the exact sampler of one setting, with its proposal count. */
    public abstract static class Setting {
        Geometry geometry;
        double[][] data;
        DataBall ball;
        double sigma;
        KngTarget target;
        ExactKngSampler sampler;
        KNormGradient mcmc;
        double[] out;
        UniformRandomProvider rng;
        long draws;
        long proposals;

        /** Fills the fields from a data set; {@code burnIn} and {@code proposal} configure the MH release. */
        void prepare(Geometry geometry, GeneratedData generated, long burnIn, ProposalKind proposal, long stream) {
            this.geometry = geometry;
            data = generated.points();
            ball = DataBall.declared(generated.center(), generated.radius());
            int n = data.length;
            sigma = 2 * KNormGradient.sensitivity(geometry, generated.radius(), n) / EPSILON;
            target = target(geometry, data, ball, Fixtures.mean(geometry, generated));
            sampler = ExactKngSampler.find(geometry).orElseThrow(() -> new IllegalStateException(
                    "no exact Laplace sampler for " + geometry.spec()));
            // MH explicitly: the mechanism's default sampler may pick the exact one
            mcmc = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(burnIn).thin(1)
                    .proposal(proposal).build();
            out = new double[geometry.layout().length()];
            rng = Fixtures.stream(stream);
        }

        long draw(KngTarget kng) {
            long used = sampler.sample(kng, sigma, rng, out);
            draws++;
            proposals += used;
            return used;
        }

        @TearDown(Level.Trial)
        public void report() {
            if (draws > 0) {
                System.out.printf(Locale.ROOT, "%n[exact KNG] %s, n = %d, r = %s: %.3f envelope proposals per draw "
                                + "(%d draws)%n", geometry.spec(), data.length, ball.radius(),
                        (double) proposals / draws, draws);
            }
        }
    }

    /** The exact sampler's target: the KNG of the Frechet mean on the ball, anchored at the computed mean. */
    static KngTarget target(Geometry geometry, double[][] data, DataBall ball, double[] mean) {
        FrechetGradient field = new FrechetGradient(geometry, data);
        return new KngTarget(field::gradientNorm, ball.center(), ball.radius(),
                ExactKngSampler.frechetMeanConvexity(geometry, ball.radius()), mean);
    }

    /** S^2, n = 1000, r = pi/8, MH burn-in 20 000. */
    @State(Scope.Thread)
    public static class Sphere extends Setting {
        @Setup
        public void setUp() {
            Geometry sphere = Fixtures.geometry("sphere:d=2");
            prepare(sphere, Fixtures.sphereCap(sphere, 1000), 20_000, ProposalKind.AMBIENT_DIRECTION, 30);
        }
    }

    /** Kendall, 50 landmarks, n = 400, r as a parameter, MH burn-in 7 500. */
    @State(Scope.Thread)
    public static class Kendall extends Setting {
        @Param({"0.05", "0.1"})
        double radius;

        @Setup
        public void setUp() {
            Geometry kendall = Fixtures.geometry("kendall:landmarks=50");
            prepare(kendall, Fixtures.kendallBall(kendall, 50, 400, radius), 7_500, ProposalKind.CENTERED_UNIFORM,
                    31);
        }
    }

    /**
     * Kendall, 50 landmarks, n = 400, with the data-dependent envelope ({@code ExactKngSampler.dataEnvelope}, issue
     * 11 item 2) at r = 0.05, 0.1 and 0.3; the public envelope cannot finish at 0.3.
     */
    @State(Scope.Thread)
    public static class KendallDataEnvelope extends Setting {
        @Param({"0.05", "0.1", "0.3"})
        double radius;
        KngEnvelope envelope;

        @Setup
        public void setUp() {
            Geometry kendall = Fixtures.geometry("kendall:landmarks=50");
            prepare(kendall, Fixtures.kendallBall(kendall, 50, 400, radius), 7_500, ProposalKind.CENTERED_UNIFORM,
                    32);
            envelope = ExactKngSampler.dataEnvelope(kendall, data, target.anchor(), ball.center(), ball.radius(),
                    sigma).orElseThrow();
        }

        long drawWithDataEnvelope() {
            long used = sampler.sample(target, envelope, sigma, rng, out);
            draws++;
            proposals += used;
            return used;
        }
    }

    /**
     * The mechanism with the exact sampler, chosen by its configuration name so that this compiles against a
     * mechanisms module without it (the benchmark then fails in setup, naming the allowed samplers).
     */
    @State(Scope.Thread)
    public static class ExactMechanism {
        KNormGradient kng;

        @Setup
        public void setUp() {
            kng = KNormGradient.builder().sampler(KNormGradient.Sampler.parse("exact")).build();
        }
    }

    /**
     * {@link ExactMechanism} for the sphere, with the JIT warmed before JMH's own warm-up: a release runs through
     * dozens of methods (checks, the Newton mean, the gradient field, the envelope, proposals), and under the
     * side-by-side's three 1-second warm-up iterations on a loaded 2-core machine C2 had not compiled them all, so
     * the measured iterations still fell (7.1, 4.3, 4.3, 3.1, 1.8 ms/op in one run on the loaded machine, JMH
     * {@code -prof gc}): the "+- 300 us" error of the side-by-side was this drift, not noise in the work per release
     * (the proposal count per draw is random, but averaged over thousands of releases per iteration; garbage
     * collection took 2 ms of those 5 s). Warming with releases
     * of its own (on its own random stream, so the measured stream is the same) makes the iterations flat.
     */
    @State(Scope.Thread)
    public static class WarmSphereMechanism extends ExactMechanism {
        /** Releases run before measurement, at most this long. */
        private static final long WARM_NANOS = 3_000_000_000L;
        private static final int WARM_RELEASES = 20_000;

        @Setup
        public void warm() {
            if (kng == null) {
                setUp();
            }
            Geometry sphere = Fixtures.geometry("sphere:d=2");
            GeneratedData generated = Fixtures.sphereCap(sphere, 1000);
            DataBall ball = DataBall.declared(generated.center(), generated.radius());
            UniformRandomProvider rng = Fixtures.stream(33);
            long end = System.nanoTime() + WARM_NANOS;
            for (int i = 0; i < WARM_RELEASES && System.nanoTime() < end; i++) {
                kng.release(sphere, generated.points(), ball, PrivacyBudget.pure(EPSILON), rng);
            }
        }
    }

    /** One exact draw and everything a release adds to it: the mean and the gradient field. */
    private static double[] exactRelease(Setting setting) {
        double[] mean = Fixtures.mean(setting.geometry, setting.data, setting.ball.center());
        setting.draw(target(setting.geometry, setting.data, setting.ball, mean));
        return setting.out;
    }

    @Benchmark
    public long sphereExactDraw(Sphere state) {
        return state.draw(state.target);
    }

    @Benchmark
    public double[] sphereExactRelease(Sphere state) {
        return exactRelease(state);
    }

    @Benchmark
    public Release<double[]> sphereExactMechanismRelease(Sphere state, WarmSphereMechanism mechanism) {
        return mechanism.kng.release(state.geometry, state.data, state.ball, PrivacyBudget.pure(EPSILON), state.rng);
    }

    @Benchmark
    @Warmup(iterations = 2, time = 2)
    @Measurement(iterations = 5, time = 2)
    public Release<double[]> sphereMcmcRelease(Sphere state) {
        return state.mcmc.release(state.geometry, state.data, state.ball, PrivacyBudget.pure(EPSILON), state.rng);
    }

    @Benchmark
    public long kendallExactDraw(Kendall state) {
        return state.draw(state.target);
    }

    @Benchmark
    public long kendallDataEnvelopeDraw(KendallDataEnvelope state) {
        return state.drawWithDataEnvelope();
    }

    @Benchmark
    public Release<double[]> kendallDataEnvelopeMechanismRelease(KendallDataEnvelope state,
            ExactMechanism mechanism) {
        return mechanism.kng.release(state.geometry, state.data, state.ball, PrivacyBudget.pure(EPSILON), state.rng);
    }

    @Benchmark
    public double[] kendallExactRelease(Kendall state) {
        return exactRelease(state);
    }

    @Benchmark
    public Release<double[]> kendallExactMechanismRelease(Kendall state, ExactMechanism mechanism) {
        return mechanism.kng.release(state.geometry, state.data, state.ball, PrivacyBudget.pure(EPSILON), state.rng);
    }

    @Benchmark
    @Warmup(iterations = 2, time = 2)
    @Measurement(iterations = 5, time = 2)
    public Release<double[]> kendallMcmcRelease(Kendall state) {
        return state.mcmc.release(state.geometry, state.data, state.ball, PrivacyBudget.pure(EPSILON), state.rng);
    }
}
