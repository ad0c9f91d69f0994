package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/**
 * The affine-invariant Newton sums ({@link AffineInvariantHessianSums}, issue 26 item 2): one block has the bits of
 * the Frechet mean's per-record loop (written out here), and several blocks the same bits on one and two threads.
 * (Agreement with the generic loop to 1e-13 is the {@code HessianSums} contract, run by {@link SpdContractTest}.)
 */
class AffineInvariantHessianSumsTest {

    @Test
    void oneBlockHasTheBitsOfThePerRecordLoop() {
        AffineInvariantSpd spd = new AffineInvariantSpd(3);
        Random random = new Random(271);
        double[][] data = points(spd, 500, random);
        double[] x = points(spd, 1, random)[0];
        Sums fused = fused(spd.prepareHessians(data), spd, x, 1);
        int d = spd.dimension();
        Sums loop = new Sums(9, d);
        double[] log = new double[9];
        double[] coordinates = new double[d];
        loop.farthestDistance = -1;
        for (int i = 0; i < data.length; i++) {
            double distance = spd.addLogAndHessian(x, data[i], spd.basis(x), log, coordinates, loop.hessian);
            loop.objective += distance * distance;
            if (distance > loop.farthestDistance) {
                loop.farthestDistance = distance;
                loop.farthestIndex = i;
            }
            for (int j = 0; j < 9; j++) {
                loop.log[j] += log[j];
            }
            for (int j = 0; j < d; j++) {
                loop.coordinates[j] += coordinates[j];
            }
        }
        assertThat(fused).usingRecursiveComparison().isEqualTo(loop);
    }

    @Test
    void severalBlocksHaveTheSameBitsOnOneAndTwoThreads() {
        AffineInvariantSpd spd = new AffineInvariantSpd(2);
        Random random = new Random(272);
        double[][] data = points(spd, 2 * RecordBlocks.SIZE + 5, random);
        data[RecordBlocks.SIZE + 3] = spd.exp(points(spd, 1, random)[0], new double[] {4, 0, 0, -4}); // farthest
        double[] x = points(spd, 1, random)[0];
        HessianSums.Batch sums = spd.prepareHessians(data);
        Sums one = fused(sums, spd, x, 1);
        Sums two = fused(sums.copy(), spd, x, 2);
        assertThat(two).usingRecursiveComparison().isEqualTo(one);
        assertThat(one.farthestIndex).isEqualTo(RecordBlocks.SIZE + 3);
    }

    private static Sums fused(HessianSums.Batch sums, AffineInvariantSpd spd, double[] x, int threads) {
        int d = spd.dimension();
        int length = spd.layout().length();
        Sums out = new Sums(length, d);
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            out.objective = pool.submit(() -> sums.evaluate(x, spd.basis(x), out.log, out.coordinates, out.hessian))
                    .join();
        } finally {
            pool.shutdown();
        }
        out.farthestIndex = sums.farthestIndex();
        out.farthestDistance = sums.farthestDistance();
        return out;
    }

    /** Every output of one evaluation (compared field by field, doubles by bits via equals). */
    static final class Sums {
        final double[] log;
        final double[] coordinates;
        final double[] hessian;
        double objective;
        int farthestIndex;
        double farthestDistance;

        Sums(int length, int d) {
            log = new double[length];
            coordinates = new double[d];
            hessian = new double[d * d];
        }

        @Override
        public String toString() {
            return Arrays.toString(log) + Arrays.toString(coordinates) + Arrays.toString(hessian) + objective + " "
                    + farthestIndex + " " + farthestDistance;
        }
    }

    private static double[][] points(AffineInvariantSpd spd, int n, Random random) {
        int k = spd.matrixSize();
        double[] identity = new double[k * k];
        for (int i = 0; i < k; i++) {
            identity[i * k + i] = 1;
        }
        double[][] points = new double[n][];
        for (int p = 0; p < n; p++) {
            double[] v = new double[k * k];
            for (int i = 0; i < k; i++) {
                for (int j = i; j < k; j++) {
                    double value = 0.3 * random.nextGaussian();
                    v[i * k + j] = value;
                    v[j * k + i] = value;
                }
            }
            points[p] = spd.exp(identity, v);
        }
        return points;
    }
}
