package dev.manifolddp.experiments.output.pictures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.experiments.data.DatasetFiles;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.awt.Color;
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

class SphereMapPictureTest {

    /** The Tonga-Fiji ball of the configuration: lat -20, long 182, radius 15 degrees. */
    private static final Map<String, String> BALL = Map.of("center", "-0.93912019,-0.03279480,-0.34202014",
            "radius", "0.2618");

    @TempDir
    Path folder;

    private final SphereMapPicture picture = new SphereMapPicture();

    /** The quakes of dataset:fiji-quakes, their normalised mean, releases at two spreads (one far off the map). */
    static ReleaseGallery gallery(Geometry sphere, Map<String, String> options) {
        Path file = DatasetFiles.resolve("data.file", "dataset:fiji-quakes", List.of());
        double[][] data = PointFile.read(file, sphere, PointFile.Columns.ALL.withCoordinates(List.of("x", "y", "z")))
                .points();
        double[] mean = new double[3];
        for (double[] x : data) {
            for (int j = 0; j < 3; j++) {
                mean[j] += x[j];
            }
        }
        double norm = Math.sqrt(mean[0] * mean[0] + mean[1] * mean[1] + mean[2] * mean[2]);
        for (int j = 0; j < 3; j++) {
            mean[j] /= norm;
        }
        SplittableRandom random = new SplittableRandom(9);
        Map<String, List<double[]>> releases = new LinkedHashMap<>();
        for (double spread : new double[] {0.02, 0.2}) {
            List<double[]> draws = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                double[] v = sphere.projectToTangent(mean, new double[] {random.nextDouble(-spread, spread),
                        random.nextDouble(-spread, spread), random.nextDouble(-spread, spread)});
                draws.add(sphere.exp(mean, v));
            }
            releases.put("spread " + spread, draws);
        }
        releases.get("spread 0.2").add(new double[] {0.9, 0, 0.43588989435406733});
        return new ReleaseGallery("synthetic releases around the mean of dataset:fiji-quakes", data, mean, releases,
                options);
    }

    @Test
    void drawsTheQuakesOnAMapCentredOnTheBall() throws Exception {
        Geometry sphere = Geometries.parse("sphere:d=2");
        assertThat(picture.accepts(sphere)).isTrue();
        Path png = folder.resolve("map.png");
        picture.write(png, sphere, gallery(sphere, BALL));
        BufferedImage image = PictureChecks.read(png);
        assertThat(image.getWidth()).isEqualTo(SphereMapPicture.SIZE + 250);
        assertThat(image.getHeight()).isEqualTo(SphereMapPicture.SIZE + 40);
        assertThat(PictureChecks.inked(image)).isGreaterThan(image.getWidth() * image.getHeight() / 4);
        assertThat(PictureChecks.pixelsNear(image, PictureCanvas.color(0), 6)).isGreaterThan(200);
        assertThat(PictureChecks.pixelsNear(image, PictureCanvas.color(1), 6)).isGreaterThan(200);
        picture.write(PictureChecks.review("map.png"), sphere, gallery(sphere, BALL));
        // without the ball the map centres on the true mean and still draws
        picture.write(folder.resolve("no-ball.png"), sphere, gallery(sphere, Map.of()));
        assertThat(PictureChecks.inked(PictureChecks.read(folder.resolve("no-ball.png")))).isPositive();
    }

    @Test
    void isDeterministic() throws Exception {
        Geometry sphere = Geometries.parse("sphere:d=2");
        picture.write(folder.resolve("a.png"), sphere, gallery(sphere, BALL));
        picture.write(folder.resolve("b.png"), sphere, gallery(sphere, BALL));
        assertThat(Files.readAllBytes(folder.resolve("a.png"))).isEqualTo(Files.readAllBytes(folder.resolve("b.png")));
    }

    /** Equidistant: |projection| is the angle to the centre; bearings: north is up, east is right. */
    @Test
    void theProjectionKeepsDistancesAndBearingsFromTheCentre() {
        double[] centre = SphereMapPicture.direction(-20, 182);
        SphereMapPicture.Azimuthal map = new SphereMapPicture.Azimuthal(centre);
        double[] north = map.project(SphereMapPicture.direction(-10, 182));
        assertThat(north[0]).isCloseTo(0, within(1e-12));
        assertThat(north[1]).isCloseTo(Math.toRadians(10), within(1e-12));
        double[] south = map.project(SphereMapPicture.direction(-35, 182));
        assertThat(south[1]).isCloseTo(-Math.toRadians(15), within(1e-12));
        double[] east = map.project(SphereMapPicture.direction(-20, 190));
        assertThat(east[0]).isPositive();
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 100; i++) {
            double[] p = SphereMapPicture.direction(random.nextDouble(-89, 89), random.nextDouble(-180, 180));
            double cos = centre[0] * p[0] + centre[1] * p[1] + centre[2] * p[2];
            double[] xy = map.project(p);
            assertThat(Math.hypot(xy[0], xy[1])).isCloseTo(Math.acos(cos), within(1e-9));
        }
        // at a pole the map still has a north
        SphereMapPicture.Azimuthal pole = new SphereMapPicture.Azimuthal(new double[] {0, 0, 1});
        assertThat(Math.hypot(pole.project(SphereMapPicture.direction(60, 10))[0],
                pole.project(SphereMapPicture.direction(60, 10))[1])).isCloseTo(Math.toRadians(30), within(1e-12));
    }

    @Test
    void labelsDegreesGeographically() {
        assertThat(SphereMapPicture.degrees(182, false)).isEqualTo("178W");
        assertThat(SphereMapPicture.degrees(175, false)).isEqualTo("175E");
        assertThat(SphereMapPicture.degrees(-20, true)).isEqualTo("20S");
        assertThat(SphereMapPicture.degrees(0, true)).isEqualTo("0");
        assertThat(SphereMapPicture.degrees(2.5, true)).isEqualTo("2.5N");
    }

    @Test
    void refusesOtherGeometriesAndBadOptions() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        for (String spec : List.of("sphere:d=3", "spd/log-euclidean:k=3", "kendall:landmarks=3")) {
            Geometry other = Geometries.parse(spec);
            assertThat(picture.accepts(other)).as(spec).isFalse();
            assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), other, gallery(sphere, BALL)))
                    .as(spec).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(spec);
        }
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), sphere, gallery(sphere, Map.of("radius",
                "-1")))).hasMessageContaining("option radius").hasMessageContaining("Provided value: -1");
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), sphere, gallery(sphere, Map.of("center",
                "1,0")))).hasMessageContaining("option center").hasMessageContaining("Provided value: 1,0");
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), sphere, gallery(sphere, Map.of("zoom",
                "2")))).hasMessageContaining("unknown option 'zoom'");
        assertThat(folder.resolve("x.png")).doesNotExist();
    }
}
