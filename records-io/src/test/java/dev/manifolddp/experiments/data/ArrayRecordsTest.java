package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records handed over in memory become the same points as the same numbers read from a CSV file, are charged to the
 * same ledger account, and are refused row by row like a file's rows.
 */
class ArrayRecordsTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");

    @TempDir
    Path folder;

    private static ArrayRecords sphere(double... values) {
        return new ArrayRecords("array:test", values, values.length / 3, 3, Map.of());
    }

    @Test
    void anArrayIsTheSamePointsAndTheSameAccountAsAHeaderlessFileOfItsNumbers() throws IOException {
        double[] values = {0, 0, 1, 0.6, 0, 0.8, 0, 0.6000000001, 0.8};
        PointFile.Points fromArray = sphere(values).points(SPHERE, PointFile.Columns.ALL);
        // another row order and other spellings of the same doubles
        Path file = Files.writeString(folder.resolve("s.csv"), "0,.6000000001,0.80\n0.0,-0,1e0\n6e-1,0,0.8\n");
        PointFile.Points fromFile = PointFile.read(file, SPHERE);
        assertThat(fromArray.contentSha256()).isEqualTo(fromFile.contentSha256());
        assertThat(fromArray.points()[1]).containsExactly(fromFile.points()[2]);
        assertThat(fromArray.points()[2]).containsExactly(fromFile.points()[0]);
        assertThat(fromArray.lines()).containsExactly(1, 2, 3);
        assertThat(sphere(0, 0, 1, 0.6, 0, 0.8).points(SPHERE, PointFile.Columns.ALL).contentSha256())
                .isNotEqualTo(fromArray.contentSha256());
    }

    @Test
    void landmarkRowsArePreShapedAsFileRowsAre() throws IOException {
        Geometry shapes = Geometries.parse("kendall:landmarks=3");
        double[] triangle = {0, 0, 2, 0, 1, 3};
        PointFile.Points fromArray = new ArrayRecords("array:t", triangle, 1, 6, Map.of())
                .points(shapes, PointFile.Columns.ALL);
        Path file = Files.writeString(folder.resolve("t.csv"), "0,0,2,0,1,3\n");
        assertThat(fromArray.points()[0]).containsExactly(PointFile.read(file, shapes).points()[0]);
    }

    @Test
    void rowsOffTheManifoldOrNotFiniteAreRefusedByTheirNumber() {
        assertThatThrownBy(() -> sphere(0, 0, 1, 0, 0, 1.01, 0, 0, 1).points(SPHERE, PointFile.Columns.ALL))
                .hasMessageStartingWith("array:test: 1 of 3 rows are not points of sphere:d=2")
                .hasMessageContaining("row 2 (");
        assertThatThrownBy(() -> sphere(0, 0, 1, Double.NaN, 0, 1).points(SPHERE, PointFile.Columns.ALL))
                .hasMessageContaining("row 2 (a coordinate is NaN or infinite");
        assertThatThrownBy(() -> new ArrayRecords("array:a", new double[] {0, 0, 1, 0}, 1, 4, Map.of())
                .points(SPHERE, PointFile.Columns.ALL))
                .hasMessage("array:a: each record needs the 3 coordinates of a vector in R^3 (x0,x1,x2), but has 4");
        assertThatThrownBy(() -> new ArrayRecords("array:a", new double[5], 2, 3, Map.of()))
                .hasMessageContaining("5 values cannot be 2 rows of 3 coordinates");
        assertThatThrownBy(() -> sphere(0, 0, 1).points(SPHERE, new PointFile.Columns("who", List.of())))
                .hasMessageContaining("an array's records have no named columns");
    }

    @Test
    void covariatesAreCheckedAgainstTheirPublicRangeAndJoinTheAccount() {
        CovariateColumn age = CovariateColumn.of("age", 0, 1);
        PointFile.Columns roles = new PointFile.Columns(null, List.of()).withCovariate(age);
        double[] points = {0, 0, 1, 0.6, 0, 0.8};
        PointFile.Points read = new ArrayRecords("array:r", points, 2, 3, Map.of("age", new double[] {0.2, 0.9}))
                .points(SPHERE, roles);
        assertThat(read.covariate("age")).containsExactly(0.2, 0.9);
        assertThat(read.contentSha256()).isNotEqualTo(new ArrayRecords("array:r", points, 2, 3,
                Map.of("age", new double[] {0.2, 0.8})).points(SPHERE, roles).contentSha256());
        assertThatThrownBy(() -> new ArrayRecords("array:r", points, 2, 3, Map.of("age", new double[] {0.2, 1.5}))
                .points(SPHERE, roles)).hasMessageContaining("1 value of covariate age is not finite or outside "
                        + "the declared public range").hasMessageContaining(": row 2;");
        assertThatThrownBy(() -> new ArrayRecords("array:r", points, 2, 3, Map.of()).points(SPHERE, roles))
                .hasMessageContaining("no covariate named age was handed over");
        assertThatThrownBy(() -> new ArrayRecords("array:r", points, 2, 3, Map.of("age", new double[] {1})))
                .hasMessageContaining("covariate age has 1 values for 2 records");
    }
}
