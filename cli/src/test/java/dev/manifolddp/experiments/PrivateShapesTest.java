package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mean experiment on shapes: subjects (group privacy), the public template split, and the pictures section's
 * checks and determinism, on the bundled rat skulls and gorilla skulls.
 */
class PrivateShapesTest {

    private static final String LANDMARKS = "[x1, y1, x2, y2, x3, y3, x4, y4, x5, y5, x6, y6, x7, y7, x8, y8]";

    @TempDir
    Path folder;

    private static String rats(String subject, String template, String extra) {
        return """
                name: rats
                seed: 9
                replicates: 4
                threads: 2
                geometry: kendall:landmarks=8
                data: { file: dataset:rats, where: { rat: [2, 4, 6, 8] }, columns: %s, %s
                        center: %s, radius: 0.19, clip: true }
                sweep: { epsilon: [1, 4] }
                mechanisms: [riemannian-laplace, { name: landmark-laplace, params: { align: false } }]
                utility: [geodesic-distance]
                %s
                """.formatted(LANDMARKS, subject, template, extra);
    }

    private static final String ODD_RATS = "{ mean-of: { where: { rat: [1, 5, 7, 9] } } }";

    private Cli run(String yaml, String out) {
        Path config = Configs.write(folder, out + ".yaml", yaml);
        return Cli.run("run", config.toString(), "--out", folder.resolve(out).toString());
    }

    private JsonNode runJson(String out) throws IOException {
        return new ObjectMapper().readTree(folder.resolve(out + "/run.json").toFile());
    }

    @Test
    void aSubjectColumnReleasesEachRecordAtEpsilonOverMAndStatesTheUnit() throws IOException {
        Cli records = run(rats("", ODD_RATS, ""), "records");
        assertThat(records.exit()).as(records.toString()).isZero();
        Cli subjects = run(rats("subject: rat, records-per-subject: 8,", ODD_RATS, ""), "subjects");
        assertThat(subjects.exit()).as(subjects.toString()).isZero();
        JsonNode perRecord = runJson("records").get("privacy");
        JsonNode perRat = runJson("subjects").get("privacy");
        for (int i = 0; i < perRecord.size(); i++) {
            double ratio = perRat.get(i).get("sigma").get("mean").asDouble()
                    / perRecord.get(i).get("sigma").get("mean").asDouble();
            // the per-record budget epsilon/8 multiplies a Laplace-type scale Delta/epsilon by 8 (up to the
            // rounding of the scale onto the sampler's floating-point grid, docs/floating-point-noise.md)
            assertThat(ratio).isCloseTo(8, within(0.01));
            assertThat(perRat.get(i).get("budget").get("epsilon").asDouble()).isEqualTo(perRecord.get(i)
                    .get("budget").get("epsilon").asDouble());
            assertThat(perRat.get(i).get("unitOfPrivacy").asText()).startsWith("one subject (up to 8 records)");
            assertThat(perRecord.get(i).get("unitOfPrivacy").asText()).startsWith("one record");
        }
        assertThat(Files.readString(folder.resolve("subjects/summary.md"))).contains("Unit of privacy: one subject "
                + "(up to 8 records)").contains("32 rows of 4 subjects ('rat', at most 8 records each)");
    }

    @Test
    void aSubjectWithMoreRecordsThanTheBoundIsRefused() {
        Cli cli = run(rats("subject: rat, records-per-subject: 7,", ODD_RATS, ""), "refused");
        assertThat(cli.exit()).isNotZero();
        assertThat(cli.err()).contains("data.records-per-subject").contains("subject '2' has more than "
                + "records-per-subject = 7 records");
        Cli missing = run(rats("subject: rat,", ODD_RATS, ""), "missing");
        assertThat(missing.err()).contains("data.records-per-subject").contains("PUBLIC bound");
    }

    @Test
    void theTemplateMustBeADisjointPublicSplit() {
        Cli overlap = run(rats("", "{ mean-of: { where: { rat: [1, 2] } } }", ""), "overlap");
        assertThat(overlap.exit()).isNotZero();
        assertThat(overlap.err()).contains("data.center").contains("share line").contains("disjoint");
        Cli released = run(rats("", "{ mean-of: released }", ""), "released");
        assertThat(released.err()).contains("data.center.mean-of").contains("non-private: true");
        Cli ok = run(rats("", ODD_RATS, ""), "template");
        assertThat(ok.exit()).as(ok.toString()).isZero();
    }

