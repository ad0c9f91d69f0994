package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The sphere's kernels split into their per-block halves ({@link HessianSums.Blocks}, {@link LogSums.Blocks}): the
 * blocks summed by kernels prepared over each block's records alone (as another machine holding only those records
 * would) and added by the whole kernel give its own results bit for bit, farthest record included.
 */
class SphereSplitSumsTest {

    /** Two full blocks and a ragged odd one. */
    private static final int N = 2 * RecordBlocks.SIZE + 1001;

    private static double[][] block(double[][] data, int b) {
        return Arrays.copyOfRange(data, RecordBlocks.from(b), RecordBlocks.to(b, data.length));
    }

    @Test
    void newtonSumsFromSeparateBlockKernelsHaveTheWholeKernelsBits() {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse("sphere:d=2");
        Random random = new Random(261);
        double[] pole = {0, 0, 1};
        double[][] data = SphereLogSumsTest.ring(sphere, pole, random, N, 0, 0.5);
        // the farthest record in the last block, so that its index needs the block's offset
        data[N - 5] = SphereLogSumsTest.ring(sphere, pole, random, 1, 0.7, 0.7)[0];
        double[] at = SphereLogSumsTest.ring(sphere, pole, random, 1, 0.05, 0.1)[0];
        double[][] basis = new double[2][3];
        sphere.basis(at, basis);
        HessianSums.Blocks whole = (HessianSums.Blocks) sphere.prepareHessians(data);
        assertThat(whole.splits()).isTrue();
        double[] logSum = new double[3];
        double[] coordinates = new double[2];
        double[] hessian = new double[4];
        double objective = whole.evaluate(at, basis, logSum, coordinates, hessian);
        int farthest = whole.farthestIndex();
        double distance = whole.farthestDistance();
        int blocks = RecordBlocks.count(N);
        double[][] sums = new double[blocks][whole.blockWidth()];
        for (int b = 0; b < blocks; b++) {
            ((HessianSums.Blocks) sphere.prepareHessians(block(data, b))).blockSums(at, basis, 0, sums[b], 0);
        }
        double[] splitLog = new double[3];
        double[] splitCoordinates = new double[2];
        double[] splitHessian = new double[4];
        // a kernel over no records adds the blocks, as a driver that holds none would
        HessianSums.Blocks empty = (HessianSums.Blocks) sphere.prepareHessians(new double[0][]);
        double splitObjective = empty.evaluate(at, basis, sums, splitLog, splitCoordinates, splitHessian);
        assertThat(Double.doubleToRawLongBits(splitObjective)).isEqualTo(Double.doubleToRawLongBits(objective));
        assertThat(splitLog).isEqualTo(logSum);
        assertThat(splitCoordinates).isEqualTo(coordinates);
        assertThat(splitHessian).isEqualTo(hessian);
        assertThat(farthest).isEqualTo(N - 5);
        assertThat(empty.farthestIndex()).isEqualTo(farthest);
        assertThat(empty.farthestDistance()).isEqualTo(distance);
    }

    @Test
    void logSumsFromSeparateBlockKernelsHaveTheWholeKernelsBitsAtEveryPoint() {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse("sphere:d=2");
        Random random = new Random(262);
        double[] pole = {0, 0, 1};
        double[][] data = SphereLogSumsTest.ring(sphere, pole, random, N, 0, 0.5);
        double[][] points = SphereLogSumsTest.ring(sphere, pole, random, 5, 0.0, 0.3);
        LogSums.Blocks whole = (LogSums.Blocks) sphere.prepare(data);
        int blocks = RecordBlocks.count(N);
        double[][] sums = new double[blocks][points.length * whole.blockWidth()];
        for (int b = 0; b < blocks; b++) {
            ((LogSums.Blocks) sphere.prepare(block(data, b))).blockSums(points, points.length, 0, sums[b]);
        }
        for (int j = 0; j < points.length; j++) {
            double[] expected = new double[3];
            whole.sumOfLogs(points[j], expected);
            double[] split = new double[3];
            ((LogSums.Blocks) sphere.prepare(new double[0][])).sumOfLogs(points[j], j, sums, split);
            assertThat(split).isEqualTo(expected);
            double norm = Math.sqrt(split[0] * split[0] + split[1] * split[1] + split[2] * split[2]);
            assertThat(norm).isEqualTo(whole.normOfSumOfLogs(points[j]));
        }
    }

    @Test
    void aBlockBeyondTheFastRangeIsRefusedNotSummedDifferently() {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse("sphere:d=2");
        Random random = new Random(263);
        double[] pole = {0, 0, 1};
        double[][] data = SphereLogSumsTest.ring(sphere, pole, random, RecordBlocks.SIZE + 10, 0, 0.3);
        data[RecordBlocks.SIZE + 3] = SphereLogSumsTest.ring(sphere, pole, random, 1, 1.4, 1.4)[0];
        LogSums.Blocks whole = (LogSums.Blocks) sphere.prepare(data);
        double[][] sums = new double[2][whole.blockWidth()];
        for (int b = 0; b < 2; b++) {
            ((LogSums.Blocks) sphere.prepare(block(data, b))).blockSums(new double[][] {pole}, 1, 0, sums[b]);
        }
        assertThat(sums[0][3]).isEqualTo(1.0);
        assertThat(sums[1][3]).isEqualTo(0.0);
        assertThatThrownBy(() -> whole.sumOfLogs(pole, 0, sums, new double[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beyond angle pi/3");
        HessianSums.Blocks newton = (HessianSums.Blocks) sphere.prepareHessians(data);
        double[][] basis = new double[2][3];
        sphere.basis(pole, basis);
        double[][] hessianSums = new double[2][newton.blockWidth()];
        for (int b = 0; b < 2; b++) {
            ((HessianSums.Blocks) sphere.prepareHessians(block(data, b))).blockSums(pole, basis, 0, hessianSums[b], 0);
        }
        assertThatThrownBy(() -> newton.evaluate(pole, basis, hessianSums, new double[3], new double[2],
                new double[4])).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beyond angle pi/3");
        assertThat(((HessianSums.Blocks) Geometries.parse("sphere:d=3").capability(HessianSums.class).orElseThrow()
                .prepareHessians(new double[][] {{0, 0, 0, 1}})).splits()).isFalse();
    }
}
