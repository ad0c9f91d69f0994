package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.ClosedFormMean;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The chart form of the closed-form mean reproduces the geometry's closed form and the gradient's residual. */
class ChartMeanTest {

    @Test
    void chartMeanMatchesClosedFormAndGradientResidual() {
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=6");
        double[] identity = TestPoints.base(geometry);
        double[][] data = BallData.inBall(geometry, identity, 1.5, 40, new SplittableRandom(11));

        FrechetMeanResult result = FrechetMean.builder().geometry(geometry).build().fit(data);

        double[] closedForm = new double[identity.length];
        geometry.capability(ClosedFormMean.class).orElseThrow().mean(data, closedForm);
        assertThat(result.method()).isEqualTo(FrechetMean.CLOSED_FORM);
        assertThat(result.converged()).isTrue();
        assertThat(result.iterations()).isZero();
        for (int j = 0; j < closedForm.length; j++) {
            assertThat(result.mean()[j]).isCloseTo(closedForm[j], within(1e-12));
        }
        double residual = new FrechetGradient(geometry, data).gradientNorm(result.mean());
        assertThat(result.gradientNorm()).isCloseTo(residual, within(1e-12));
    }

    @Test
    void knownChartCoordinatesGiveTheSameResultAndAreChecked() {
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=3");
        double[][] data = BallData.inBall(geometry, TestPoints.base(geometry), 1.0, 25, new SplittableRandom(12));
        IsometricChart chart = geometry.capability(IsometricChart.class).orElseThrow();
        double[][] coordinates = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            coordinates[i] = chart.toChart(data[i]);
        }
        FrechetMean mean = FrechetMean.builder().geometry(geometry).build();
        FrechetMeanResult computed = mean.fit(data);
        FrechetMeanResult given = mean.fit(data, coordinates);
        assertThat(given.mean()).containsExactly(computed.mean());
        assertThat(given.gradientNorm()).isEqualTo(computed.gradientNorm());
        assertThat(given.converged()).isTrue();

        assertThatThrownBy(() -> mean.fit(data, new double[3][]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one row per record (25)");
        coordinates[4] = new double[2];
        assertThatThrownBy(() -> mean.fit(data, coordinates))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("chartCoordinates[4]");
        coordinates[4] = chart.toChart(data[4]);
        coordinates[7][1] = Double.NaN;
        assertThatThrownBy(() -> mean.fit(data, coordinates))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("chartCoordinates[7][1]");
    }

    @Test
    void chartedRecordsGiveTheSameResultAndInvalidDataFailsAsBefore() {
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=4");
        double[][] data = BallData.inBall(geometry, TestPoints.base(geometry), 1.0, 30, new SplittableRandom(13));
        FrechetMean mean = FrechetMean.builder().geometry(geometry).build();
        FrechetMeanResult computed = mean.fit(data);
        ChartedRecords charted = ChartedRecords.check(geometry, data, i -> "data[" + i + "]");
        FrechetMeanResult given = mean.fitCharted(charted);
        assertThat(given.mean()).containsExactly(computed.mean());
        assertThat(given.gradientNorm()).isEqualTo(computed.gradientNorm());
        assertThat(given.converged()).isTrue();
        assertThatThrownBy(() -> FrechetMean.builder().geometry(Geometries.parse("spd/log-euclidean:k=4")).build()
                .fitCharted(charted)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the same object");

        // fit(data) checks each record inside the chart evaluation: the same failure as the point check
        double[][] bad = data.clone();
        bad[6] = new double[16];
        assertThatThrownBy(() -> mean.fit(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data[6] is not a point of spd/log-euclidean:k=4: it is not positive definite: its "
                        + "smallest eigenvalue is 0.00000 (largest 0.00000)");
    }
}
