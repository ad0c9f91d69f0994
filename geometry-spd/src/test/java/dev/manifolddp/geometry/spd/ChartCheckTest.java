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
        Random random = new Random(6);
        double[] indefinite = randomSpd(k, random);
        for (int i = 0; i < k; i++) {
            indefinite[i * k + i] -= 40; // the eigenvalues (below about 4) all become negative
        }
        double[] singular = new double[k * k];
        double[] asymmetric = randomSpd(k, random);
        asymmetric[1] += 1e-3;
        double[] nonFinite = randomSpd(k, random);
        nonFinite[7] = Double.NaN;
        double[] wrongLength = new double[k * k - 1];
        for (double[] bad : new double[][] {indefinite, singular, asymmetric, nonFinite, wrongLength, null}) {
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
