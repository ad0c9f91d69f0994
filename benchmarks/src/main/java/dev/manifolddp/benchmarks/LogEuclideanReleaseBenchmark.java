package dev.manifolddp.benchmarks;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.estimators.FrechetMeanResult;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.GaussianCalibration;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.ProposalKind;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.RiemannianLaplace;
import dev.manifolddp.mechanisms.TangentGaussian;
import dev.manifolddp.sampling.data.GeneratedData;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whole releases of the Frechet mean on log-Euclidean SPD(30) (issue 4 item 8; Utpala et al. 2023, Fig. 4), with n = 500 matrices of
 * Utpala et al. 2023, Fig. 1 (Haar eigenvectors, eigenvalues in [e^-1/4, e^1/4], so a ball of radius sqrt(30)/4 around I), epsilon =
 * 0.4, delta = 1e-6. A release is everything {@code Mechanism.release} does: the data-in-ball check, the
 * closed-form mean {@code Expm((1/n) sum_i Logm X_i)}, the calibration and the noise, i.e. about n matrix logarithms
 * of 30 x 30 matrices per pass over the data.
 *
 * <ul>
 *   <li>{@link #tangentGaussianRelease}: analytic Gaussian in the chart {@code vecd o Logm} (Utpala et al. 2023, §4).</li>
 *   <li>{@link #laplaceExactRelease}: the Riemannian Laplace drawn exactly as the Euclidean K-norm Laplace in the
 *       isometric chart ({@code docs/exact-sampling.md}), the default sampler.</li>
 *   <li>{@link #laplaceMcmcRelease}: the same law by Metropolis-Hastings with Utpala et al. 2023, App. B.1's chart random walk and
 *       Utpala et al. 2023, Fig. 4's shortest burn-in, 10 000 steps (thin 1); the paper reports 14 s for this (36 s and 73 s for
 *       burn-in 3e4 and 5e4) on a laptop.</li>
 *   <li>{@link #closedFormMean}: the non-private mean alone, the part every release pays.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class LogEuclideanReleaseBenchmark {

    private static final int K = 30;
    private static final int N = 500;
    private static final long MCMC_BURN_IN = 10_000;

    private Geometry spd;
    private double[][] data;
    private DataBall ball;
    private TangentGaussian tangentGaussian;
    private RiemannianLaplace laplaceExact;
    private RiemannianLaplace laplaceMcmc;
    private FrechetMean mean;
    private UniformRandomProvider rng;

    @Setup
    public void setUp() {
        spd = Fixtures.geometry("spd/log-euclidean:k=" + K);
        GeneratedData generated = Fixtures.randomSpd(K, N);
        data = generated.points();
        ball = DataBall.declared(generated.center(), generated.radius());
        tangentGaussian = TangentGaussian.builder().calibration(GaussianCalibration.Method.ANALYTIC).build();
        laplaceExact = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.EXACT).build();
        laplaceMcmc = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.MCMC)
                .proposal(ProposalKind.CHART_RANDOM_WALK).burnIn(MCMC_BURN_IN).thin(1).build();
        mean = FrechetMean.builder().geometry(spd).build();
        rng = Fixtures.stream(20);
    }

    @Benchmark
    public Release<double[]> tangentGaussianRelease() {
        return tangentGaussian.release(spd, data, ball, PrivacyBudget.approximate(0.4, 1e-6), rng);
    }

    @Benchmark
    public Release<double[]> laplaceExactRelease() {
        return laplaceExact.release(spd, data, ball, PrivacyBudget.pure(0.4), rng);
    }

    @Benchmark
    @Warmup(iterations = 2, time = 1)
    @Measurement(iterations = 5, time = 1)
    public Release<double[]> laplaceMcmcRelease() {
        return laplaceMcmc.release(spd, data, ball, PrivacyBudget.pure(0.4), rng);
    }

    @Benchmark
    public FrechetMeanResult closedFormMean() {
        return mean.fit(data);
    }
}
