package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The ball check through an isometric chart gives the geometry's distances and the same boundary. */
class DataBallChartTest {

    private static final int K = 4;
    private final Geometry spd = Geometries.parse("spd/log-euclidean:k=" + K);

    /** {@code Expm(t S)} for a fixed symmetric S of unit Frobenius norm, at distance |t| from the identity. */
    private double[] alongRay(double[] direction, double t) {
        double[] v = direction.clone();
        for (int j = 0; j < v.length; j++) {
            v[j] *= t;
        }
        double[] out = new double[v.length];
        spd.exp(identity(), v, out);
        return out;
    }

    private static double[] identity() {
        double[] identity = new double[K * K];
        for (int i = 0; i < K; i++) {
            identity[i * K + i] = 1;
        }
        return identity;
    }

    private static double[] unitSymmetric(SplittableRandom random) {
        double[] s = new double[K * K];
        for (int i = 0; i < K; i++) {
            for (int j = i; j < K; j++) {
                double value = random.nextDouble() - 0.5;
                s[i * K + j] = value;
                s[j * K + i] = value;
            }
        }
        double norm = 0;
        for (double value : s) {
            norm += value * value;
        }
        norm = Math.sqrt(norm);
        for (int j = 0; j < s.length; j++) {
            s[j] /= norm;
        }
        return s;
    }

    @Test
    void chartDistanceEqualsGeometryDistance() {
        SplittableRandom random = new SplittableRandom(3);
        double[] center = alongRay(unitSymmetric(random), 0.7);
        ChartDistance distances = ChartDistance.from(spd, center);
        assertThat(distances).isNotNull();
        for (int i = 0; i < 20; i++) {
            double[] point = alongRay(unitSymmetric(random), 2 * random.nextDouble());
            assertThat(distances.to(point)).isCloseTo(spd.distance(center, point), within(1e-12));
        }
        assertThat(ChartDistance.from(Geometries.parse("sphere:d=2"), new double[] {0, 0, 1})).isNull();
    }

    @Test
    void recordsJustInsideAndJustOutsideTheBall() {
        double[] direction = unitSymmetric(new SplittableRandom(5));
        DataBall ball = DataBall.declared(identity(), 1.0);
        double[][] inside = {alongRay(direction, 0.5), alongRay(direction, 1 - 1e-9)};
        assertThatCode(() -> ball.requireContains(spd, inside)).doesNotThrowAnyException();
        double[][] kept = new double[inside.length][];
        ball.requireContains(spd, inside, kept);
        IsometricChart chart = spd.capability(IsometricChart.class).orElseThrow();
        for (int i = 0; i < inside.length; i++) {
            assertThat(kept[i]).containsExactly(chart.toChart(inside[i]));
        }
        double[][] outside = {alongRay(direction, 0.5), alongRay(direction, 1 + 1e-9)};
        assertThatThrownBy(() -> ball.requireContains(spd, outside)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 of 2 records").hasMessageContaining("row 2");
    }
}
