package dev.manifolddp.benchmarks;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.mcmc.ChartRandomWalkProposal;
import dev.manifolddp.sampling.mcmc.ChartSpace;
import dev.manifolddp.sampling.mcmc.LaplaceLogDensity;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One Metropolis-Hastings step of Utpala et al. 2023, Fig. 1's Riemannian Laplace chain on log-Euclidean SPD(k): the chart random walk
 * (step 0.35 sigma), the Laplace target centred at the closed-form mean of the figure's n = 500 matrices, epsilon =
 * 0.4, {@code sigma = Delta / epsilon} with {@code Delta = 2 r / n}. {@code space = manifold} runs the chain on the
 * geometry (each step maps the state to the chart and back, and the target's distance takes two more logarithms);
 * {@code space = chart} runs the same chain in {@link ChartSpace} coordinates, as {@code RiemannianLaplace} now does.
 * Both draw the same states from the same provider (see {@code ChartSpaceTest}). A chain of {@value #STEPS} steps, no
 * burn-in, keeping only the final state; JMH divides by {@value #STEPS}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ChartChainStepBenchmark {

    static final int STEPS = 1000;
    private static final int N = 500;
    private static final double EPSILON = 0.4;
    private static final double STEP_FACTOR = 0.35;

    @Param({"30"})
    public int k;

    @Param({"manifold", "chart"})
    public String space;

    private MetropolisHastings chain;
    private double[] start;
    private UniformRandomProvider rng;

    @Setup
    public void setUp() {
        Geometry spd = Fixtures.geometry("spd/log-euclidean:k=" + k);
        GeneratedData data = Fixtures.randomSpd(k, N);
        double[] mean = Fixtures.mean(spd, data);
        double sigma = 2 * data.radius() / N / EPSILON;
        Geometry chainSpace = spd;
        LogDensityAndStart target = new LogDensityAndStart(new LaplaceLogDensity(spd, mean, sigma), mean);
        if (space.equals("chart")) {
            ChartSpace chart = ChartSpace.of(spd).orElseThrow();
            double[] y = chart.toChartCoordinates(mean);
            chainSpace = chart;
            target = new LogDensityAndStart(new LaplaceLogDensity(chart, y, sigma), y);
        } else if (!space.equals("manifold")) {
            throw new IllegalArgumentException("space must be manifold or chart. Provided value: " + space);
        }
        start = target.start();
        chain = MetropolisHastings.builder().geometry(chainSpace).target(target.density())
                .proposal(new ChartRandomWalkProposal(chainSpace)).step(STEP_FACTOR * sigma)
                .burnIn(0).thin(STEPS).samples(1).build();
        rng = Fixtures.stream(11);
    }

    private record LogDensityAndStart(LaplaceLogDensity density, double[] start) {
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public McmcResult laplaceStep() {
        return chain.run(start, rng);
    }
}
