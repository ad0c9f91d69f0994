package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reviewer's own file of 50-landmark outlines with an age column (the held-out check): perturbed
 * ellipse-like outlines, all within 0.08 of the ellipse and so within 0.16 of their Frechet mean (which lies in that
 * ball), run through {@code mdp release} with each shape mechanism and through a configuration with pictures, which
 * must write the distance-vs-epsilon plot and the shape panel.
 */
class HeldOutOutlinesTest {

    private static final int K = 50;
    private static final Geometry KENDALL = Geometries.parse("kendall:landmarks=" + K);

    @TempDir
    Path folder;

    private Path file;
    private double[] ellipse;

    @BeforeEach
    void outlines() throws IOException {
        ellipse = new double[2 * K];
        for (int j = 0; j < K; j++) {
            double t = 2 * Math.PI * j / K;
            ellipse[2 * j] = 80 * Math.cos(t) + 6 * Math.cos(3 * t);
            ellipse[2 * j + 1] = 60 * Math.sin(t);
        }
        LandmarkShapes shapes = KENDALL.capability(LandmarkShapes.class).orElseThrow();
        double[] template = shapes.preshape(ellipse);
        Random random = new Random(7);
        StringBuilder csv = new StringBuilder("id,age," + columns().stream().collect(Collectors.joining(",")) + "\n");
        for (int i = 0; i < 60; i++) {
            double[] outline = new double[2 * K];
            double bulge = 1.0 * random.nextGaussian();
            for (int j = 0; j < K; j++) {
                double t = 2 * Math.PI * j / K;
                outline[2 * j] = ellipse[2 * j] + bulge * Math.cos(2 * t) + 1.0 * random.nextGaussian();
                outline[2 * j + 1] = ellipse[2 * j + 1] + 1.0 * random.nextGaussian();
            }
            assertThat(KENDALL.distance(shapes.preshape(outline), template)).isLessThan(0.08);
            csv.append(i).append(',').append(20 + i % 50);
            for (double v : outline) {
                csv.append(String.format(Locale.ROOT, ",%.6f", v));
            }
            csv.append('\n');
        }
        file = Configs.write(folder, "outlines.csv", csv.toString());
    }

    private static List<String> columns() {
        List<String> names = new ArrayList<>();
        IntStream.rangeClosed(1, K).forEach(j -> {
            names.add("x" + j);
            names.add("y" + j);
        });
        return names;
    }

    private String center() {
        return IntStream.range(0, ellipse.length).mapToObj(j -> String.format(Locale.ROOT, "%.6f", ellipse[j]))
                .collect(Collectors.joining(","));
    }

    @Test
    void releaseTakesTheFileWithEveryShapeMechanism() throws IOException {
        for (String mechanism : List.of("kng", "riemannian-laplace", "landmark-laplace")) {
            Path out = folder.resolve(mechanism + ".json");
            Cli cli = Cli.run("release", "--geometry", "kendall:landmarks=50", "--input", file.toString(),
                    "--columns", String.join(",", columns()), "--center", center(), "--radius", "0.19",
                    "--mechanism", mechanism, "--epsilon", "1", "--seed", "3", "--allow-mcmc", "--out",
                    out.toString(), "--ledger", folder.resolve("ledger.json").toString());
            assertThat(cli.exit()).as(cli.toString()).isZero();
            JsonNode release = new ObjectMapper().readTree(out.toFile());
            assertThat(release.toString()).contains("\"records\":60");
        }
    }

    @Test
    void aConfigurationOnTheFileDrawsTheShapesAndTheDistanceAgainstEpsilon() throws IOException {
        String yaml = """
                name: held-out
                seed: 4
                replicates: 3
                threads: 2
                geometry: kendall:landmarks=50
                data: { file: %s, columns: [%s], center: [%s], radius: 0.19, clip: true }
                sweep: { epsilon: [1, 10] }
                mechanisms:
                  - { name: kng, params: { burn-in: 200, thin: 10 } }
                  - riemannian-laplace
                  - { name: landmark-laplace, label: aligned }
                  - { name: landmark-laplace, label: not-aligned, params: { align: false } }
                utility: [geodesic-distance]
                pictures: { at: { epsilon: 10 }, per-mechanism: 2, show: [shapes], options: { closed-outline: true } }
                """.formatted(file.toAbsolutePath(), String.join(", ", columns()), center());
        Path config = Configs.write(folder, "held-out.yaml", yaml);
        Cli cli = Cli.run("run", config.toString(), "--out", folder.resolve("out").toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(folder.resolve("out/distance-vs-epsilon.png")).isNotEmptyFile();
        assertThat(folder.resolve("out/shapes.png")).isNotEmptyFile();
        String summary = Files.readString(folder.resolve("out/summary.md"));
        assertThat(summary).contains("RMS geodesic distance of the 60 records to their non-private mean")
                .contains("never part of a release");
    }
}