    @Test
    void aTemplateSplitSharingASubjectIsRefused() {
        // person 0 has a released row (split r) and a template row (split t): no line is shared, a subject is
        StringBuilder csv = new StringBuilder("person,split,x1,y1,x2,y2,x3,y3\n");
        for (int i = 0; i < 6; i++) {
            csv.append(i % 3).append(",r,0,").append(1 + 0.01 * i).append(",1,0,-1,0\n");
        }
        csv.append("0,t,0,1.05,1,0,-1,0\n3,t,0,0.95,1,0,-1,0\n");
        Configs.write(folder, "triangles.csv", csv.toString());
        String yaml = """
                name: triangles
                seed: 1
                replicates: 2
                geometry: kendall:landmarks=3
                data: { file: triangles.csv, where: { split: [r] }, columns: [x1, y1, x2, y2, x3, y3],
                        subject: person, records-per-subject: 4, center: { mean-of: { where: { %s } } },
                        radius: 0.3 }
                sweep: { epsilon: [1] }
                mechanisms: [riemannian-laplace]
                utility: [geodesic-distance]
                """;
        Cli shared = run(yaml.formatted("split: [t]"), "shared");
        assertThat(shared.exit()).isNotZero();
        assertThat(shared.err()).contains("data.center").contains("subject '0' has records among the template rows");
        Cli disjoint = run(yaml.formatted("person: [3]"), "disjoint");
        assertThat(disjoint.exit()).as(disjoint.toString()).isZero();
    }

    private static String gorillas(String pictures, String utility) {
        return """
                name: gorillas
                seed: 5
                replicates: 6
                threads: %s
                geometry: kendall:landmarks=8
                data: { file: dataset:apes, where: { group: [gorm] }, columns: %s,
                        center: { mean-of: { where: { group: [gorf] } } }, radius: 0.15, clip: true }
                sweep: { epsilon: [1, 10] }
                mechanisms: [riemannian-laplace, { name: kng, params: { sampler: mcmc, burn-in: 100, thin: 10 } }]
                utility: [%s]
                pictures: %s
                """.formatted("%d", LANDMARKS, utility, pictures);
    }

    @Test
    void thePicturesAreTheSameForAnyThreadCount() throws IOException {
        String yaml = gorillas("{ at: { epsilon: 1 }, per-mechanism: 4, show: [shapes] }", "geodesic-distance");
        Cli one = run(yaml.formatted(1), "one");
        Cli two = run(yaml.formatted(2), "two");
        assertThat(one.exit()).as(one.toString()).isZero();
        assertThat(two.exit()).as(two.toString()).isZero();
        assertThat(Files.readAllBytes(folder.resolve("one/shapes.png")))
                .isEqualTo(Files.readAllBytes(folder.resolve("two/shapes.png")));
        assertThat(Files.readAllBytes(folder.resolve("one/distance-vs-epsilon.png")))
                .isEqualTo(Files.readAllBytes(folder.resolve("two/distance-vs-epsilon.png")));
    }

    @Test
    void thePicturesSectionIsCheckedBeforeAnythingRuns() {
        Cli unknown = run(gorillas("{ at: { epsilon: 1 }, show: [outlines] }", "geodesic-distance").formatted(1),
                "unknown");
        assertThat(unknown.err()).contains("pictures.show[0]").contains("unknown picture 'outlines'")
                .contains("known pictures: shapes");
        Cli axis = run(gorillas("{ at: { epsilon: 2 }, show: [shapes] }", "geodesic-distance").formatted(1),
                "axis");
        assertThat(axis.err()).contains("pictures.at.epsilon").contains("Provided value: 2");
        Cli swept = run(gorillas("{ show: [shapes] }", "geodesic-distance").formatted(1), "swept");
        assertThat(swept.err()).contains("pictures.at").contains("swept axis 'epsilon'");
        Cli utility = run(gorillas("{ at: { epsilon: 1 }, show: [shapes] }", "ambient-distance").formatted(1),
                "utility");
        assertThat(utility.err()).contains("utility").contains("add geodesic-distance");
        Cli option = run(gorillas("{ at: { epsilon: 1 }, show: [shapes], options: { closed-outline: yes } }",
                "geodesic-distance").formatted(1), "option");
        assertThat(option.err()).contains("pictures.options").contains("closed-outline must be true or false");
        Cli many = run(gorillas("{ at: { epsilon: 1 }, per-mechanism: 7, show: [shapes] }", "geodesic-distance")
                .formatted(1), "many");
        assertThat(many.err()).contains("pictures.per-mechanism").contains("Provided value: 7");
    }

    @Test
    void aPictureThatCannotDrawTheGeometryIsRefusedByKey() {
        String yaml = """
                name: sphere
                seed: 1
                replicates: 2
                geometry: sphere:d=2
                data: { generator: sphere-cap, radius: 0.3, center: [0, 0, 1] }
                sweep: { n: [10], epsilon: [1] }
                mechanisms: [riemannian-laplace]
                utility: [geodesic-distance]
                pictures: { show: [shapes] }
                """;
        Cli cli = run(yaml, "sphere");
        assertThat(cli.exit()).isNotZero();
        assertThat(cli.err()).contains("pictures.show[0]").contains("cannot draw points of sphere:d=2");
    }
}
