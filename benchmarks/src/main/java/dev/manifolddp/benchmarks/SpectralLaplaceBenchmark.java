package dev.manifolddp.benchmarks;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.exact.SpectralLaplaceSampler;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One exact draw of the Riemannian Laplace on affine-invariant SPD(k) ({@link SpectralLaplaceSampler}; Hajri et al.
 * 2016; docs/exact-sampling.md) at a given fraction of the scale limit {@code sqrt(12 / (k (k^2 - 1)))}: the
 * log-spectrum by rejection, a Haar rotation and {@code xbar^(1/2) Q diag(e^r) Q^T xbar^(1/2)}. The time includes the
 * rejected proposals, so it follows the acceptance table of docs/exact-sampling.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class SpectralLaplaceBenchmark {

    @Param({"2", "5"})
    public int k;

    @Param({"0.1", "0.9"})
    public double fractionOfLimit;

    private SpectralLaplaceSampler sampler;
    private double[] center;
    private double[] out;
    private double sigma;
    private UniformRandomProvider rng;

    @Setup
    public void setUp() {
        Geometry spd = Fixtures.geometry("spd/affine-invariant:k=" + k);
        sampler = new SpectralLaplaceSampler(spd);
        center = new double[k * k];
        for (int i = 0; i < k; i++) {
            center[i * k + i] = 1 + 0.5 * i;
            if (i + 1 < k) {
                center[i * k + i + 1] = 0.2;
                center[(i + 1) * k + i] = 0.2;
            }
        }
        out = new double[k * k];
        sigma = fractionOfLimit * sampler.scaleLimit();
        rng = RandomStreams.seeded(2016L).stream(0, 0);
    }

    @Benchmark
    public double[] exactDraw() {
        sampler.sample(center, sigma, rng, out);
        return out;
    }
}
