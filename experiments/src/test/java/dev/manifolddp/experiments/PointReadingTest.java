package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.ManifoldProjection;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading points from text: six-decimal files are accepted and projected onto the manifold with one tolerance that
 * scales with the point's size and dimension; headers, BOMs, separators; subject and coordinate columns.
 */
class PointReadingTest {

    @TempDir
    Path folder;

    private Path write(String name, String text) throws IOException {
        Path file = folder.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static String row(double[] x, String format) {
        StringBuilder out = new StringBuilder();
        for (int j = 0; j < x.length; j++) {
            out.append(j == 0 ? "" : ",").append(String.format(Locale.ROOT, format, x[j]));
        }
        return out.append('\n').toString();
    }

    private static double[] gaussian(SplittableRandom random, int n, double scale) {
        double[] x = new double[n];
        for (int j = 0; j < n; j++) {
            // Box-Muller; the test needs spread-out directions, not an exact law
            x[j] = scale * Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI
                    * random.nextDouble());
        }
        return x;
    }

    private static double distance(double[] a, double[] b) {
        double sum = 0;
        for (int j = 0; j < a.length; j++) {
            sum += (a[j] - b[j]) * (a[j] - b[j]);
        }
        return Math.sqrt(sum);
    }

    /** Sphere points of S^2 and S^9 written with six decimals: all accepted, each projected to |p| = 1 exactly. */
    @Test
    void sixDecimalSpherePointsAreAcceptedAndProjected() throws IOException {
        for (int d : new int[] {2, 9}) {
            Geometry sphere = Geometries.parse("sphere:d=" + d);
            SplittableRandom random = new SplittableRandom(11 + d);
            StringBuilder csv = new StringBuilder();
            double[][] exact = new double[300][];
            for (int i = 0; i < exact.length; i++) {
                double[] x = gaussian(random, d + 1, 1);
                double norm = Math.sqrt(sumSquares(x));
                for (int j = 0; j < x.length; j++) {
                    x[j] /= norm;
                }
                exact[i] = x;
                csv.append(row(x, "%.6f"));
            }
            PointFile.Points points = PointFile.read(write("s" + d + ".csv", csv.toString()), sphere);
            assertThat(points.size()).isEqualTo(300);
            for (int i = 0; i < exact.length; i++) {
                double[] p = points.points()[i];
                assertThat(Math.abs(Math.sqrt(sumSquares(p)) - 1)).isLessThan(1e-15);
                assertThat(sphere.pointViolation(p, 1e-12)).isEmpty();
                // the projection moves a row by at most its distance to the sphere: within 2 x the rounding
                assertThat(distance(p, exact[i])).isLessThanOrEqualTo(2 * 0.5e-6 * Math.sqrt(d + 1));
            }
        }
    }

    private static double sumSquares(double[] x) {
        double sum = 0;
        for (double v : x) {
            sum += v * v;
        }
        return sum;
    }

    /**
     * 50-landmark pre-shapes written with six decimals: the rounding moves each of the 100 coordinates by up to 5e-7
     * (their x-sum by up to 2.5e-5); they are read and pre-shaped to exact points near the originals.
     */
    @Test
    void sixDecimalPreShapesOfFiftyLandmarksAreAccepted() throws IOException {
        Geometry kendall = Geometries.parse("kendall:landmarks=50");
        LandmarkShapes shapes = kendall.capability(LandmarkShapes.class).orElseThrow();
        SplittableRandom random = new SplittableRandom(3);
        StringBuilder csv = new StringBuilder();
        double[][] exact = new double[40][];
        for (int i = 0; i < exact.length; i++) {
            exact[i] = shapes.preshape(gaussian(random, 100, 1));
            csv.append(row(exact[i], "%.6f"));
        }
        PointFile.Points points = PointFile.read(write("k.csv", csv.toString()), kendall);
        for (int i = 0; i < exact.length; i++) {
            assertThat(kendall.pointViolation(points.points()[i], 1e-12)).isEmpty();
            assertThat(distance(points.points()[i], exact[i])).isLessThan(2 * 0.5e-6 * Math.sqrt(100));
        }
    }

