package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.random.RandomStreams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Experiments on the rows of a CSV file: subsampling, the declared ball, clipping, pre-shaping. */
class FileDataTest {

    @TempDir
    Path folder;

    /** 40 points of the cap of radius 0.3 around the north pole, with a header and a comment. */
    private Path sphereFile(String extraRows) throws IOException {
        Geometry sphere = Geometries.parse("sphere:d=2");
        GeneratedData data = new GeodesicBallGenerator(sphere, new double[] {0, 0, 1}, 0.3)
                .generate(40, RandomStreams.seeded(5).stream(0, 0));
        StringBuilder csv = new StringBuilder("# directions\nx0,x1,x2\n");
        for (double[] p : data.points()) {
            csv.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g%n", p[0], p[1], p[2]));
        }
        csv.append(extraRows);
        return Configs.write(folder, "points.csv", csv.toString());
    }

    private static String config(String data, String sweep) {
        return """
                name: file-data
                seed: 2
                replicates: 3
                threads: 2
                geometry: sphere:d=2
                data: %s
                sweep: %s
                mechanisms: [riemannian-laplace, { name: euclidean-laplace, params: { project: true } }]
                utility: [geodesic-distance]
                """.formatted(data, sweep);
    }

    private Cli run(String yaml) {
        Path config = Configs.write(folder, "config.yaml", yaml);
        return Cli.run("run", config.toString(), "--out", folder.resolve("out").toString());
    }

