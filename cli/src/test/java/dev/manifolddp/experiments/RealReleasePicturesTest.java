package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.DatasetFiles;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.output.pictures.EllipsoidPicture;
import dev.manifolddp.experiments.output.pictures.ReleaseGallery;
import dev.manifolddp.experiments.output.pictures.ReleasePicture;
import dev.manifolddp.experiments.output.pictures.SphereMapPicture;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tensor and direction pictures drawn from real releases of {@code mdp release} on the bundled sets (seeded, so
 * the pictures repeat), with the same public centres and radii as the configurations. Until the mean experiment draws
 * galleries itself, this leaves the pictures in target/release-pictures/ for review.
 */
class RealReleasePicturesTest {

    private static final Path REVIEW = Path.of("target", "release-pictures");
    private static final String TISSUE = "8e-4,0,0,0,8e-4,0,0,0,8e-4";
    private static final String TONGA = "-0.93912019,-0.03279480,-0.34202014";

    @TempDir
    Path folder;

    @Test
    void meanDiffusionTensorsAtEpsilonPointOne() throws IOException {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        List<String> common = List.of("--input", "dataset:dti-tensors", "--geometry", spd.spec(), "--columns",
                "Dxx,Dxy,Dxz,Dyy,Dyz,Dzz", "--center", TISSUE, "--radius", "3", "--clip", "--epsilon", "0.1");
        Map<String, List<double[]>> releases = new LinkedHashMap<>();
        releases.put("kng", releases(common, 6, "--mechanism", "kng"));
        releases.put("riemannian-laplace", releases(common, 6, "--mechanism", "riemannian-laplace"));
        releases.put("tangent-gaussian", releases(common, 6, "--mechanism", "tangent-gaussian", "--delta", "1e-6"));
        double[][] data = clipped(spd, "dataset:dti-tensors", List.of("Dxx", "Dxy", "Dxz", "Dyy", "Dyz", "Dzz"),
                TISSUE, 3);
        ReleaseGallery gallery = new ReleaseGallery("dataset:dti-tensors, 968 voxels, epsilon 0.1 (delta 1e-6 for "
                + "the tangent Gaussian)", Arrays.copyOf(data, 8), mean(spd, data), releases, Map.of());
        draw(new EllipsoidPicture(), spd, gallery, "real-dti-ellipsoids.png");
    }

    @Test
    void meanEpicentreDirectionsAtEpsilonPointZeroFive() throws IOException {
        Geometry sphere = Geometries.parse("sphere:d=2");
        List<String> common = List.of("--input", "dataset:fiji-quakes", "--geometry", sphere.spec(), "--columns",
                "x,y,z", "--center", TONGA, "--radius", "0.2618", "--clip", "--epsilon", "0.05");
        Map<String, List<double[]>> releases = new LinkedHashMap<>();
        releases.put("kng", releases(common, 10, "--mechanism", "kng"));
        releases.put("riemannian-laplace", releases(common, 10, "--mechanism", "riemannian-laplace"));
        releases.put("projected-euclidean-laplace", releases(common, 10, "--mechanism", "euclidean-laplace",
                "--param", "project=true"));
        double[][] data = clipped(sphere, "dataset:fiji-quakes", List.of("x", "y", "z"), TONGA, 0.2618);
        ReleaseGallery gallery = new ReleaseGallery("dataset:fiji-quakes, 1000 events, epsilon 0.05", data,
                mean(sphere, data), releases, Map.of("center", TONGA, "radius", "0.2618"));
        draw(new SphereMapPicture(), sphere, gallery, "real-fiji-map.png");
    }

    /** {@code count} seeded releases (seeds 1..count) of one mechanism. */
    private List<double[]> releases(List<String> common, int count, String... mechanism) throws IOException {
        List<double[]> values = new ArrayList<>();
        for (int seed = 1; seed <= count; seed++) {
            Path out = folder.resolve("release-" + mechanism[1] + "-" + seed + ".json");
            List<String> args = new ArrayList<>(List.of("release"));
            args.addAll(common);
            args.addAll(List.of(mechanism));
            args.addAll(List.of("--seed", Integer.toString(seed), "--out", out.toString(), "--ledger",
                    folder.resolve("ledger.json").toString()));
            Cli cli = Cli.run(args.toArray(String[]::new));
            assertThat(cli.exit()).as(cli.toString()).isZero();
            JsonNode value = new ObjectMapper().readTree(out.toFile()).get("value");
            double[] x = new double[value.size()];
            for (int j = 0; j < x.length; j++) {
                x[j] = value.get(j).asDouble();
            }
            values.add(x);
        }
        return values;
    }

    /** The rows as the release reads them: projected, then clipped onto the public ball. */
    private static double[][] clipped(Geometry geometry, String dataset, List<String> columns, String centre,
            double radius) {
        PointFile.Points points = PointFile.read(DatasetFiles.resolve("--input", dataset, List.of()), geometry,
                PointFile.Columns.ALL.withCoordinates(columns));
        return BallClip.apply(geometry, PointFile.center(centre, geometry, "--center"), radius, "--radius", points, true, "")
                .points();
    }

    /** The Frechet mean by the fixed point m <- exp_m(mean_i log_m(x_i)), from the first point. */
    private static double[] mean(Geometry geometry, double[][] data) {
        double[] m = data[0].clone();
        for (int iteration = 0; iteration < 100; iteration++) {
            double[] step = new double[m.length];
            for (double[] x : data) {
                double[] v = geometry.log(m, x);
                for (int j = 0; j < m.length; j++) {
                    step[j] += v[j] / data.length;
                }
            }
            m = geometry.exp(m, step);
        }
        return m;
    }

    private static void draw(ReleasePicture picture, Geometry geometry, ReleaseGallery gallery, String name)
            throws IOException {
        Files.createDirectories(REVIEW);
        Path png = REVIEW.resolve(name);
        Files.deleteIfExists(png);
        picture.write(png, geometry, gallery);
        assertThat(ImageIO.read(png.toFile()).getWidth()).isGreaterThan(600);
    }
}
