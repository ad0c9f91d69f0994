package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.experiments.data.CovariateColumn;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files with an id column and covariate columns beside the points: what is read, in which order, and that files
 * without them read as before. The refusals are in {@link BadCovariateFileTest}.
 */
class CovariateFileTest {

    private static final int SHAPES = 30;

    @TempDir
    Path folder;

    private final Geometry kendall = Geometries.parse("kendall:landmarks=50");
    private final Geometry sphere = Geometries.parse("sphere:d=2");

    private Path write(String name, String text) throws IOException {
        Path file = folder.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** Pre-shapes of 50 random planar landmarks (seed 29), the originals the file's six decimals round. */
    private double[][] preshapes() {
        LandmarkShapes shapes = kendall.capability(LandmarkShapes.class).orElseThrow();
        SplittableRandom random = new SplittableRandom(29);
        double[][] exact = new double[SHAPES][100];
        for (double[] x : exact) {
            for (int j = 0; j < x.length; j++) {
                x[j] = random.nextDouble() - 0.5;
            }
            System.arraycopy(shapes.preshape(x), 0, x, 0, x.length);
        }
        return exact;
    }

    private static double age(int i) {
        return 18 + i; // 18 .. 47: the first record sits on the range's low bound
    }

    /**
     * Layout of the rats data ({@code shape_id, rat, age, x1..y50}): an id, a subject, a covariate with a public
     * range, every other column a coordinate, all written with six decimals.
     */
    @Test
    void idSubjectAndCovariateBesideFiftyLandmarks() throws IOException, NoSuchAlgorithmException {
        double[][] exact = preshapes();
        StringBuilder csv = new StringBuilder("shape_id,rat,age,").append(String.join(",",
                kendall.layout().columnNames())).append('\n');
        for (int i = 0; i < SHAPES; i++) {
            csv.append("s").append(100 + i).append(",rat").append(i / 3).append(',')
                    .append(String.format(Locale.ROOT, "%.6f", age(i)));
            for (double v : exact[i]) {
                csv.append(String.format(Locale.ROOT, ",%.6f", v));
            }
            csv.append('\n');
        }
        Path file = write("rats.csv", csv.toString());
        PointFile.Columns roles = PointFile.Columns.ALL.withId("shape_id").withSubject("rat")
                .withCovariate(CovariateColumn.of("age", 18, 60));

        PointFile.Points points = PointFile.read(file, kendall, roles);

        assertThat(points.size()).isEqualTo(SHAPES);
        for (int i = 0; i < SHAPES; i++) {
            assertThat(points.ids()[i]).isEqualTo("s" + (100 + i));
            assertThat(points.subjects()[i]).isEqualTo("rat" + i / 3);
            assertThat(points.covariate("age")[i]).isEqualTo(age(i));
            assertThat(points.lines()[i]).isEqualTo(i + 2);
            assertThat(kendall.pointViolation(points.points()[i], 1e-12)).isEmpty();
            // each of the 100 coordinates is rounded by at most 5e-7; pre-shaping at most doubles the move
            assertThat(distance(points.points()[i], exact[i])).isLessThan(2 * 0.5e-6 * Math.sqrt(100));
        }
        assertThat(points.covariates()).containsOnlyKeys("age");
        byte[] bytes = Files.readAllBytes(file);
        assertThat(points.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(bytes)));
    }

    /**
     * Layout of the cortical data ({@code shape_id, age, group, sex, x1..}): the coordinates are named, so the text
     * column {@code group} is left out; two covariates in declared order, one without a range; the range's bounds
     * are inside it; exponents and signs are read.
     */
    @Test
    void namedCoordinatesLeaveOtherColumnsOutAndCovariatesKeepTheirOrder() throws IOException {
        String file = """
                shape_id;age;group;sex;x;y;z
                7;18;Con;2;0;0;1
                8;49;Scz;1;0;1;0
                9;3.35e1;Con;-1.5;1;0;0
                """;
        PointFile.Columns roles = new PointFile.Columns("shape_id", null, List.of(CovariateColumn.of("sex"),
                CovariateColumn.of("age", 18, 49)), List.of("x", "y", "z"));

        PointFile.Points points = PointFile.read(write("c.csv", file), sphere, roles);

        assertThat(points.ids()).containsExactly("7", "8", "9");
        assertThat(points.subjects()).isNull();
        assertThat(points.covariates().keySet()).containsExactly("sex", "age");
        assertThat(points.covariate("age")).containsExactly(18, 49, 33.5);
        assertThat(points.covariate("sex")).containsExactly(2, 1, -1.5);
        assertThat(points.points()[2]).containsExactly(1, 0, 0);
    }

