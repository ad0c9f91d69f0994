package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The affine-invariant kernel's batched norms ({@link AffineInvariantLogSums#normsOfSumsOfLogs}, issue 26 item 3):
 * every value has the bits of the single-point {@code normOfSumOfLogs}, on one thread and on two, with one block of
 * records and with several; the k = 3 eigenvalue-only norms agree with the eigenvector path of {@code sumOfLogs};
 * a batch of one task allocates nothing.
 */
class AffineInvariantLogSumsBatchTest {

    @Test
    void batchedNormsHaveTheBitsOfSinglePointNormsOnAnyThreadCount() {
        for (int k : new int[] {3, 4}) {
            AffineInvariantSpd spd = new AffineInvariantSpd(k);
            Random random = new Random(260 + k);
            double[][] data = ball(spd, 700, 0.8, random);
            double[][] points = ball(spd, 40, 0.5, random); // 3 tasks of up to 16 points
            assertSameBits(spd.prepare(data), points, "k = " + k);
        }
    }

    @Test
    void severalBlocksOfRecordsAddInBlockOrderWhateverTheThreads() {
        AffineInvariantSpd spd = new AffineInvariantSpd(3);
        Random random = new Random(263);
        double[][] data = ball(spd, 2 * RecordBlocks.SIZE + 123, 0.8, random);
        double[][] points = ball(spd, 3, 0.5, random);
        LogSums.Batch batch = spd.prepare(data);
        assertSameBits(batch, points, "three blocks");
        // and the value is the norm of the sum of logarithms, to the kernel contract's 1e-13
        double[] norms = new double[points.length];
        batch.normsOfSumsOfLogs(points, points.length, norms);
        for (int j = 0; j < points.length; j++) {
            double reference = genericNorm(spd, data, points[j]);
            assertThat(Math.abs(norms[j] - reference)).as("point %d", j).isLessThanOrEqualTo(1e-13 * data.length);
        }
    }

    @Test
    void eigenvalueOnlyNormsAgreeWithTheEigenvectorPath() {
        AffineInvariantSpd spd = new AffineInvariantSpd(3);
        Random random = new Random(264);
        for (double radius : new double[] {0.01, 0.5, 1.4, 3}) { // at 3 some records leave SymmetricLog3's range
            double[][] data = ball(spd, 300, radius, random);
            double[][] points = ball(spd, 20, radius, random);
            points[0] = data[7].clone(); // a record at the point: whitened identity, a triple eigenvalue
            data[8] = spd.exp(points[1], scaledIdentityTangent(points[1], 0.3)); // whitened 1.35 I
            LogSums.Batch batch = spd.prepare(data);
            double[] norms = new double[points.length];
            batch.normsOfSumsOfLogs(points, points.length, norms);
            double[] sum = new double[9];
            for (int j = 0; j < points.length; j++) {
                batch.sumOfLogs(points[j], sum);
                double reference = spd.norm(points[j], sum);
                double scale = 0;
                for (double[] record : data) {
                    scale += spd.distance(points[j], record);
                }
                assertThat(Math.abs(norms[j] - reference)).as("radius %s, point %d", radius, j)
                        .isLessThanOrEqualTo(1e-13 * scale + 1e-15);
            }
        }
    }

    @Test
    void aBatchOfOneTaskAllocatesNothing() {
        Assumptions.assumeTrue(Allocations.supported(), "no per-thread allocation counter in this JVM");
        AffineInvariantSpd spd = new AffineInvariantSpd(3);
        Random random = new Random(265);
        LogSums.Batch batch = spd.prepare(ball(spd, 200, 0.5, random));
        double[][] points = ball(spd, AffineInvariantLogSums.POINTS_PER_TASK, 0.5, random);
        double[] out = new double[points.length];
        assertThat(Allocations.bytesPerCall(() -> batch.normsOfSumsOfLogs(points, points.length, out), 200))
                .isZero();
    }

    /** Batched, single-point, one thread and two threads: the same bits for every point. */
    private static void assertSameBits(LogSums.Batch batch, double[][] points, String what) {
        double[] single = new double[points.length];
        for (int j = 0; j < points.length; j++) {
            single[j] = batch.normOfSumOfLogs(points[j]);
        }
        for (int threads = 1; threads <= 2; threads++) {
            double[] batched = new double[points.length];
            ForkJoinPool pool = new ForkJoinPool(threads);
            try {
                LogSums.Batch copy = batch.copy();
                pool.submit(() -> copy.normsOfSumsOfLogs(points, points.length, batched)).join();
            } finally {
                pool.shutdown();
            }
            for (int j = 0; j < points.length; j++) {
                assertThat(Double.doubleToRawLongBits(batched[j])).as("%s, %d threads, point %d", what, threads, j)
                        .isEqualTo(Double.doubleToRawLongBits(single[j]));
            }
        }
    }

    /** {@code |sum_i log(x, x_i)|_x} by the geometry's own log, record by record. */
    private static double genericNorm(AffineInvariantSpd spd, double[][] data, double[] x) {
        double[] sum = new double[x.length];
        double[] log = new double[x.length];
        for (double[] record : data) {
            spd.log(x, record, log);
            for (int e = 0; e < sum.length; e++) {
                sum[e] += log[e];
            }
        }
        return spd.norm(x, sum);
    }

    /** The tangent vector {@code t x} at x, whose exponential is {@code e^t x}: whitened by x, {@code e^t I}. */
    private static double[] scaledIdentityTangent(double[] x, double t) {
        double[] v = x.clone();
        for (int e = 0; e < v.length; e++) {
            v[e] *= t;
        }
        return v;
    }

    /** n points {@code exp_I(V)}, V symmetric with Frobenius norm uniform below {@code radius}. */
    static double[][] ball(AffineInvariantSpd spd, int n, double radius, Random random) {
        int k = spd.matrixSize();
        double[] identity = new double[k * k];
        for (int i = 0; i < k; i++) {
            identity[i * k + i] = 1;
        }
        double[][] points = new double[n][];
        for (int p = 0; p < n; p++) {
            double[] v = new double[k * k];
            double norm = 0;
            for (int i = 0; i < k; i++) {
                for (int j = i; j < k; j++) {
                    double value = random.nextGaussian();
                    v[i * k + j] = value;
                    v[j * k + i] = value;
                    norm += (i == j ? 1 : 2) * value * value;
                }
            }
            double scale = radius * random.nextDouble() / Math.sqrt(norm);
            for (int e = 0; e < v.length; e++) {
                v[e] *= scale;
            }
            points[p] = spd.exp(identity, v);
        }
        return points;
    }
}
