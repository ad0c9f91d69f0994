package dev.manifolddp.experiments.output.pictures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.SymmetricEigensolver;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import dev.manifolddp.utility.Prediction;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pictures of a regression's releases: the SPD(2) ellipse is the matrix's (its eigen-decomposition reconstructs
 * the matrix and every outline point z satisfies {@code z^T S^-1 z = 1}), the covariates default to equal spacing over
 * the public range, each picture draws what the gallery's prediction gives, and bad options and a gallery without a
 * prediction are refused with the option named.
 */
class PredictionPicturesTest {

    private static final Geometry SPD2 = Geometries.parse("spd/affine-invariant:k=2");
    private static final SymmetricEigensolver SOLVER = SPD2.capability(SymmetricEigensolvers.class).orElseThrow()
            .eigensolver(2);
    private static final double[] FOOTPOINT = {1.1051709180756477, 0, 0, 0.9512294245007139};
    private static final double[] VELOCITY = {0.22103418361512955, 0.10253151205244289, 0.10253151205244289,
        -0.0951229424500714};

    @TempDir
    Path folder;

    @Test
    void theEllipseIsTheMatrixs() {
        Random random = new Random(3);
        for (int trial = 0; trial < 200; trial++) {
            double a = 0.1 + random.nextDouble();
            double c = 0.1 + random.nextDouble();
            double b = (2 * random.nextDouble() - 1) * Math.sqrt(a * c) * 0.99;
            double[] s = {a, b, b, c};
            PlaneEllipse e = PredictedEllipsesPicture.ellipse(SOLVER, s);
            double l1 = e.major() * e.major();
            double l2 = e.minor() * e.minor();
            // S = l1 u u^T + l2 w w^T, u = (cos, sin), w = (-sin, cos); the major axis has cos >= 0
            assertThat(e.cos()).isNotNegative();
            assertThat(l1).isGreaterThanOrEqualTo(l2);
            assertThat(l1 * e.cos() * e.cos() + l2 * e.sin() * e.sin()).isCloseTo(a, within(1e-12));
            assertThat((l1 - l2) * e.cos() * e.sin()).isCloseTo(b, within(1e-12));
            assertThat(l1 * e.sin() * e.sin() + l2 * e.cos() * e.cos()).isCloseTo(c, within(1e-12));
            double det = a * c - b * b;
            double[][] outline = PredictedEllipsesPicture.outline(SOLVER, s, 5.0);
            for (int i = 0; i < outline[0].length; i++) {
                double x = outline[0][i] - 5.0;
                double y = outline[1][i];
                assertThat((c * x * x - 2 * b * x * y + a * y * y) / det).isCloseTo(1, within(1e-9));
            }
        }
    }

    @Test
    void covariatesDefaultToEqualSpacingOverThePublicRangeOrAreTheOptions() {
        assertThat(PredictionCovariates.of(Map.of(), new double[] {18, 49}, 4))
                .containsExactly(new double[] {18, 18 + 31.0 / 3, 18 + 62.0 / 3, 49}, within(1e-12));
        assertThat(PredictionCovariates.of(Map.of("covariates", "7, 30,90"), null, 4)).containsExactly(7, 30, 90);
        assertThatThrownBy(() -> PredictionCovariates.of(Map.of(), null, 4))
                .hasMessageContaining("pictures.options.covariates");
        assertThatThrownBy(() -> PredictionCovariates.check(Map.of("covariates", "7, x")))
                .hasMessageContaining("pictures.options.covariates must list finite numbers")
                .hasMessageContaining("Provided value: 7, x");
        assertThatThrownBy(() -> PredictionCovariates.check(Map.of("covariates", "1,2,3,4,5,6,7,8,9,10,11,12,13")))
                .hasMessageContaining("draw at most 12");
    }

