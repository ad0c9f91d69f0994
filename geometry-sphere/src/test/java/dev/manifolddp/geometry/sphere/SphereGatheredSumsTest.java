package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/**
 * Flat records of S^2 beyond {@link SphereColumns#GATHERED_ABOVE} are not copied into the Newton kernel's columns but
 * gathered block by block as they are summed: the sums, the objective and the farthest record are those of the
 * kernel over the same records held one array per record (stored columns), bit for bit, on one and on two threads,
 * in range and on the per-record path a record beyond the polynomial's range takes.
 */
class SphereGatheredSumsTest {

    private static final int N = SphereColumns.GATHERED_ABOVE + RecordBlocks.SIZE / 2 + 3;

    @Test
    void gatheredBlocksGiveTheStoredColumnsBits() {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse("sphere:d=2");
        Random random = new Random(2611);
        double[] pole = {0, 0, 1};
        double[][] data = SphereLogSumsTest.ring(sphere, pole, random, N, 0, 0.5);
        data[N - 7] = SphereLogSumsTest.ring(sphere, pole, random, 1, 0.7, 0.7)[0];
        Records flat = flat(data);
        assertThat(SphereColumns.over(sphere, flat).stored()).isFalse();
        assertThat(SphereColumns.over(sphere, Records.of(data)).stored()).isTrue();
        double[] at = SphereLogSumsTest.ring(sphere, pole, random, 1, 0.05, 0.1)[0];
        sameEvaluation(sphere, data, flat, at, 1);
        sameEvaluation(sphere, data, flat, at, 2);
        // x far from some records: beyond the polynomial's range, the per-record path
        double[] far = SphereLogSumsTest.ring(sphere, pole, random, 1, 1.2, 1.2)[0];
        sameEvaluation(sphere, data, flat, far, 2);
    }

    private static void sameEvaluation(SphereGeometry sphere, double[][] data, Records flat, double[] at,
            int threads) {
        double[][] basis = new double[2][3];
        sphere.basis(at, basis);
        double[][] stored = evaluate(sphere.prepareHessians(data), at, basis, threads);
        double[][] gathered = evaluate(sphere.prepareHessians(flat), at, basis, threads);
        for (int k = 0; k < stored.length; k++) {
            for (int j = 0; j < stored[k].length; j++) {
                assertThat(Double.doubleToRawLongBits(gathered[k][j])).as("output %d[%d] on %d threads", k, j, threads)
                        .isEqualTo(Double.doubleToRawLongBits(stored[k][j]));
            }
        }
    }

    /** logSum, coordinates, hessian, {objective, farthest index, farthest distance}. */
    private static double[][] evaluate(HessianSums.Batch kernel, double[] at, double[][] basis, int threads) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(() -> {
                double[] logSum = new double[3];
                double[] coordinates = new double[2];
                double[] hessian = new double[4];
                double objective = kernel.evaluate(at, basis, logSum, coordinates, hessian);
                return new double[][] {logSum, coordinates, hessian,
                        {objective, kernel.farthestIndex(), kernel.farthestDistance()}};
            }).join();
        } finally {
            pool.shutdown();
        }
    }

    private static Records flat(double[][] data) {
        // two arrays, the split inside a block, as a file read in blocks of bytes gives them
        int first = RecordBlocks.SIZE + 12345;
        double[][] chunks = {new double[3 * first], new double[3 * (data.length - first) + 6]};
        for (int i = 0; i < data.length; i++) {
            System.arraycopy(data[i], 0, i < first ? chunks[0] : chunks[1], 3 * (i < first ? i : i - first), 3);
        }
        return Records.flat(chunks, new int[] {first, data.length - first}, 3);
    }
}