    @Test
    void replicatesDrawNRowsFromTheFile() throws IOException {
        sphereFile("");
        Cli cli = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3 }",
                "{ n: [10, 40], epsilon: [1.0] }"));
        assertThat(cli.exit()).as(cli.toString()).isZero();
        List<String> rows = Files.readAllLines(folder.resolve("out/replicates.csv"));
        assertThat(rows).hasSize(1 + 2 * 3 * 2);
        JsonNode run = new ObjectMapper().readTree(folder.resolve("out/run.json").toFile());
        assertThat(run.get("data").get("sources").get(0).asText()).contains("40 rows of points.csv");
        assertThat(run.get("privacy").get(0).get("guarantee").asText()).isEqualTo("pure");
    }

    @Test
    void columnsAndWhereSelectTheCoordinatesAndTheRows() throws IOException {
        StringBuilder csv = new StringBuilder("id,kind,x0,x1,x2\n");
        for (int i = 0; i < 30; i++) {
            double t = 0.01 * i;
            csv.append(String.format(Locale.ROOT, "%d,%s,%.17g,0,%.17g%n", i, i % 3 == 0 ? "a" : "b", Math.sin(t),
                    Math.cos(t)));
        }
        Configs.write(folder, "points.csv", csv.toString());
        Cli cli = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3, columns: [x0, x1, x2], "
                + "where: { kind: a } }", "{ epsilon: [1.0] }"));
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode run = new ObjectMapper().readTree(folder.resolve("out/run.json").toFile());
        assertThat(run.get("data").get("sources").get(0).asText()).contains("10 rows of points.csv where kind in a");

        Cli unknown = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3, columns: [x0, x1, x2], "
                + "where: { sort: a } }", "{ epsilon: [1.0] }"));
        assertThat(unknown.exit()).isNotZero();
        assertThat(unknown.err()).contains("data.file").contains("'sort' is not in the header");
        Cli none = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3, columns: [x0, x1, x2], "
                + "where: { kind: c } }", "{ epsilon: [1.0] }"));
        assertThat(none.err()).contains("no row has kind in [c]").contains("[a, b]");
        Cli two = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3, columns: [x0, x1, x2], "
                + "where: { kind: a, id: 1 } }", "{ epsilon: [1.0] }"));
        assertThat(two.err()).contains("data.where").contains("one column");
    }

    @Test
    void withoutAnNAxisEveryReplicateUsesAllRows() throws IOException {
        sphereFile("");
        Cli cli = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3 }", "{ epsilon: [0.5, 1] }"));
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(Files.readAllLines(folder.resolve("out/replicates.csv")).get(0))
                .startsWith("epsilon,mechanism,replicate,");
        JsonNode run = new ObjectMapper().readTree(folder.resolve("out/run.json").toFile());
        // the Riemannian Laplace's sensitivity L(r)/(n h), h = h_max(2r, 1), uses all n = 40 rows; L(r) is the
        // sphere's chord bound 2 sin(r) sqrt(g(2r) g(2 asin(sin(r)/2))), g(a) = a / sin a (docs/sensitivity-bounds.md)
        double a = 0.6;
        double b = 2 * Math.asin(Math.sin(0.3) / 2);
        double chord = 2 * Math.sin(0.3) * Math.sqrt(a / Math.sin(a) * (b / Math.sin(b)));
        double h = 0.6 / Math.tan(0.6);
        assertThat(run.get("privacy").get(0).get("sensitivity").get("mean").asDouble())
                .isCloseTo(chord / (40 * h), org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void rowsOutsideTheBallAreRefusedUnlessClipped() throws IOException {
        sphereFile("1,0,0\n0,1,0\n");
        Cli refused = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3 }", "{ epsilon: [1] }"));
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.errLines()).hasSize(1);
        assertThat(refused.err()).contains("data.file: 2 of 42 records lie outside the declared ball")
                .contains("line 43 at distance 1.5708").contains("line 44").contains("clip: true");

        Cli clipped = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3, clip: true }",
                "{ epsilon: [1] }"));
        assertThat(clipped.exit()).as(clipped.toString()).isZero();
        JsonNode run = new ObjectMapper().readTree(folder.resolve("out/run.json").toFile());
        assertThat(run.get("data").get("clippedRows").asInt()).isEqualTo(2);
        assertThat(Files.readString(folder.resolve("out/summary.md")))
                .contains("2 of 42 rows of points.csv lay outside the ball of radius 0.3 and were moved onto its "
                        + "boundary");
    }

    @Test
    void badRowsAndTooLargeNAreOneLineErrors() throws IOException {
        sphereFile("0.5,0.5,0.5\n");
        Cli offManifold = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3 }", "{ epsilon: [1] }"));
        assertThat(offManifold.exit()).isEqualTo(1);
        assertThat(offManifold.err()).contains("data.file: ").contains("1 of 41 rows are not points of sphere")
                .contains("line 43");
        sphereFile("0,0,abc\n");
        Cli notANumber = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3 }", "{ epsilon: [1] }"));
        assertThat(notANumber.err()).contains("line 43: column 3 (x2) is not a number");
        sphereFile("");
        Cli tooMany = run(config("{ file: points.csv, center: [0, 0, 1], radius: 0.3 }",
                "{ n: [41], epsilon: [1] }"));
        assertThat(tooMany.err()).contains("sweep.n: n = 41 exceeds the 40 rows of the data file");
        Cli missing = run(config("{ file: nowhere.csv, center: [0, 0, 1], radius: 0.3 }", "{ epsilon: [1] }"));
        assertThat(missing.err()).contains("data.file: data file not found");
    }

    @Test
    void dataDerivedRadiusMarksReleasesNonPrivate() throws IOException {
        sphereFile("");
        String yaml = config("{ file: points.csv, center: [0, 0, 1], non-private: true }", "{ epsilon: [1] }");
        Cli refused = run(yaml);
        assertThat(refused.err()).contains("mechanisms[0].params: the data ball is measured from the data")
                .contains("non-private: true");
        Cli cli = run(yaml.replace("[riemannian-laplace, { name: euclidean-laplace, params: { project: true } }]",
                "[{ name: riemannian-laplace, params: { non-private: true } }]"));
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode run = new ObjectMapper().readTree(folder.resolve("out/run.json").toFile());
        assertThat(run.get("privacy").get(0).get("guarantee").asText()).isEqualTo("not-private");
        assertThat(run.get("privacy").get(0).get("dataDerivedReleases").asInt()).isEqualTo(3);
        assertThat(Files.readString(folder.resolve("out/summary.md"))).contains("riemannian-laplace: 3 of 3 releases "
                + "have no proven guarantee (unproven or not-private) (3 with a bound computed from the data)")
                .contains("| riemannian-laplace | not-private | 0 |").contains("Unit of privacy: one record");
    }

    @Test
    void rawLandmarkConfigurationsArePreShaped() throws IOException {
        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        LandmarkShapes shapes = kendall.capability(LandmarkShapes.class).orElseThrow();
        double[] square = {0, 0, 1, 0, 1, 1, 0, 1};
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            double jitter = 0.02 * (i % 5);
            double scale = 10 + i;
            csv.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%s,%s,%s,%s%n", 5 + scale * 0, 7, 5 + scale,
                    7 + jitter * scale, 5 + scale, 7 + scale, 5 - jitter * scale, 7 + scale));
        }
        Configs.write(folder, "shapes.csv", csv.toString());
        double[] center = shapes.preshape(square);
        String centerList = String.format(Locale.ROOT, "[%s, %s, %s, %s, %s, %s, %s, %s]", center[0], center[1],
                center[2], center[3], center[4], center[5], center[6], center[7]);
        String yaml = """
                name: shapes
                seed: 2
                replicates: 2
                geometry: kendall:landmarks=4
                data: { file: shapes.csv, center: %s, radius: 0.3 }
                sweep: { n: [6], epsilon: [1] }
                mechanisms: [riemannian-laplace]
                utility: [geodesic-distance]
                """.formatted(centerList);
        Cli cli = run(yaml);
        assertThat(cli.exit()).as(cli.toString()).isZero();
    }
}