    /** Coordinates named in another order than the file's: each point is assembled in layout order. */
    @Test
    void coordinatesAreTakenInTheNamedOrder() throws IOException {
        Path file = write("o.csv", "z,age,id,y,x\n1,5,a,0,0\n0,6,b,1,0\n");
        PointFile.Points points = PointFile.read(file, sphere, new PointFile.Columns("id", null,
                List.of(CovariateColumn.of("age", 0, 10)), List.of("x", "y", "z")));
        assertThat(points.points()[0]).containsExactly(0, 0, 1);
        assertThat(points.points()[1]).containsExactly(0, 1, 0);
        assertThat(points.covariate("age")).containsExactly(5, 6);
    }

    /** White-space separated files carry ids and covariates like comma-separated ones. */
    @Test
    void whiteSpaceSeparatedFile() throws IOException {
        Path file = write("w.txt", "id age x y z\nr1  2.5 0 0 1\nr2\t3.5 0 1 0\n");
        PointFile.Points points = PointFile.read(file, sphere, PointFile.Columns.ALL.withId("id")
                .withCovariate(CovariateColumn.of("age")));
        assertThat(points.ids()).containsExactly("r1", "r2");
        assertThat(points.covariate("age")).containsExactly(2.5, 3.5);
    }

    /** A file read without ids or covariates: no ids, no covariates, and asking for one names what to do. */
    @Test
    void filesWithoutTheseColumnsReadAsBefore() throws IOException {
        Path file = write("p.csv", "x,y,z\n0,0,1\n");
        PointFile.Points points = PointFile.read(file, sphere);
        assertThat(points.ids()).isNull();
        assertThat(points.subjects()).isNull();
        assertThat(points.covariates()).isEmpty();
        assertThatThrownBy(() -> points.covariate("age")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no covariate column named 'age' was read; declare it as a covariate column");
        PointFile.Points withAge = PointFile.read(write("q.csv", "age,x,y,z\n3,0,0,1\n"), sphere,
                PointFile.Columns.ALL.withCovariate(CovariateColumn.of("age")));
        assertThatThrownBy(() -> withAge.covariate("sex")).hasMessageContaining("the covariate columns are age");
    }

    /** The builders and the two-argument form describe the same roles; the range text parses to a public range. */
    @Test
    void columnBuildersAndRangeText() {
        assertThat(new PointFile.Columns("rat", List.of("x"))).isEqualTo(new PointFile.Columns(null, "rat",
                List.of(), List.of("x")));
        assertThat(PointFile.Columns.ALL.withSubject("rat").withCoordinates(List.of("x")).withId("id"))
                .isEqualTo(new PointFile.Columns("id", "rat", null, List.of("x")));
        CovariateColumn age = CovariateColumn.parse("age", " 18 , 49.5 ", "--covariate-range");
        assertThat(age.range().low()).isEqualTo(18);
        assertThat(age.range().high()).isEqualTo(49.5);
        assertThat(age.range().isPublic()).isTrue();
        assertThat(CovariateColumn.parse("t", "-1e3,2E-1", "--covariate-range").range().low()).isEqualTo(-1000);
    }

    /** The returned covariates cannot be re-keyed by a caller (the arrays are the caller's, like the points). */
    @Test
    void covariateMapIsReadOnly() throws IOException {
        PointFile.Points points = PointFile.read(write("r.csv", "age,x,y,z\n3,0,0,1\n"), sphere,
                PointFile.Columns.ALL.withCovariate(CovariateColumn.of("age")));
        assertThatThrownBy(() -> points.covariates().put("x", new double[1]))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    private static double distance(double[] a, double[] b) {
        double sum = 0;
        for (int j = 0; j < a.length; j++) {
            sum += (a[j] - b[j]) * (a[j] - b[j]);
        }
        return Math.sqrt(sum);
    }
}
