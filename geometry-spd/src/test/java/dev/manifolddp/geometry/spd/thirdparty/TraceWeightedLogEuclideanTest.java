package dev.manifolddp.geometry.spd.thirdparty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.AmbientEmbedding;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A metric added outside the module, in one file, on the public SPD point set and eigensolver: its closed form at
 * commuting matrices, distance = norm of log (which ties the two independent formulas together), and the inherited
 * point set.
 */
class TraceWeightedLogEuclideanTest {

    private final TraceWeightedLogEuclidean metric = new TraceWeightedLogEuclidean(3, 0.75);

    @Test
    void closedFormAtDiagonalMatrices() {
        double[] identity = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        double a = 0.4;
        double b = -1.1;
        double c = 2.0;
        double[] q = {Math.exp(a), 0, 0, 0, Math.exp(b), 0, 0, 0, Math.exp(c)};
        double expected = Math.sqrt(a * a + b * b + c * c + 0.75 * (a + b + c) * (a + b + c));
        assertThat(metric.distance(identity, q)).isCloseTo(expected, within(1e-12));
    }

    @Test
    void distanceIsTheNormOfLogAndExpInvertsLog() {
        Random random = new Random(5);
        for (int t = 0; t < 50; t++) {
            double[] p = randomSpd(random);
            double[] q = randomSpd(random);
            double[] v = metric.log(p, q);
            assertThat(metric.norm(p, v)).isCloseTo(metric.distance(p, q), within(1e-9 * (1 + metric.distance(p, q))));
            double[] back = metric.exp(p, v);
            for (int i = 0; i < q.length; i++) {
                assertThat(back[i]).isCloseTo(q[i], within(1e-9 * (1 + Math.abs(q[i]))));
            }
        }
    }

    @Test
    void inheritsThePointSet() {
        assertThat(metric.layout().describe()).isEqualTo("3x3 symmetric matrix");
        assertThat(metric.dimension()).isEqualTo(6);
        assertThat(metric.pointViolation(new double[] {1, 0, 0, 0, -1, 0, 0, 0, 1}, 1e-9))
                .hasValueSatisfying(why -> assertThat(why).contains("not positive definite"));
        assertThat(metric.capability(AmbientEmbedding.class)).isPresent();
    }

    /** {@code A A^T + 0.1 I} for a random Gaussian A. */
    private static double[] randomSpd(Random random) {
        double[] a = new double[9];
        for (int i = 0; i < 9; i++) {
            a[i] = random.nextGaussian();
        }
        double[] p = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double sum = i == j ? 0.1 : 0;
                for (int m = 0; m < 3; m++) {
                    sum += a[i * 3 + m] * a[j * 3 + m];
                }
                p[i * 3 + j] = sum;
            }
        }
        return p;
    }
}
