package dev.manifolddp.experiments.output.pictures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.PrincipalModes;
import dev.manifolddp.estimators.TangentPcaEstimator;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The modes picture: the points it draws lie 2 sd along each mode, signed as the non-private mode, and it draws. */
class ModesPictureTest {

    private static final Geometry SPD = Geometries.parse("spd/log-euclidean:k=3");
    private static final double[] IDENTITY = {1, 0, 0, 0, 1, 0, 0, 0, 1};

    @TempDir
    Path folder;

    /** A packed diagonal second moment with variances 0.09 and 0.01 on the first two basis directions. */
    private static double[] diagonal(int d, double first, double second) {
        double[] m = new double[d * d];
        m[0] = first;
        m[d + 1] = second;
        return TangentPcaEstimator.pack(m, d);
    }

    @Test
    void theDrawnPointsLieTwoStandardDeviationsAlongEachModeOnTheNonPrivateSide() {
        int d = SPD.dimension();
        double[][] basis = SPD.capability(TangentBasis.class).orElseThrow().basis(IDENTITY);
        PrincipalModes truth = TangentPcaEstimator.modes(diagonal(d, 0.09, 0.01), d);
        // a release with the same directions (signs as EJML returns them) and twice the standard deviations
        PrincipalModes release = TangentPcaEstimator.modes(diagonal(d, 0.36, 0.04), d);
        List<double[]> points = ModesPicture.along(SPD, IDENTITY, basis, release, truth);
        assertThat(points).hasSize(4);
        double[] sd = {0.6, 0.2};
        for (int j = 0; j < 2; j++) {
            double[] minus = points.get(2 * j);
            double[] plus = points.get(2 * j + 1);
            assertThat(SPD.distance(IDENTITY, minus)).isCloseTo(2 * sd[j], within(1e-9));
            assertThat(SPD.distance(IDENTITY, plus)).isCloseTo(2 * sd[j], within(1e-9));
            // +2 sd goes along the non-private direction u_j: its log at I has coordinate +2 sd on basis vector j
            double[] log = SPD.log(IDENTITY, plus);
            double coordinate = SPD.inner(IDENTITY, basis[j], log);
            double[] u = truth.direction(j);
            assertThat(coordinate * Math.signum(u[j])).isCloseTo(2 * sd[j], within(1e-9));
        }
    }

    @Test
    void drawsShapesAndEllipsoidsAndNeedsTheBasePoint() throws IOException {
        ModesPicture picture = new ModesPicture();
        assertThat(picture.accepts(Geometries.parse("sphere:d=2"))).isFalse();
        assertThat(picture.accepts(SPD)).isTrue();
        int d = SPD.dimension();
        Map<String, List<double[]>> releases = new LinkedHashMap<>();
        releases.put("release", List.of(diagonal(d, 0.05, 0.02)));
        ReleaseGallery gallery = new ReleaseGallery("test", new double[][] {IDENTITY}, diagonal(d, 0.04, 0.01),
                releases, Map.of("center", "1,0,0,0,1,0,0,0,1", "radius", "1"));
        Path png = folder.resolve("modes.png");
        picture.write(png, SPD, gallery);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getHeight()).isGreaterThan(300);

        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        double[] square = {1, 1, -1, 1, -1, -1, 1, -1};
        double[] base = new double[8];
        for (int i = 0; i < 8; i++) {
            base[i] = square[i] / Math.sqrt(8);
        }
        int dk = kendall.dimension();
        Map<String, List<double[]>> shapes = new LinkedHashMap<>();
        shapes.put("release", List.of(diagonal(dk, 0.002, 0.001)));
        StringBuilder centre = new StringBuilder();
        for (double v : base) {
            centre.append(centre.length() == 0 ? "" : ",").append(v);
        }
        ReleaseGallery landmarks = new ReleaseGallery("test", new double[][] {base}, diagonal(dk, 0.002, 0.001),
                shapes, Map.of("center", centre.toString(), "radius", "0.1"));
        picture.write(folder.resolve("shapes.png"), kendall, landmarks);
        assertThat(ImageIO.read(folder.resolve("shapes.png").toFile()).getWidth()).isGreaterThan(300);

        ReleaseGallery noBase = new ReleaseGallery("test", new double[][] {IDENTITY}, diagonal(d, 0.04, 0.01),
                releases, Map.of());
        assertThatThrownBy(() -> picture.write(folder.resolve("x.png"), SPD, noBase))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("center");
    }
}
