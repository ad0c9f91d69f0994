package dev.manifolddp.benchmarks;

import dev.manifolddp.estimators.FrechetGradient;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import java.util.concurrent.TimeUnit;
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
 * One evaluation of the KNG density's exponent for the Frechet mean, {@code |grad U(x; D)|_x = (1/n) |sum_i log(x,
 * x_i)|_x} ({@link FrechetGradient#gradientNorm}; Soto et al. 2022, §3): the cost of every Metropolis-Hastings step
 * and of every exact-sampler proposal that lands in the ball. Issue 4 item 8 names S^2 with n = 1000 (geomstats:
 * about 100 us); the affine-invariant SPD(2) field with n = 100 and the Kendall field with 50 landmarks and n = 400
 * are the per-step costs of the other two KNG chains benchmarked here.
 *
 * <p>The evaluation point is fixed, inside the ball and away from the mean (at distance 0.1 from the data's centre
 * towards a data point), so no branch for a vanishing gradient is taken.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class KngDensityBenchmark {

    /** S^2, n = 1000 points of the cap of radius pi/8 (Soto et al. 2022, Fig. 1 left). */
    @State(Scope.Thread)
    public static class Sphere {
        FrechetGradient field;
        double[] x;

        @Setup
        public void setUp() {
            Geometry sphere = Fixtures.geometry("sphere:d=2");
            GeneratedData data = Fixtures.sphereCap(sphere, 1000);
            field = new FrechetGradient(sphere, data.points());
            x = Fixtures.pointInBall(sphere, data.center(), data.points()[0], 0.1);
        }
    }

    /** Affine-invariant SPD(2), n = 100 Wishart matrices with rho(X, I) < 1.5 (Soto et al. 2022, Fig. 1 right). */
    @State(Scope.Thread)
    public static class Spd2 {
        FrechetGradient field;
        double[] x;

        @Setup
        public void setUp() {
            Geometry spd = Fixtures.geometry("spd/affine-invariant:k=2");
            GeneratedData data = Fixtures.wishart(spd, 100);
            field = new FrechetGradient(spd, data.points());
            x = Fixtures.pointInBall(spd, data.center(), data.points()[0], 0.1);
        }
    }

    /** Kendall shapes of 50 landmarks, n = 400, in a ball of radius 0.3 (Soto et al. 2022, Fig. 2's size). */
    @State(Scope.Thread)
    public static class Kendall {
        FrechetGradient field;
        double[] x;

        @Setup
        public void setUp() {
            Geometry kendall = Fixtures.geometry("kendall:landmarks=50");
            GeneratedData data = Fixtures.kendallBall(kendall, 50, 400, 0.3);
            field = new FrechetGradient(kendall, data.points());
            x = Fixtures.pointInBall(kendall, data.center(), data.points()[0], 0.1);
        }
    }

    @Benchmark
    public double sphereN1000(Sphere state) {
        return state.field.gradientNorm(state.x);
    }

    @Benchmark
    public double spdAffineInvariant2N100(Spd2 state) {
        return state.field.gradientNorm(state.x);
    }

    @Benchmark
    public double kendall50N400(Kendall state) {
        return state.field.gradientNorm(state.x);
    }
}
