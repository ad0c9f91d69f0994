package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sphere's kernels over more records than one block ({@link RecordBlocks}) give the same bits on 1, 2 and 3
 * threads (each run inside a pool of that many), and the sums of the generic loop to the kernels' contract.
 */
class SphereBlockSumsTest {

    /** Three full blocks and a ragged one, odd so that the two-per-step loops meet a lone record. */
    private static final int N = 3 * RecordBlocks.SIZE + 1001;

    private static <T> T inPool(int threads, Supplier<T> work) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(work::get).join();
        } finally {
            pool.shutdown();
        }
    }

    private static List<Long> bits(double... values) {
        List<Long> bits = new ArrayList<>();
        for (double v : values) {
            bits.add(Double.doubleToRawLongBits(v));
        }
        return bits;
    }

    @ParameterizedTest
    @ValueSource(strings = {"sphere:d=2", "sphere:d=4"})
    void theLogSumsHaveTheSameBitsOnOneTwoAndThreeThreads(String spec) {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse(spec);
        Random random = new Random(26);
        double[] x = new double[sphere.layout().length()];
        x[x.length - 1] = 1;
        double[][] data = SphereLogSumsTest.ring(sphere, x, random, N, 0, 0.5);
        double[] at = SphereLogSumsTest.ring(sphere, x, random, 1, 0.05, 0.1)[0];
        List<List<Long>> runs = new ArrayList<>();
        for (int threads = 1; threads <= 3; threads++) {
            runs.add(inPool(threads, () -> {
                LogSums.Batch batch = sphere.prepare(data);
                double[] sum = new double[at.length];
                batch.sumOfLogs(at, sum);
                List<Long> out = new ArrayList<>(bits(sum));
                out.addAll(bits(batch.normOfSumOfLogs(at)));
                return out;
            }));
        }
        assertThat(runs.get(1)).isEqualTo(runs.get(0));
        assertThat(runs.get(2)).isEqualTo(runs.get(0));
        double[] expected = new double[at.length];
        double scale = 0;
        for (double[] point : data) {
            double[] log = sphere.log(at, point);
            for (int j = 0; j < log.length; j++) {
                expected[j] += log[j];
            }
            scale += sphere.distance(at, point);
        }
        for (int j = 0; j < at.length; j++) {
            assertThat(Double.longBitsToDouble(runs.get(0).get(j))).isCloseTo(expected[j],
                    Offset.offset(1e-13 * scale));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sphere:d=2"})
    void theHessianSumsHaveTheSameBitsOnOneTwoAndThreeThreads(String spec) {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse(spec);
        Random random = new Random(27);
        double[] x = {0, 0, 1};
        double[][] data = SphereLogSumsTest.ring(sphere, x, random, N, 0, 0.5);
        // off the centre, so the farthest record lies in the rim of one block and must be found across blocks
        double[] at = {0.05, -0.02, Math.sqrt(1 - 0.05 * 0.05 - 0.02 * 0.02)};
        int d = sphere.dimension();
        double[][] basis = new double[d][3];
        sphere.basis(at, basis);
        List<List<Long>> runs = new ArrayList<>();
        for (int threads = 1; threads <= 3; threads++) {
            runs.add(inPool(threads, () -> {
                HessianSums.Batch batch = sphere.prepareHessians(data);
                double[] logSum = new double[3];
                double[] coordinates = new double[d];
                double[] hessian = new double[d * d];
                double sum = batch.evaluate(at, basis, logSum, coordinates, hessian);
                List<Long> out = new ArrayList<>(bits(logSum));
                out.addAll(bits(coordinates));
                out.addAll(bits(hessian));
                out.addAll(bits(sum, batch.farthestDistance(), batch.farthestIndex()));
                return out;
            }));
        }
        assertThat(runs.get(1)).isEqualTo(runs.get(0));
        assertThat(runs.get(2)).isEqualTo(runs.get(0));
        double squares = 0;
        double largest = -1;
        int index = -1;
        for (int i = 0; i < N; i++) {
            double rho = sphere.distance(at, data[i]);
            squares += rho * rho;
            if (rho > largest) {
                largest = rho;
                index = i;
            }
        }
        List<Long> run = runs.get(0);
        assertThat(Double.longBitsToDouble(run.get(run.size() - 3))).isCloseTo(squares, Offset.offset(1e-12 * squares));
        assertThat(Double.longBitsToDouble(run.get(run.size() - 1))).isEqualTo(index);
    }
}
