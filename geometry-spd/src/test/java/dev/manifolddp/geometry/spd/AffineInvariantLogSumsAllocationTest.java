package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.LogSums;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The hot paths of an SPD(2) KNG chain allocate nothing per call: both {@link LogSums} kernels (k = 2 closed form,
 * k = 3 eigen route) and the k = 2 closed forms of exp, log, distance and inner.
 */
class AffineInvariantLogSumsAllocationTest {

    @Test
    void kernelsAndClosedFormsAllocateNothing() {
        Assumptions.assumeTrue(Allocations.supported(), "no per-thread allocation counter in this JVM");
        for (int k : new int[] {2, 3}) {
            AffineInvariantSpd spd = new AffineInvariantSpd(k);
            double[][] data = new double[50][];
            Random random = new Random(k);
            for (int i = 0; i < data.length; i++) {
                data[i] = spd.exp(identity(k), randomSymmetric(k, random));
            }
            LogSums.Batch batch = spd.prepare(data);
            double[] x = data[0];
            double[] out = new double[k * k];
            assertThat(Allocations.bytesPerCall(() -> batch.normOfSumOfLogs(x), 2000)).as("norm, k = %d", k)
                    .isZero();
            assertThat(Allocations.bytesPerCall(() -> batch.sumOfLogs(x, out), 2000)).as("sum, k = %d", k).isZero();
            double[] y = data[1];
            double[] v = randomSymmetric(k, random);
            assertThat(Allocations.bytesPerCall(() -> {
                spd.exp(x, v, out);
                spd.log(x, y, out);
                spd.distance(x, y);
                spd.inner(x, v, v);
            }, 2000)).as("exp, log, distance, inner, k = %d", k).isZero();
        }
    }

    private static double[] identity(int k) {
        double[] id = new double[k * k];
        for (int i = 0; i < k; i++) {
            id[i * k + i] = 1;
        }
        return id;
    }

    private static double[] randomSymmetric(int k, Random random) {
        double[] v = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double value = 0.5 * random.nextGaussian();
                v[i * k + j] = value;
                v[j * k + i] = value;
            }
        }
        return v;
    }
}
