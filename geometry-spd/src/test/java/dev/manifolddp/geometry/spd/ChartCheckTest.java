package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.GeometryChecks;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code toChartChecked} on log-Euclidean SPD reads the point test off the logarithm's decomposition: it must
 * accept and reject exactly what {@code requirePoint} does, with its message, and give {@code toChart}'s coordinates.
 */
class ChartCheckTest {

    @Test
    void pointsGiveTheChartCoordinatesBitForBit() {
        Random random = new Random(5);
        for (int k : new int[] {1, 2, 3, 7, 30}) {
            LogEuclideanSpd g = new LogEuclideanSpd(k);
            for (int t = 0; t < 5; t++) {
                double[] p = randomSpd(k, random);
                double[] expected = new double[g.dimension()];
                g.toChart(p, expected);
                double[] checked = new double[g.dimension()];
                g.toChartChecked(g, "p", p, checked);
                assertThat(checked).containsExactly(expected);
            }
        }
    }

    @Test
    void nonPointsFailWithThePointCheckMessage() {
        int k = 5;
        LogEuclideanSpd g = new LogEuclideanSpd(k);
        for (double[] bad : nonPoints(k, new Random(6))) {
            String expected = null;
            try {
                GeometryChecks.requirePoint(g, "record 3", bad);
            } catch (IllegalArgumentException e) {
                expected = e.getMessage();
            }
            assertThat(expected).as("requirePoint must reject it").isNotNull();
            assertThatThrownBy(() -> g.toChartChecked(g, "record 3", bad, new double[g.dimension()]))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage(expected);
        }
    }

    @Test
    void groupedRecordsGiveTheRecordByRecordCoordinatesBitForBit() {
        Random random = new Random(7);
        for (int k : new int[] {1, 2, 3, 30}) {
            LogEuclideanSpd g = new LogEuclideanSpd(k);
            // n around the group size and its multiples, so that the last group is partial or full
            for (int n : new int[] {1, 2, 3, 4, 5, 8, 9, 11}) {
                double[][] records = new double[n][];
                double[][] expected = new double[n][g.dimension()];
                for (int i = 0; i < n; i++) {
                    records[i] = randomSpd(k, random);
                    g.toChartChecked(g, "p", records[i], expected[i]);
                }
                double[][] grouped = new double[n][g.dimension()];
                g.toChartCheckedAll(g, records, i -> "record " + i, grouped);
                for (int i = 0; i < n; i++) {
                    assertThat(grouped[i]).as("k = %d, n = %d, record %d", k, n, i).containsExactly(expected[i]);
                }
            }
        }
    }

    @Test
    void groupedRecordsFailAtTheFirstNonPointInOrder() {
        int k = 4;
        LogEuclideanSpd g = new LogEuclideanSpd(k);
        Random random = new Random(8);
        double[][] bad = nonPoints(k, random);
        // every pair of bad records at positions a < b, within one group and across groups
        for (double[] first : bad) {
            for (double[] second : bad) {
                for (int[] at : new int[][] {{1, 2}, {2, 1}, {0, 3}, {3, 5}, {6, 9}}) {
                    double[][] records = new double[10][];
                    for (int i = 0; i < records.length; i++) {
                        records[i] = randomSpd(k, random);
                    }
                    records[at[0]] = first;
                    records[at[1]] = second;
                    String expected = null;
                    try {
                        for (int i = 0; i < records.length; i++) {
                            g.toChartChecked(g, "record " + i, records[i], new double[g.dimension()]);
                        }
                    } catch (IllegalArgumentException e) {
                        expected = e.getMessage();
                    }
                    assertThat(expected).containsPattern("^record " + Math.min(at[0], at[1]) + "\\b");
                    assertThatThrownBy(() -> g.toChartCheckedAll(g, records, i -> "record " + i,
                            new double[records.length][g.dimension()]))
                            .isInstanceOf(IllegalArgumentException.class).hasMessage(expected);
                }
            }
        }
    }

    /** Indefinite, singular, asymmetric, non-finite, of the wrong length, and null (k >= 3). */
    private static double[][] nonPoints(int k, Random random) {
        double[] indefinite = randomSpd(k, random);
        for (int i = 0; i < k; i++) {
            indefinite[i * k + i] -= 40; // the eigenvalues (below about 4) all become negative
        }
        double[] singular = new double[k * k];
        double[] asymmetric = randomSpd(k, random);
        asymmetric[1] += 1e-3;
        double[] nonFinite = randomSpd(k, random);
        nonFinite[7] = Double.NaN;
        return new double[][] {indefinite, singular, asymmetric, nonFinite, new double[k * k - 1], null};
    }

    /** {@code A A^T / k + 0.1 I} with a standard normal A: positive definite, condition number about 10^2 to 10^3. */
    static double[] randomSpd(int k, Random random) {
        double[] a = new double[k * k];
        for (int i = 0; i < a.length; i++) {
            a[i] = random.nextGaussian();
        }
        double[] s = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    sum += a[i * k + l] * a[j * k + l];
                }
                s[i * k + j] = sum / k + (i == j ? 0.1 : 0);
            }
        }
        return s;
    }
}