    /**
     * The tolerance is 1e-6 sqrt(D) max(1, |x|_inf): on a sphere of radius 100 a row 0.9 tol off the sphere is
     * accepted, one 1.1 tol off is refused naming its line and distance.
     */
    @Test
    void theToleranceScalesWithSizeAndDimension() throws IOException {
        Geometry sphere = Geometries.parse("sphere:d=2,radius=100");
        double tolerance = ManifoldProjection.tolerance(new double[] {0, 0, 100});
        assertThat(tolerance).isCloseTo(1e-6 * Math.sqrt(3) * 100, org.assertj.core.data.Offset.offset(1e-18));
        Path inside = write("in.csv", row(new double[] {0, 0, 100 + 0.9 * tolerance}, "%.17g"));
        assertThat(PointFile.read(inside, sphere).points()[0]).containsExactly(0, 0, 100);
        Path outside = write("out.csv", "0,0,100\n" + row(new double[] {0, 0, 100 + 1.1 * tolerance}, "%.17g"));
        assertThatThrownBy(() -> PointFile.read(outside, sphere)).hasMessageContaining("1 of 2 rows")
                .hasMessageContaining("line 2 (not a point of sphere:d=2,radius=100.0: it lies 0.000191 from the "
                        + "manifold, beyond the tolerance 0.000173 for 3 coordinates");
        // a fixed 1e-6 would refuse six decimals in high dimension; the scaled one accepts them
        assertThat(ManifoldProjection.tolerance(new double[100])).isCloseTo(1e-5, org.assertj.core.data.Offset.offset(
                1e-18));
    }

    /** A matrix written with rounding asymmetry is read as its symmetric part. */
    @Test
    void spdRowsAreSymmetrised() throws IOException {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=2");
        PointFile.Points points = PointFile.read(write("m.csv", "2,0.333333,0.333334,1\n"), spd);
        assertThat(points.points()[0]).containsExactly(2, 0.3333335, 0.3333335, 1);
    }

    /** A BOM, CRLF, comment lines, a header of names: every data row is kept. */
    @Test
    void headersBomsAndSeparators() throws IOException {
        Geometry sphere = Geometries.parse("sphere:d=2");
        String rows = "0,0,1\r\n# a comment line\r\n\r\n0,1,0\r\n";
        assertThat(PointFile.read(write("a.csv", "\uFEFFx,y,z\r\n" + rows), sphere).size()).isEqualTo(2);
        assertThat(PointFile.read(write("b.csv", "\uFEFF" + rows), sphere).size()).isEqualTo(2);
        assertThat(PointFile.read(write("c.csv", "0 0 1\n0\t1   0\n"), sphere).size()).isEqualTo(2);
        assertThat(PointFile.read(write("d.csv", "x;y;z\n0;0;1\n"), sphere).lines()).containsExactly(2);
        assertThat(PointFile.read(write("e.csv", "0\t0\t1\n1\t0\t0\n"), sphere).size()).isEqualTo(2);
    }

    @Test
    void subjectAndCoordinateColumns() throws IOException {
        Geometry sphere = Geometries.parse("sphere:d=2");
        Path file = write("s.csv", "age,x,rat,y,z\n1,0,r1,0,1\n2,0,r1,1,0\n1,1,r2,0,0\n");
        PointFile.Points points = PointFile.read(file, sphere, new PointFile.Columns("rat", List.of("x", "y", "z")));
        assertThat(points.subjects()).containsExactly("r1", "r1", "r2");
        assertThat(points.points()[2]).containsExactly(1, 0, 0);
        assertThat(points.sha256()).hasSize(64);
        assertThatThrownBy(() -> PointFile.read(file, sphere, new PointFile.Columns("rat", List.of())))
                .hasMessageContaining("but the header has 4 columns besides the subject");
    }

    @Test
    void nullArgumentsAreNamed() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        assertThatThrownBy(() -> PointFile.read(null, sphere)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no data file given");
        assertThatThrownBy(() -> PointFile.read(folder.resolve("x.csv"), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no geometry given");
        assertThatThrownBy(() -> PointFile.center(null, sphere, "--center"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--center is missing");
        assertThatThrownBy(() -> BallClip.apply(sphere, null, 0.3, "--radius", null, false, "")).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("no centre (null)");
        assertThatThrownBy(() -> BallClip.apply(sphere, new double[] {0, 0, 1}, Double.NaN, "--radius", new PointFile.Points(
                new double[0][], new int[0]), false, "")).hasMessageContaining("radius must be a finite number");
    }
}
