package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The affine-invariant SPD kernels' split forms ({@link LogSums.Blocks}, {@link HessianSums.Blocks}): each block summed by a kernel over that block's
 * records alone, the blocks added by a kernel over no records, gives the whole kernel's sums and norms bit for bit (the
 * norms by the k = 3 eigenvalue path, {@link LogSums.Blocks#normBlockSums}), and the Newton sums with the farthest
 * record, on more records than one block.
 */
class AffineInvariantSplitSumsTest {

    private static final int N = RecordBlocks.SIZE + 777;

    @Test
    void blocksSummedApartGiveTheWholeKernelsBits() {
        for (int k : new int[] {3, 4}) {
            AffineInvariantSpd spd = new AffineInvariantSpd(k);
            Random random = new Random(2640 + k);
            double[][] data = AffineInvariantLogSumsBatchTest.ball(spd, N, 0.8, random);
            double[][] points = AffineInvariantLogSumsBatchTest.ball(spd, 20, 0.5, random); // two task groups
            LogSums.Batch whole = spd.prepare(data);
            int blocks = RecordBlocks.count(N);
            int width = k * k;
            double[][] sums = new double[blocks][points.length * width];
            double[][] normSums = new double[blocks][points.length * width];
            for (int b = 0; b < blocks; b++) {
                double[][] block = Arrays.copyOfRange(data, RecordBlocks.from(b), RecordBlocks.to(b, N));
                LogSums.Blocks part = (LogSums.Blocks) spd.prepare(block);
                assertThat(part.blockWidth()).isEqualTo(width);
                part.blockSums(points, points.length, 0, sums[b]);
                part.normBlockSums(points, points.length, 0, normSums[b]);
            }
            LogSums.Blocks empty = (LogSums.Blocks) spd.prepare(new double[0][]);
            double[] norms = new double[points.length];
            whole.normsOfSumsOfLogs(points, points.length, norms);
            for (int j = 0; j < points.length; j++) {
                double[] expected = new double[width];
                double[] actual = new double[width];
                whole.sumOfLogs(points[j], expected);
                empty.sumOfLogs(points[j], j, sums, actual);
                assertThat(actual).as("k = %d, point %d: sum of logarithms", k, j).containsExactly(expected);
                assertThat(empty.normOfSumOfLogs(points[j], j, normSums)).as("k = %d, point %d: norm", k, j)
                        .isEqualTo(norms[j]);
            }
            if (k == 3) {
                // the norms' block sums take the eigenvalue path: not the sums' bits, so the two are kept apart
                assertThat(normSums[0]).isNotEqualTo(sums[0]);
            }
        }
    }

    @Test
    void newtonBlocksSummedApartGiveTheWholeKernelsBitsAndFarthestRecord() {
        AffineInvariantSpd spd = new AffineInvariantSpd(3);
        Random random = new Random(2650);
        double[][] data = AffineInvariantLogSumsBatchTest.ball(spd, N, 0.8, random);
        double[] x = AffineInvariantLogSumsBatchTest.ball(spd, 1, 0.3, random)[0];
        // the farthest record in the second block, so that its index must be made global again
        double far = Math.exp(4); // distance 4 sqrt(3) from the identity; every other record is within 1.1 of x
        data[RecordBlocks.SIZE + 5] = new double[] {far, 0, 0, 0, far, 0, 0, 0, far};
        double[][] basis = spd.basis(x);
        int d = spd.dimension();
        int length = spd.layout().length();
        HessianSums.Batch whole = spd.prepareHessians(data);
        double[][] expected = {new double[length], new double[d], new double[d * d]};
        double objective = whole.evaluate(x, basis, expected[0], expected[1], expected[2]);
        int blocks = RecordBlocks.count(N);
        HessianSums.Blocks empty = (HessianSums.Blocks) spd.prepareHessians(new double[0][]);
        assertThat(empty.splits()).isTrue();
        double[][] sums = new double[blocks][empty.blockWidth()];
        for (int b = 0; b < blocks; b++) {
            double[][] block = Arrays.copyOfRange(data, RecordBlocks.from(b), RecordBlocks.to(b, N));
            ((HessianSums.Blocks) spd.prepareHessians(block)).blockSums(x, basis, 0, sums[b], 0);
        }
        double[][] actual = {new double[length], new double[d], new double[d * d]};
        double combined = empty.evaluate(x, basis, sums, actual[0], actual[1], actual[2]);
        assertThat(Double.doubleToRawLongBits(combined)).isEqualTo(Double.doubleToRawLongBits(objective));
        assertThat(actual).isEqualTo(expected);
        assertThat(whole.farthestIndex()).isEqualTo(RecordBlocks.SIZE + 5);
        assertThat(empty.farthestIndex()).isEqualTo(whole.farthestIndex());
        assertThat(empty.farthestDistance()).isEqualTo(whole.farthestDistance());
    }
}
