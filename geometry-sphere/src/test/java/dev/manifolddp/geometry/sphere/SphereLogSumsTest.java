package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.LogSums;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The sphere's {@link LogSums} kernel on the cases the shared contract does not single out: records on both sides
 * of the polynomial's range (angle pi/3) in one data set, an odd n (the S^2 loop takes two records per step), the
 * cut locus and non-finite x refused as {@code log} refuses them, and no allocation per call.
 */
class SphereLogSumsTest {

    /** Records at angles drawn from [lo, hi] from x, in random directions. */
    static double[][] ring(SphereGeometry sphere, double[] x, Random random, int n, double lo, double hi) {
        double[][] data = new double[n][];
        for (int i = 0; i < n; i++) {
            double[] ambient = new double[x.length];
            for (int j = 0; j < ambient.length; j++) {
                ambient[j] = random.nextGaussian();
            }
            double[] v = sphere.projectToTangent(x, ambient);
            double norm = sphere.norm(x, v);
            double angle = lo + (hi - lo) * random.nextDouble();
            for (int j = 0; j < v.length; j++) {
                v[j] *= sphere.radius() * angle / norm;
            }
            data[i] = sphere.exp(x, v);
        }
        return data;
    }

    private static double[] genericSum(SphereGeometry sphere, double[] x, double[][] data) {
        double[] sum = new double[x.length];
        for (double[] point : data) {
            double[] log = sphere.log(x, point);
            for (int j = 0; j < sum.length; j++) {
                sum[j] += log[j];
            }
        }
        return sum;
    }

    @ParameterizedTest
    @ValueSource(strings = {"sphere:d=2", "sphere:d=2,radius=1e-3", "sphere:d=5,radius=2.5", "sphere:d=1"})
    void recordsOnBothSidesOfThePolynomialRangeAgreeWithTheGenericLoop(String spec) {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse(spec);
        Random random = new Random(7);
        double[] x = new double[sphere.layout().length()];
        for (int j = 0; j < x.length; j++) {
            x[j] = random.nextGaussian();
        }
        sphere.project(x.clone(), x);
        for (int n : new int[] {1, 2, 3, 101}) {
            double[][] near = ring(sphere, x, random, n, Math.PI / 3 - 1e-9, Math.PI / 3 + 1e-9);
            double[][] mixed = ring(sphere, x, random, n, 0, 2.8);
            for (double[][] data : new double[][][] {near, mixed}) {
                double[] expected = genericSum(sphere, x, data);
                double scale = 0;
                for (double[] point : data) {
                    scale += sphere.distance(x, point);
                }
                LogSums.Batch batch = sphere.prepare(data);
                double[] actual = new double[x.length];
                batch.sumOfLogs(x, actual);
                for (int j = 0; j < x.length; j++) {
                    assertThat(actual[j]).as("%s, n = %d, coordinate %d", spec, n, j)
                            .isCloseTo(expected[j], org.assertj.core.data.Offset.offset(1e-14 * scale));
                }
                assertThat(batch.normOfSumOfLogs(x)).isCloseTo(sphere.norm(x, expected),
                        org.assertj.core.data.Offset.offset(1e-14 * scale));
            }
        }
    }

    @Test
    void tightDataKeepTheRelativeAccuracyOfSmallAngles() {
        // all records within 1e-7 of x on the unit sphere: the sum is about 1e-5 and must still agree to 1e-13
        // relative, which a cosine-based form (sum_i f_i x_i - C x, entries of size 1) could not
        SphereGeometry sphere = (SphereGeometry) Geometries.parse("sphere:d=2");
        Random random = new Random(11);
        double[] x = {0.6, 0.0, 0.8};
        double[][] data = ring(sphere, x, random, 1000, 0, 1e-7);
        double[] expected = genericSum(sphere, x, data);
        double[] actual = new double[3];
        sphere.prepare(data).sumOfLogs(x, actual);
        double scale = 0;
        for (double[] point : data) {
            scale += sphere.distance(x, point);
        }
        for (int j = 0; j < 3; j++) {
            assertThat(actual[j]).isCloseTo(expected[j], org.assertj.core.data.Offset.offset(1e-13 * scale));
        }
    }

    @Test
    void antipodeAndNonFiniteXAreRefused() {
        SphereGeometry sphere = (SphereGeometry) Geometries.parse("sphere:d=2");
        double[] x = {0, 0, 1};
        LogSums.Batch batch = sphere.prepare(new double[][] {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}});
        assertThatThrownBy(() -> batch.normOfSumOfLogs(x)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("antipode");
        LogSums.Batch fine = sphere.prepare(new double[][] {{1, 0, 0}});
        assertThatThrownBy(() -> fine.normOfSumOfLogs(new double[] {0, Double.NaN, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite");
        assertThatThrownBy(() -> fine.normOfSumOfLogs(new double[] {0, Double.POSITIVE_INFINITY, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite");
        assertThatThrownBy(() -> sphere.prepare((double[][]) null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("data is null");
    }

    @Test
    void callsAllocateNothing() {
        if (!Allocations.supported()) {
            return;
        }
        SphereGeometry sphere = (SphereGeometry) Geometries.parse("sphere:d=2");
        double[] x = {0.6, 0.0, 0.8};
        double[][] data = ring(sphere, x, new Random(3), 101, 0, 2.0);
        LogSums.Batch batch = sphere.prepare(data);
        double[] out = new double[3];
        assertThat(Allocations.bytesPerCall(() -> batch.sumOfLogs(x, out), 2_000)).isLessThan(1.0);
        assertThat(Allocations.bytesPerCall(() -> batch.normOfSumOfLogs(x), 2_000)).isLessThan(1.0);
    }
}