    @Test
    void theEllipsePanelDrawsThePredictionsAndRefusesAHalfGivenTruth() throws Exception {
        Prediction along = (value, x) -> SPD2.exp(new double[] {value[0], value[1], value[2], value[3]},
                new double[] {x * value[4], x * value[5], x * value[6], x * value[7]});
        double[] fit = concat(FOOTPOINT, VELOCITY);
        double[] release = concat(FOOTPOINT, new double[] {0.3, 0, 0, -0.2});
        Map<String, List<double[]>> releases = new LinkedHashMap<>();
        releases.put("joint", List.of(release));
        Map<String, String> truth = Map.of("true-footpoint", "1.1051709180756477, 0, 0, 0.9512294245007139",
                "true-velocity", "0.22103418361512955, 0.10253151205244289, 0.10253151205244289, -0.0951229424500714");
        ReleaseGallery gallery = new ReleaseGallery("tiny", new double[0][], fit, releases, truth, along,
                new double[] {0, 1});
        PredictedEllipsesPicture picture = new PredictedEllipsesPicture();
        assertThat(picture.accepts(SPD2)).isTrue();
        assertThat(picture.accepts(Geometries.parse("sphere:d=2"))).isFalse();
        assertThat(picture.drawsPredictions()).isTrue();
        Path png = folder.resolve("ellipses.png");
        picture.write(png, SPD2, gallery);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1300);
        assertThat(image.getHeight()).isEqualTo(520);
        // the truth at x = 0 is the footpoint itself
        double[][] truthCurve = PredictedEllipsesPicture.truth(truth);
        assertThat(truthCurve[0]).containsExactly(FOOTPOINT);

        assertThatThrownBy(() -> picture.checkOptions(Map.of("true-footpoint", "1, 0, 0, 1")))
                .hasMessageContaining("give both true-footpoint and true-velocity");
        assertThatThrownBy(() -> picture.checkOptions(Map.of("true-footpoint", "1, 0, 0", "true-velocity",
                "0, 0, 0, 0"))).hasMessageContaining("pictures.options.true-footpoint must list the 4 entries");
        ReleaseGallery none = new ReleaseGallery("tiny", new double[0][], fit, releases, Map.of());
        assertThatThrownBy(() -> picture.write(folder.resolve("none.png"), SPD2, none))
                .hasMessageContaining("predicts no response");
    }

    @Test
    void theShapePanelDrawsOneColumnPerCovariateAndARowPerMechanism() throws Exception {
        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        double[] square = kendall.capability(LandmarkShapes.class).orElseThrow().preshape(new double[] {1, 1, -1, 1, -1, -1, 1, -1});
        double[] kite = kendall.capability(LandmarkShapes.class).orElseThrow().preshape(new double[] {1, 1.3, -1, 1, -1, -1, 1, -1.2});
        // a prediction that ignores the covariate draws the value itself in every column
        Prediction constant = (value, x) -> value.clone();
        Map<String, List<double[]>> releases = new LinkedHashMap<>();
        releases.put("joint", List.of(kite));
        releases.put("two-step", List.of(kite, square));
        ReleaseGallery gallery = new ReleaseGallery("tiny", new double[0][], square, releases,
                Map.of("covariates", "7, 30, 90", "closed-outline", "true"), constant, new double[] {7, 150});
        PredictedShapesPicture picture = new PredictedShapesPicture();
        assertThat(picture.accepts(kendall)).isTrue();
        assertThat(picture.accepts(SPD2)).isFalse();
        Path png = folder.resolve("shapes.png");
        picture.write(png, kendall, gallery);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(220 + 3 * ShapePicture.CELL + 20);
        assertThat(image.getHeight()).isEqualTo(54 + 20 + 3 * (ShapePicture.CELL + 16) + 46);
        assertThat(inked(image, 220 + 2 * ShapePicture.CELL, 54 + 20 + 2 * (ShapePicture.CELL + 16)))
                .as("the last covariate of the last mechanism's row is drawn").isTrue();
        long size = java.nio.file.Files.size(png);
        assertThatThrownBy(() -> picture.write(png, kendall, gallery)).as("an existing file is left alone")
                .hasMessageContaining("already exists and was left unchanged");
        assertThat(java.nio.file.Files.size(png)).isEqualTo(size);
        assertThatThrownBy(() -> picture.checkOptions(Map.of("closed-outline", "yes")))
                .hasMessageContaining("pictures.options.closed-outline must be true or false");
    }

    /** True when the cell at (left, top) has a pixel that is not white. */
    private static boolean inked(BufferedImage image, int left, int top) {
        for (int x = left; x < left + ShapePicture.CELL; x++) {
            for (int y = top; y < top + ShapePicture.CELL; y++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    return true;
                }
            }
        }
        return false;
    }

    private static double[] concat(double[] a, double[] b) {
        double[] out = new double[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
