package dev.manifolddp.experiments.output.pictures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.experiments.data.DatasetFiles;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EllipsoidPictureTest {

    private static final double[][] AXES = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

    @TempDir
    Path folder;

    private final EllipsoidPicture picture = new EllipsoidPicture();

    /** Eight voxels of dataset:dti-tensors, their mean, and releases scattered around it at two noise levels. */
    static ReleaseGallery gallery(Geometry spd) {
        Path file = DatasetFiles.resolve("data.file", "dataset:dti-tensors", List.of());
        double[][] data = PointFile.read(file, spd, PointFile.Columns.ALL.withCoordinates(List.of("Dxx", "Dxy",
                "Dxz", "Dyy", "Dyz", "Dzz"))).points();
        double[][] sample = java.util.Arrays.copyOf(data, 8);
        double[] mean = new double[9];
        for (double[] x : sample) {
            for (int j = 0; j < 9; j++) {
                mean[j] += x[j] / sample.length;
            }
        }
        SplittableRandom random = new SplittableRandom(3);
        Map<String, List<double[]>> releases = new LinkedHashMap<>();
        for (double noise : new double[] {0.1, 1.5}) {
            List<double[]> draws = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                double[] v = new double[9];
                for (int r = 0; r < 3; r++) {
                    for (int c = r; c < 3; c++) {
                        v[3 * r + c] = noise * random.nextDouble(-1, 1);
                        v[3 * c + r] = v[3 * r + c];
                    }
                }
                draws.add(spd.exp(mean, spd.projectToTangent(mean, scaled(mean, v))));
            }
            releases.put("noise " + noise, draws);
        }
        return new ReleaseGallery("synthetic releases around 8 voxels of dataset:dti-tensors", sample, mean, releases,
                Map.of());
    }

    /** The symmetric (mean^(1/2) v mean^(1/2))-like perturbation, kept simple: entrywise scaled by the mean's size. */
    private static double[] scaled(double[] mean, double[] v) {
        double size = (mean[0] + mean[4] + mean[8]) / 3;
        double[] out = new double[9];
        for (int j = 0; j < 9; j++) {
            out[j] = v[j] * size;
        }
        return out;
    }

    @Test
    void drawsAGalleryOfRealTensorsForBothMetrics() throws Exception {
        for (String spec : List.of("spd/affine-invariant:k=3", "spd/log-euclidean:k=3")) {
            Geometry spd = Geometries.parse(spec);
            assertThat(picture.accepts(spd)).isTrue();
            Path png = folder.resolve(spec.replace('/', '-').replace(':', '-') + ".png");
            picture.write(png, spd, gallery(spd));
            BufferedImage image = PictureChecks.read(png);
            // a label column plus 8 cells; 4 rows (data, mean, two mechanisms) plus title and key
            assertThat(image.getWidth()).isEqualTo(190 + 8 * EllipsoidPicture.CELL + 20);
            assertThat(image.getHeight()).isEqualTo(64 + 4 * EllipsoidPicture.CELL + 96);
            assertThat(PictureChecks.inked(image)).isGreaterThan(image.getWidth() * image.getHeight() / 20);
            // each mechanism's row label is drawn in its palette colour
            assertThat(PictureChecks.pixelsNear(image, PictureCanvas.color(0), 10)).isPositive();
            assertThat(PictureChecks.pixelsNear(image, PictureCanvas.color(1), 10)).isPositive();
        }
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        picture.write(PictureChecks.review("ellipsoids.png"), spd, gallery(spd));
    }

    /** The same gallery gives the same bytes. */
    @Test
    void isDeterministic() throws Exception {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        picture.write(folder.resolve("a.png"), spd, gallery(spd));
        picture.write(folder.resolve("b.png"), spd, gallery(spd));
        assertThat(Files.readAllBytes(folder.resolve("a.png"))).isEqualTo(Files.readAllBytes(folder.resolve("b.png")));
    }

    /**
     * The outline is the exact projection: its half-width and half-height equal the largest screen coordinates over
     * a dense sample of the ellipsoid's surface (to the sampling's resolution).
     */
    @Test
    void theOutlineIsTheProjectedEllipsoid() {
        SplittableRandom random = new SplittableRandom(17);
        for (int trial = 0; trial < 20; trial++) {
            double[][] q = TensorAxesTest.rotation(random);
            double[] values = {random.nextDouble(1, 9), random.nextDouble(0.2, 1), random.nextDouble(0.01, 0.2)};
            EllipsoidPicture.Glyph glyph = EllipsoidPicture.Glyph.of(TensorAxesTest.SOLVERS,
                    TensorAxesTest.tensor(values, q), true);
            Rectangle2D box = glyph.outline(0, 0, 1).getBounds2D();
            double[][] view = viewOf(EllipsoidPicture.AZIMUTH_DEGREES, EllipsoidPicture.ELEVATION_DEGREES);
            double right = 0;
            double up = 0;
            int steps = 400;
            for (int a = 0; a <= steps; a++) {
                for (int b = 0; b < 2 * steps; b++) {
                    double theta = Math.PI * a / steps;
                    double phi = Math.PI * b / steps;
                    double[] u = {Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)};
                    double[] x = new double[3];
                    for (int i = 0; i < 3; i++) {
                        for (int j = 0; j < 3; j++) {
                            x[j] += Math.sqrt(values[i]) * u[i] * q[i][j];
                        }
                    }
                    right = Math.max(right, dot(view[0], x));
                    up = Math.max(up, dot(view[1], x));
                }
            }
            assertThat(box.getMaxX()).isCloseTo(right, within(2e-3 * Math.sqrt(values[0])));
            assertThat(-box.getMinY()).isCloseTo(up, within(2e-3 * Math.sqrt(values[0])));
        }
    }

    /** An x-aligned, strongly anisotropic tensor is filled red; an isotropic one white. */
    @Test
    void theFillIsTheDirectionalColourMixedByFa() {
        Color red = EllipsoidPicture.Glyph.of(TensorAxesTest.SOLVERS,
                TensorAxesTest.tensor(new double[] {1, 1e-9, 1e-9}, AXES), true).fill();
        assertThat(red.getRed()).isEqualTo(255);
        assertThat(red.getGreen()).isLessThan(3);
        assertThat(red.getBlue()).isLessThan(3);
        Color white = EllipsoidPicture.Glyph.of(TensorAxesTest.SOLVERS,
                TensorAxesTest.tensor(new double[] {2, 2, 2}, AXES), true).fill();
        assertThat(white).isEqualTo(Color.WHITE);
    }

    @Test
    void refusesOtherGeometriesOptionsAndPoints() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        Geometry spd2 = Geometries.parse("spd/affine-invariant:k=2");
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        assertThat(picture.accepts(sphere)).isFalse();
        assertThat(picture.accepts(spd2)).isFalse();
        ReleaseGallery good = gallery(spd);
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), sphere, good))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value: sphere:d=2");
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), spd2, good))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("spd/affine-invariant:k=2");
        ReleaseGallery option = new ReleaseGallery("t", good.data(), good.estimate(), good.releases(),
                Map.of("closed-outline", "true"));
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), spd, option))
                .hasMessageContaining("unknown option 'closed-outline'").hasMessageContaining("semi-axes");
        ReleaseGallery rule = new ReleaseGallery("t", good.data(), good.estimate(), good.releases(),
                Map.of("semi-axes", "cube"));
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), spd, rule))
                .hasMessageContaining("Provided value: cube");
        ReleaseGallery shortPoint = new ReleaseGallery("t", good.data(), good.estimate(), Map.of("m",
                List.of(new double[4])), Map.of());
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), spd, shortPoint))
                .hasMessageContaining("release 1 of m must have 9 numbers");
        ReleaseGallery nan = new ReleaseGallery("t", good.data(), good.estimate(), Map.of("m",
                List.of(new double[] {1, 0, 0, 0, Double.NaN, 0, 0, 0, 1})), Map.of());
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), spd, nan))
                .hasMessageContaining("non-finite");
        assertThat(folder.resolve("x.png")).doesNotExist();
    }

    /** A release that is not positive definite (an unprojected extrinsic release) is marked, not drawn. */
    @Test
    void marksAReleaseThatIsNotPositiveDefinite() throws Exception {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        ReleaseGallery good = gallery(spd);
        ReleaseGallery bad = new ReleaseGallery("t", good.data(), good.estimate(), Map.of("extrinsic",
                List.of(new double[] {1e-3, 0, 0, 0, -1e-4, 0, 0, 0, 1e-3})), Map.of());
        Path png = folder.resolve("bad.png");
        picture.write(png, spd, bad);
        assertThat(PictureChecks.pixelsNear(PictureChecks.read(png), Color.RED, 40)).isPositive();
    }

    @Test
    void neverOverwritesAFile() throws Exception {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        Path png = Files.writeString(folder.resolve("taken.png"), "mine");
        assertThatThrownBy(() -> picture.write(png, spd, gallery(spd))).isInstanceOf(IllegalArgumentException.class);
        assertThat(Files.readString(png)).isEqualTo("mine");
    }

    private static double[][] viewOf(double azimuthDegrees, double elevationDegrees) {
        double a = Math.toRadians(azimuthDegrees);
        double e = Math.toRadians(elevationDegrees);
        return new double[][] {{-Math.sin(a), Math.cos(a), 0}, {-Math.sin(e) * Math.cos(a), -Math.sin(e) * Math.sin(a),
                Math.cos(e)}};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }
}
