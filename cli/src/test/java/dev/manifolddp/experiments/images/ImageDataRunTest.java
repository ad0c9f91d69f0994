package dev.manifolddp.experiments.images;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.Cli;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code data: { images: ... }} form of a mean experiment, end to end through {@code mdp run}. */
class ImageDataRunTest {

    @TempDir
    Path folder;

    @BeforeEach
    void writeImages() throws IOException {
        // 400 random 6 x 6 grey images of labels 0 and 1 (enough for releases whose matrices stay representable)
        // and a 24 x 16 RGB picture
        StringBuilder csv = new StringBuilder("label,train_index");
        for (int p = 0; p < 36; p++) {
            csv.append(",p").append(p);
        }
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 400; i++) {
            csv.append('\n').append(i % 2).append(',').append(i);
            for (int p = 0; p < 36; p++) {
                csv.append(',').append(random.nextInt(256));
            }
        }
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(folder.resolve("digits.csv.gz")))) {
            out.write(csv.append('\n').toString().getBytes(StandardCharsets.UTF_8));
        }
        BufferedImage picture = new BufferedImage(24, 16, BufferedImage.TYPE_3BYTE_BGR);
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 24; x++) {
                picture.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        ImageIO.write(picture, "png", folder.resolve("picture.png").toFile());
    }

    private Cli run(String name, String geometry, String data) throws IOException {
        return run(name, geometry, data, "{ label: [0, 1], epsilon: [0.5, 1.0], delta: [1e-6] }");
    }

    private Cli run(String name, String geometry, String data, String sweep) throws IOException {
        Path config = folder.resolve(name + ".yaml");
        Files.writeString(config, String.join("\n",
                "name: " + name,
                "seed: 3",
                "replicates: 2",
                "threads: 1",
                "geometry: " + geometry,
                "data: " + data,
                "sweep: " + sweep,
                "mechanisms:",
                "  - { name: tangent-gaussian, label: tangent-gaussian, params: { calibration: analytic } }",
                "utility: [geodesic-distance]",
                "plot: { x: epsilon, band: sd, grid: true }",
                ""));
        return Cli.run("run", config.toString(), "--out", folder.resolve(name).toString());
    }

    @Test
    void classMeansOfCsvImagesRunWithTheoremFivesBallAndReportTheLargestLogNorm() throws IOException {
        Cli cli = run("digits", "spd/log-euclidean:k=9", "{ images: digits.csv.gz, label: \"{label}\" }");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        String summary = Files.readString(folder.resolve("digits/summary.md"));
        assertThat(summary).contains("200 images (6 x 6, grey) of label 0 of digits.csv.gz as 9 x 9 descriptors")
                .contains("of label 1").contains("ball centre I, radius 36.72 (Thm 5 with the position features)")
                .contains("largest \\|Logm R\\|_F").contains("of the theorem's bound 36.72");
        assertThat(folder.resolve("digits/geodesic-distance_grid.png")).isNotEmptyFile();
        assertThat(folder.resolve("digits/geodesic-distance_label=1.png")).isNotEmptyFile();
    }

    @Test
    void aSmallerDeclaredRadiusRefusesOrClipsTheDescriptorsOutsideIt() throws IOException {
        Cli refused = run("small", "spd/log-euclidean:k=9", "{ images: digits.csv.gz, label: \"{label}\", radius: 1 }");
        assertThat(refused.exit()).isNotZero();
        assertThat(refused.err()).contains("data.radius").contains("outside the declared ball of radius 1")
                .contains("clip: true");
        Cli clipped = run("clipped", "spd/log-euclidean:k=9",
                "{ images: digits.csv.gz, label: \"{label}\", radius: 1, clip: true }");
        assertThat(clipped.exit()).as(clipped.toString()).isZero();
        assertThat(Files.readString(folder.resolve("clipped/summary.md")))
                .contains("200 of 200 descriptors of digits.csv.gz lay outside the declared ball of radius 1.0")
                .contains("declared radius 1.0");
    }

    @Test
    void rgbPatchesAreElevenByElevenAndTheGeometryMustFit() throws IOException {
        String data = "{ images: picture.png, patch: 8, eta: 1e-4, backend: java, center: identity, radius: theorem }";
        String sweep = "{ epsilon: [0.5, 1.0], delta: [1e-6] }";
        Cli right = run("rgb", "spd/log-euclidean:k=11", data, sweep);
        assertThat(right.exit()).as(right.toString()).isZero();
        assertThat(Files.readString(folder.resolve("rgb/summary.md"))).contains("6 patches (8 x 8, RGB, 3 across x 2 "
                + "down; 0 of 384 pixels").contains("as 11 x 11 descriptors (eta 0.0001");
        Cli wrong = run("wrong", "spd/log-euclidean:k=9", data, sweep);
        assertThat(wrong.exit()).isNotZero();
        assertThat(wrong.err()).contains("geometry: the descriptors of RGB images are 11 x 11")
                .contains("spd/log-euclidean:k=11");
    }

    @Test
    void badImageKeysAreNamed() throws IOException {
        assertThat(run("b1", "spd/log-euclidean:k=9", "{ images: digits.csv.gz, label: \"{label}\", backend: gpu }")
                .err()).contains("data.backend").contains("known backends: ").contains("java");
        assertThat(run("b2", "spd/log-euclidean:k=9", "{ images: digits.csv.gz, label: \"{label}\", eta: 2 }")
                .err()).contains("data.eta").contains("(0, 1)");
        assertThat(run("b3", "spd/log-euclidean:k=9", "{ images: digits.csv.gz, label: \"{label}\", clip: true }")
                .err()).contains("data.clip");
        assertThat(run("b4", "spd/log-euclidean:k=9", "{ images: digits.csv.gz, label: \"{label}\", patch: 4 }")
                .err()).contains("data.patch");
        assertThat(run("b5", "spd/log-euclidean:k=9", "{ images: digits.csv.gz, label: \"{label}\", center: [1] }")
                .err()).contains("data.center").contains("identity");
        assertThat(run("b6", "spd/log-euclidean:k=9", "{ images: digits.csv.gz, label: \"{label}\", size: 4 }")
                .err()).contains("size");
        assertThat(run("b7", "spd/log-euclidean:k=9", "{ images: missing.csv.gz, label: \"{label}\" }")
                .err()).contains("data.images").contains("no such file");
    }
}
