package dev.manifolddp.benchmarks;

import dev.manifolddp.geometry.Geometry;
import java.util.concurrent.TimeUnit;
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
 * The geometric primitives the hot loops are made of, for reading the other benchmarks: the KNG density on S^2 is n
 * sphere logarithms, an affine-invariant SPD step is n distances' worth of eigendecompositions, a Kendall step is n
 * shape logarithms. Each uses the allocation-free {@code out} form where one exists, on two data points of the
 * benchmarks' own fixtures (so at a typical distance, away from the series branches near 0).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class GeometryPrimitivesBenchmark {

    /** Two points of the S^2 cap data (Soto et al. 2022, Fig. 1 left) and an output vector. */
    @State(Scope.Thread)
    public static class SphereState {
        Geometry sphere;
        double[] p;
        double[] q;
        double[] out;

        @Setup
        public void setUp() {
            sphere = Fixtures.geometry("sphere:d=2");
            double[][] points = Fixtures.sphereCap(sphere, 2).points();
            p = points[0];
            q = points[1];
            out = new double[3];
        }
    }

    /** Two random SPD(k) matrices of Utpala et al. 2023's setting, under the affine-invariant metric. */
    @State(Scope.Thread)
    public static class SpdState {
        @Param({"3", "30"})
        int k;
        Geometry spd;
        double[] p;
        double[] q;

        @Setup
        public void setUp() {
            spd = Fixtures.geometry("spd/affine-invariant:k=" + k);
            double[][] points = Fixtures.randomSpd(k, 2).points();
            p = points[0];
            q = points[1];
        }
    }

    /** Two pre-shapes of 50 landmarks at distance at most 0.6, as in the Kendall benchmarks. */
    @State(Scope.Thread)
    public static class KendallState {
        Geometry kendall;
        double[] p;
        double[] q;
        double[] out;

        @Setup
        public void setUp() {
            kendall = Fixtures.geometry("kendall:landmarks=50");
            double[][] points = Fixtures.kendallBall(kendall, 50, 2, 0.3).points();
            p = points[0];
            q = points[1];
            out = new double[100];
        }
    }

    /** {@code log(p, q)} on S^2 (Soto et al. 2022, §4.1). */
    @Benchmark
    public double[] sphereLog(SphereState state) {
        state.sphere.log(state.p, state.q, state.out);
        return state.out;
    }

    /** {@code rho(p, q) = |Logm(p^(-1/2) q p^(-1/2))|_F} on SPD(k) (Soto et al. 2022, §4.2), k = 3 and 30. */
    @Benchmark
    public double spdAffineInvariantDistance(SpdState state) {
        return state.spd.distance(state.p, state.q);
    }

    /** Horizontal {@code log(z, w)} on Kendall's shape space of 50 landmarks (Soto et al. 2022, §4.3). */
    @Benchmark
    public double[] kendallLog(KendallState state) {
        state.kendall.log(state.p, state.q, state.out);
        return state.out;
    }
}
