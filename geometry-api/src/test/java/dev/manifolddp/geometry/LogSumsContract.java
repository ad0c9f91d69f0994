package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.function.Function;

/**
 * The properties of a {@link LogSums} kernel, checked on seeded random data sets (run by
 * {@link GeometryContractTest} for every geometry that claims it): both sums agree with the generic loop of the
 * geometry's {@code log} to the capability's 1e-13, for data clouds from tight (where polynomial kernels are most
 * accurate) to spread out to {@code maxDistance} from x; a copy gives the same numbers; the kernel does not see
 * later changes to the caller's arrays; and wrong lengths are refused.
 *
 * <p>The allowance is {@code 1e-13 sum_i |log(x, x_i)|_x + 1e-14 n m}, with m the largest absolute entry of x and
 * the data: the generic loop itself forms each logarithm from differences of entries of size m (on the sphere
 * {@code x_i - cos(theta) x}), so it carries an absolute error of a few ulps of m per record, however tight the data.
 */
public final class LogSumsContract {

    private static final int TRIALS = 40;
    private static final double RELATIVE = 1e-13;

    private LogSumsContract() {
    }

    /**
     * @param maxDistance the largest rho(x, x_i) tried, below the injectivity radius
     */
    public static void check(Geometry geometry, Function<Random, double[]> points, double maxDistance) {
        LogSums sums = geometry.capability(LogSums.class).orElseThrow();
        int length = geometry.layout().length();
        Random random = new Random(43);
        for (int trial = 0; trial < TRIALS; trial++) {
            double[] x = points.apply(random);
            int n = 1 + random.nextInt(trial < TRIALS / 2 ? 5 : 300);
            // spreads from 1e-8 (almost coincident points) to maxDistance, so every branch of a kernel is reached
            double spread = maxDistance * Math.pow(1e-8, 1.0 - (trial + 1.0) / TRIALS);
            double[][] data = new double[n][];
            for (int i = 0; i < n; i++) {
                data[i] = pointWithin(geometry, x, random, spread);
            }
            double[] expected = new double[length];
            double scale = 0;
            double[] log = new double[length];
            for (double[] point : data) {
                geometry.log(x, point, log);
                scale += geometry.norm(x, log);
                for (int j = 0; j < length; j++) {
                    expected[j] += log[j];
                }
            }
            double magnitude = maxAbs(x);
            for (double[] point : data) {
                magnitude = Math.max(magnitude, maxAbs(point));
            }
            double allowed = RELATIVE * scale + 1e-14 * n * magnitude;
            double[][] kept = new double[n][];
            for (int i = 0; i < n; i++) {
                kept[i] = data[i].clone();
            }
            LogSums.Batch batch = sums.prepare(data);
            for (double[] point : data) {
                java.util.Arrays.fill(point, Double.NaN); // the kernel must have copied what it keeps
            }
            assertThat(batch.size()).isEqualTo(n);
            double[] actual = new double[length];
            batch.sumOfLogs(x, actual);
            for (int j = 0; j < length; j++) {
                assertThat(actual[j]).as("trial %d (n = %d, spread %.2g): sum of logs [%d]", trial, n, spread, j)
                        .isCloseTo(expected[j], org.assertj.core.data.Offset.offset(allowed));
            }
            assertThat(batch.normOfSumOfLogs(x)).as("trial %d: norm of the sum", trial)
                    .isCloseTo(geometry.norm(x, expected), org.assertj.core.data.Offset.offset(allowed));
            LogSums.Batch copy = batch.copy();
            assertThat(copy.normOfSumOfLogs(x)).as("copy").isEqualTo(batch.normOfSumOfLogs(x));
            double[] fromPrepareAgain = new double[length];
            sums.prepare(kept).sumOfLogs(x, fromPrepareAgain);
            assertThat(fromPrepareAgain).as("deterministic").containsExactly(actual);
            if (batch instanceof LogSums.Blocks split) {
                splitHasTheSameBits(sums, split, kept, x, actual, trial);
            }
        }
        double[] x = points.apply(random);
        LogSums.Batch batch = sums.prepare(new double[][] {x.clone()});
        assertThatThrownBy(() -> batch.sumOfLogs(x, new double[length + 1])).isInstanceOf(
                IllegalArgumentException.class);
        assertThatThrownBy(() -> batch.normOfSumOfLogs(new double[length + 1])).isInstanceOf(
                IllegalArgumentException.class);
    }

    /**
     * A kernel's split form ({@link LogSums.Blocks}): its one block's sums (n is at most 300 here), added by a kernel
     * over no records, give the whole kernel's bits, or a refusal (a record on the kernel's per-record path).
     */
    private static void splitHasTheSameBits(LogSums sums, LogSums.Blocks split, double[][] kept, double[] x,
                                            double[] expected, int trial) {
        double[][] block = {new double[split.blockWidth()]};
        ((LogSums.Blocks) sums.prepare(kept)).blockSums(new double[][] {x}, 1, 0, block[0]);
        LogSums.Blocks empty = (LogSums.Blocks) sums.prepare(new double[0][]);
        double[] combined = new double[expected.length];
        try {
            empty.sumOfLogs(x, 0, block, combined);
        } catch (IllegalArgumentException refused) {
            return;
        }
        assertThat(combined).as("trial %d: the split kernel's sum", trial).containsExactly(expected);
        double[][] normBlock = {new double[split.blockWidth()]};
        ((LogSums.Blocks) sums.prepare(kept)).normBlockSums(new double[][] {x}, 1, 0, normBlock[0]);
        assertThat(empty.normOfSumOfLogs(x, 0, normBlock)).as("trial %d: the split kernel's norm", trial)
                .isEqualTo(split.normOfSumOfLogs(x));
    }

    private static double maxAbs(double[] v) {
        double max = 0;
        for (double value : v) {
            max = Math.max(max, Math.abs(value));
        }
        return max;
    }

    /** A point at a uniform random distance up to {@code spread} from x, in a Gaussian direction. */
    static double[] pointWithin(Geometry geometry, double[] x, Random random, double spread) {
        double[] ambient = new double[x.length];
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = random.nextGaussian();
        }
        double[] v = geometry.projectToTangent(x, ambient);
        double norm = geometry.norm(x, v);
        double distance = spread * random.nextDouble();
        for (int i = 0; i < v.length; i++) {
            v[i] *= distance / norm;
        }
        return geometry.exp(x, v);
    }
}
