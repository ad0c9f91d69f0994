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
import org.junit.jupiter.api.Test;
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

    /**
     * The S^2 Newton sums, whose per-record values live in one block's arrays per thread, equal the oracle of the
     * documented formulas (SphereHessianSums' class comment) summed record by record in each block and the blocks
     * added in block order, bit for bit: the layout of the per-record values changes no addition.
     */
    @Test
    void theS2HessianSumsAreTheBlockOrderedSumsOfThePerRecordFormulasBitForBit() {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse("sphere:d=2");
        double[][] data = SphereLogSumsTest.ring(sphere, new double[] {0, 0, 1}, new Random(28), N, 0, 0.5);
        double[] at = {0.05, -0.02, Math.sqrt(1 - 0.05 * 0.05 - 0.02 * 0.02)};
        double[][] basis = new double[2][3];
        sphere.basis(at, basis);
        double half = 0.5 / (at[0] * at[0] + at[1] * at[1] + at[2] * at[2]);
        double[] total = null;
        int farthest = 0;
        for (int b = 0; b < RecordBlocks.count(N); b++) {
            // g0, g1, h00, h01, h11, cot, sum of rho^2, largest rho^2
            double[] s = {0, 0, 0, 0, 0, 0, 0, -1};
            int index = RecordBlocks.from(b);
            for (int i = RecordBlocks.from(b); i < RecordBlocks.to(b, N); i++) {
                double d0 = data[i][0] - at[0];
                double d1 = data[i][1] - at[1];
                double d2 = data[i][2] - at[2];
                double t = (d0 * d0 + d1 * d1 + d2 * d2) * half;
                double b0 = basis[0][0] * d0 + basis[0][1] * d1 + basis[0][2] * d2;
                double b1 = basis[1][0] * d0 + basis[1][1] * d1 + basis[1][2] * d2;
                double f = ThetaOverSine.at(t);
                double bb = b0 * b0 + b1 * b1;
                double c = f * (1 - t);
                double a = (1 - c) / Math.max(bb, Double.MIN_NORMAL);
                double rho2 = f * f * bb;
                s[0] += f * b0;
                s[1] += f * b1;
                s[2] += a * b0 * b0;
                s[3] += a * b0 * b1;
                s[4] += a * b1 * b1;
                s[5] += c;
                s[6] += rho2;
                if (rho2 > s[7]) {
                    s[7] = rho2;
                    index = i;
                }
            }
            if (total == null) {
                total = s;
                farthest = index;
                continue;
            }
            for (int k = 0; k < 7; k++) {
                total[k] += s[k];
            }
            if (s[7] > total[7]) {
                total[7] = s[7];
                farthest = index;
            }
        }
        HessianSums.Batch batch = inPool(2, () -> sphere.prepareHessians(data));
        double[] logSum = new double[3];
        double[] coordinates = new double[2];
        double[] hessian = new double[4];
        double sum = inPool(2, () -> batch.evaluate(at, basis, logSum, coordinates, hessian));
        assertThat(bits(coordinates)).isEqualTo(bits(total[0], total[1]));
        assertThat(bits(hessian)).isEqualTo(bits(total[5] + total[2], total[3], total[3], total[5] + total[4]));
        assertThat(bits(sum)).isEqualTo(bits(total[6]));
        assertThat(batch.farthestIndex()).isEqualTo(farthest);
        assertThat(bits(batch.farthestDistance())).isEqualTo(bits(Math.sqrt(total[7])));
    }
}
