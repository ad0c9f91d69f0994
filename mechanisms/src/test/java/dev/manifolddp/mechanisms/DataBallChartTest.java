package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
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
    void chartDistanceFromTheCentreEqualsGeometryDistance() {
        SplittableRandom random = new SplittableRandom(3);
        double[] center = alongRay(unitSymmetric(random), 0.7);
        double[][] points = new double[20][];
        for (int i = 0; i < points.length; i++) {
            points[i] = alongRay(unitSymmetric(random), 2 * random.nextDouble());
        }
        ChartedRecords charted = DataBall.declared(center, 10).requireContainsCharted(spd, points);
        double[] centerChart = spd.capability(IsometricChart.class).orElseThrow().toChart(center);
        for (int i = 0; i < points.length; i++) {
            assertThat(IsometricChart.chartDistance(centerChart, charted.coordinates(i)))
                    .isCloseTo(spd.distance(center, points[i]), within(1e-12));
        }
        assertThat(charted.covers(spd, points)).isTrue();
        Geometry sphere = Geometries.parse("sphere:d=2");
        assertThat(DataBall.declared(new double[] {0, 0, 1}, 1).requireContainsCharted(sphere,
                new double[][] {{0, 0, 1}})).isNull();
    }

    @Test
    void recordsJustInsideAndJustOutsideTheBall() {
        double[] direction = unitSymmetric(new SplittableRandom(5));
        DataBall ball = DataBall.declared(identity(), 1.0);
        double[][] inside = {alongRay(direction, 0.5), alongRay(direction, 1 - 1e-9)};
        assertThatCode(() -> ball.requireContains(spd, inside)).doesNotThrowAnyException();
        ChartedRecords kept = ball.requireContainsCharted(spd, inside);
        IsometricChart chart = spd.capability(IsometricChart.class).orElseThrow();
        for (int i = 0; i < inside.length; i++) {
            assertThat(kept.coordinates(i)).containsExactly(chart.toChart(inside[i]));
        }
        double[][] outside = {alongRay(direction, 0.5), alongRay(direction, 1 + 1e-9)};
        assertThatThrownBy(() -> ball.requireContains(spd, outside)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 of 2 records").hasMessageContaining("row 2");
    }

    /** A record that is no point fails the charted check with the message of the plain point check. */
    @Test
    void invalidRecordFailsAsThePointCheck() {
        DataBall ball = DataBall.declared(identity(), 1.0);
        double[] indefinite = identity();
        indefinite[K * K - 1] = -0.5;
        double[] asymmetric = identity();
        asymmetric[1] = 0.3;
        double[] shortRow = new double[3];
        for (double[] bad : new double[][] {indefinite, asymmetric, shortRow}) {
            double[][] records = {identity(), bad};
            String expected = catchMessage(() -> GeometryChecks.requirePoint(spd, "record 2", bad));
            assertThatThrownBy(() -> ball.requireContains(spd, records)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(expected);
        }
    }

    private static String catchMessage(Runnable check) {
        try {
            check.run();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("the check passed");
    }
}
