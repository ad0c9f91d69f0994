package dev.manifolddp.benchmarks;

import dev.manifolddp.estimators.FrechetGradient;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.KNormGradient;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import dev.manifolddp.sampling.mcmc.TangentBoxProposal;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One Metropolis-Hastings step of the KNG chain for the Frechet mean on affine-invariant SPD(2) with n = 100 (issue 4
 * item 8; geomstats: about 190 us per step). The setting is Soto et al. 2022, Fig. 1 right: Wishart data with rho(X, I) < 1.5,
 * epsilon = 1, the proven scale {@code sigma = 2 Delta / epsilon} with {@code Delta = 2r/n} (kmax = 0), the paper's
 * proposal (uniform [-0.5, 0.5]^3 tangent coordinates times {@code t sigma}, t = 0.5, {@link TangentBoxProposal})
 * and the chain restricted to the ball.
 *
 * <p>A step is one proposal (a tangent basis and an SPD exponential), one distance to the ball's centre, one KNG
 * density evaluation (100 logarithms, fused by the geometry's {@code LogSums} kernel), the Hastings correction's
 * reverse coordinates (a logarithm, a basis and three inner products) and one uniform. The benchmark runs a chain of {@value #STEPS} steps from the non-private mean with no
 * burn-in through the sampling module's {@link MetropolisHastings}, keeping only the final state, and JMH divides by
 * {@value #STEPS}: the reported time is per step, with the chain's fixed cost (building the sampler and result)
 * amortised over the steps.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class KngMetropolisStepBenchmark {

    static final int STEPS = 1000;
    private static final int N = 100;
    private static final double EPSILON = 1.0;

    private MetropolisHastings chain;
    private double[] start;
    private UniformRandomProvider rng;

    @Setup
    public void setUp() {
        Geometry spd = Fixtures.geometry("spd/affine-invariant:k=2");
        GeneratedData data = Fixtures.wishart(spd, N);
        double sigma = 2 * KNormGradient.sensitivity(spd, data.radius(), N) / EPSILON;
        FrechetGradient field = new FrechetGradient(spd, data.points());
        start = Fixtures.mean(spd, data);
        chain = MetropolisHastings.builder().geometry(spd).target(x -> -field.gradientNorm(x) / sigma)
                .proposal(new TangentBoxProposal(spd)).step(KNormGradient.DEFAULT_STEP * sigma)
                .restrictTo(data.center(), data.radius())
                .burnIn(0).thin(STEPS).samples(1).build();
        rng = Fixtures.stream(10);
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public McmcResult spdAffineInvariant2N100() {
        return chain.run(start, rng);
    }
}
