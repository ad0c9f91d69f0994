package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A symmetric matrix named by the k(k+1)/2 columns of its upper triangle, mirrored into the full k x k layout. */
class SymmetricColumnsTest {

    private static final List<String> UPPER = List.of("Dxx", "Dxy", "Dxz", "Dyy", "Dyz", "Dzz");

    @TempDir
    Path folder;

    private Path write(String text) throws IOException {
        return Files.writeString(folder.resolve("t.csv"), text);
    }

    /** Columns in a shuffled order among extra columns: each off-diagonal entry lands at (i, j) and (j, i). */
    @Test
    void upperTriangleColumnsAreMirroredIntoTheFullMatrix() throws IOException {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        Path file = write("Dzz,id,Dyz,Dxx,FA,Dxy,Dyy,Dxz\n16,a,5,10,0.2,2,14,3\n9,b,0,3,0.1,1,2,0.5\n");
        PointFile.Points points = PointFile.read(file, spd, PointFile.Columns.ALL.withCoordinates(UPPER));
        assertThat(points.points()[0]).containsExactly(10, 2, 3, 2, 14, 5, 3, 5, 16);
        assertThat(points.points()[1]).containsExactly(3, 1, 0.5, 1, 2, 0, 0.5, 0, 9);
        // the same matrices written in full, row by row, read identically
        Path full = Files.writeString(folder.resolve("full.csv"), "m00,m01,m02,m10,m11,m12,m20,m21,m22\n"
                + "10,2,3,2,14,5,3,5,16\n3,1,0.5,1,2,0,0.5,0,9\n");
        assertThat(PointFile.read(full, spd).points()).isDeepEqualTo(points.points());
    }

    @Test
    void aTwoByTwoMatrixTakesThreeColumns() throws IOException {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        Path file = write("a,b,c\n2,0.5,1\n");
        assertThat(PointFile.read(file, spd, PointFile.Columns.ALL.withCoordinates(List.of("a", "b", "c")))
                .points()[0]).containsExactly(2, 0.5, 0.5, 1);
    }

    /** A field error still names the file's own column, not a matrix entry. */
    @Test
    void aBadFieldNamesItsColumn() throws IOException {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        Path file = write("Dxx,Dxy,Dxz,Dyy,Dyz,Dzz\n1,0,0,1,zero,1\n");
        assertThatThrownBy(() -> PointFile.read(file, spd, PointFile.Columns.ALL.withCoordinates(UPPER)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2")
                .hasMessageContaining("column 5 (Dyz)");
    }

    @Test
    void anotherCountIsRefusedNamingBothForms() throws IOException {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        Path file = write("Dxx,Dxy,Dxz,Dyy,Dyz,Dzz\n1,0,0,1,0,1\n");
        assertThatThrownBy(() -> PointFile.read(file, spd, PointFile.Columns.ALL.withCoordinates(UPPER.subList(0,
                5)))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names 5")
                .hasMessageContaining("all 9 entries row by row").hasMessageContaining("the 6 of the upper triangle")
                .hasMessageContaining("Provided value");
    }

    /** Unnamed columns are never guessed to be a triangle: six columns are not a 3 x 3 matrix. */
    @Test
    void unnamedTriangleColumnsAreRefused() throws IOException {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        Path file = write("Dxx,Dxy,Dxz,Dyy,Dyz,Dzz\n1,0,0,1,0,1\n");
        assertThatThrownBy(() -> PointFile.read(file, spd)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 9 numbers").hasMessageContaining("the header has 6 columns");
    }

    /** The bundled tensors: 968 symmetric points; without --columns the message lists every header column. */
    @Test
    void theBundledTensorsReadFromTheirUpperTriangle() {
        Path file = DatasetFiles.resolve("--input", "dataset:dti-tensors", List.of());
        Geometry spd = Geometries.parse("spd/affine-invariant:k=3");
        PointFile.Points points = PointFile.read(file, spd, PointFile.Columns.ALL.withCoordinates(UPPER));
        assertThat(points.size()).isEqualTo(968);
        double[] first = points.points()[0];
        assertThat(first[1]).isEqualTo(first[3]).isCloseTo(-2.235995e-04, within(1e-15));
        assertThat(first[5]).isEqualTo(first[7]).isCloseTo(5.743926e-05, within(1e-15));
        assertThat(first[8]).isCloseTo(7.792474e-04, within(1e-15));
        assertThatThrownBy(() -> PointFile.read(file, spd)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the header is i,j,k,S0,Dxx,Dxy,Dxz,Dyy,Dyz,Dzz,MD,FA")
                .hasMessageContaining("name the point columns");
    }
}
