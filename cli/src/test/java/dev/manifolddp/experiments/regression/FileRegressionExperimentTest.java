package dev.manifolddp.experiments.regression;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.experiments.Cli;
import dev.manifolddp.experiments.Configs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kind: regression} on a data file, end to end on a small synthetic landmark file the test writes (4
 * landmarks, 3 subjects x 2 ages): outputs, the shape panel, the unit of privacy (a subject of M records costs M
 * times the noise scale), the not-private label of a data template, and hostile values of the new keys.
 */
class FileRegressionExperimentTest {

    static final String TINY = """
            kind: regression
            name: tiny-file-regression
            seed: 5
            replicates: 2
            geometry: kendall:landmarks=4
            data:
              file: shapes.csv
              covariate: age
              covariate-range: [0, 10]
              id: id
              subject: who
              records-per-subject: 2
              template: [0, 0, 1, 0, 1, 1, 0, 1]
              plot-covariates: [0, 10]
              closed-outline: true
            domain:
              data-radius: 0.19
              footpoint-radius: 0.19
              max-speed: 0.4
            sweep:
              epsilon: [1, 10]
            methods:
              - { label: joint, method: joint, sigma-rule: proven }
              - { label: two-step, method: paper, sigma-rule: proven }
            mcmc: { burn-in: 200, thin: 10, step: 1 }
            """;

    @TempDir
    Path folder;

    /** A square whose top edge tilts with age, plus a small per-subject offset: every shape is near the template. */
    @BeforeEach
    void writeData() throws IOException {
        StringBuilder csv = new StringBuilder("id,who,age,group,x1,y1,x2,y2,x3,y3,x4,y4\n");
        int id = 0;
        for (int subject = 0; subject < 3; subject++) {
            for (double age : new double[] {2, 8}) {
                double s = 0.01 * subject;
                csv.append(String.format(Locale.ROOT, "%d,s%d,%s,g,%s,%s,%s,%s,%s,%s,%s,%s%n", id++, subject, age,
                        s, 0.0, 1.0, -s, 1.0, 1 + 0.01 * age, 0.0, 1 - 0.01 * age + s));
            }
        }
        Files.writeString(folder.resolve("shapes.csv"), csv);
    }

    @Test
    void runsOnAFileWithTheSubjectAsTheUnit() throws IOException {
        Path out = run(TINY, "subject");
        assertThat(out.resolve("shapes.png")).exists();
        assertThat(out.resolve("mse-equal-noise-0.png")).exists();
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertThat(summary).hasSize(1 + 4);
        List<String> header = Arrays.asList(summary.get(0).split(","));
        for (String line : summary.subList(1, summary.size())) {
            String[] f = line.split(",", -1);
            assertThat(f[header.indexOf("n")]).isEqualTo("6");
            assertThat(f[header.indexOf("guarantee")]).as(line).isEqualTo(f[header.indexOf("label")].equals("joint")
                    ? "mcmc" : "unproven");
            assertThat(Double.parseDouble(f[header.indexOf("mse_mean")])).isFinite();
        }
        JsonNode json = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        assertThat(json.at("/unitOfPrivacy/unit").asText()).isEqualTo("subject");
        assertThat(json.at("/unitOfPrivacy/recordsPerSubject").asInt()).isEqualTo(2);
        assertThat(json.at("/data/records").asInt()).isEqualTo(6);
        assertThat(json.at("/data/subjects").asInt()).isEqualTo(3);
        assertThat(Files.readString(out.resolve("summary.md"))).contains("one subject (column who, up to 2 records)");

        // the same records with the record as the unit: every noise scale is half the subject-level one (M = 2)
        Path record = run(TINY.replace("  subject: who\n  records-per-subject: 2\n", ""), "record");
        List<String> perRecord = Files.readAllLines(record.resolve("summary.csv"));
        int sigma = header.indexOf("sigma");
        for (int i = 1; i < summary.size(); i++) {
            assertThat(Double.parseDouble(summary.get(i).split(",")[sigma])).isCloseTo(2 * Double.parseDouble(
                    perRecord.get(i).split(",")[sigma]), Offset.offset(1e-9));
        }
        JsonNode recordJson = new ObjectMapper().readTree(record.resolve("run.json").toFile());
        assertThat(recordJson.at("/unitOfPrivacy/unit").asText()).isEqualTo("record");
    }

    @Test
    void aTemplateFromTheDataLabelsEveryReleaseNotPrivate() throws IOException {
        Path out = run(TINY.replace("template: [0, 0, 1, 0, 1, 1, 0, 1]", "template: data\n  non-private: true"),
                "data-template");
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        int guarantee = Arrays.asList(summary.get(0).split(",")).indexOf("guarantee");
        for (String line : summary.subList(1, summary.size())) {
            assertThat(line.split(",")[guarantee]).isEqualTo("not-private");
        }
    }

    @Test
    void hostileDataKeysNameTheKey() {
        expectError(TINY.replace("template: [0, 0, 1, 0, 1, 1, 0, 1]", "template: data"), "data.template: a "
                + "template computed from the data");
        expectError(TINY.replace("template: [0, 0, 1, 0, 1, 1, 0, 1]", "template: mean"), "data.template: the "
                + "template is a public point");
        expectError(TINY.replace("file: shapes.csv", "file: nowhere.csv"), "data.file: the data file was not "
                + "found at");
        expectError(TINY.replace("file: shapes.csv", "file: dataset:nowhere"), "data.file: unknown dataset 'nowhere'");
        expectError(TINY.replace("  records-per-subject: 2\n", ""), "data.records-per-subject:");
        expectError(TINY.replace("records-per-subject: 2", "records-per-subject: 1"), "data.records-per-subject:");
        expectError(TINY.replace("  subject: who\n", ""), "data.records-per-subject: records-per-subject bounds");
        expectError(TINY.replace("covariate-range: [0, 10]", "covariate-range: [3, 10]")
                .replace("plot-covariates: [0, 10]", "plot-covariates: [3, 10]"), "data.file: ");
        expectError(TINY.replace("plot-covariates: [0, 10]", "plot-covariates: [0, 11]"), "data.plot-covariates[1]:");
        expectError(TINY.replace("covariate: age", "covariate: height"), "data.file:");
        expectError(TINY.replace("  data-radius: 0.19\n", "  data-radius: 0.19\n  center: [0, 0, 1, 0, 1, 1, 0, 1]\n"),
                "domain.center: with a data file the ball centre is data.template");
        expectError(TINY.replace("sweep:\n", "sweep:\n  n: [6]\n"), "sweep.n: unknown key");
        expectError(TINY + "truth: { footpoint: [1], shooting-vector: [0] }\n", "truth: a regression on a data file");
        expectError(TINY.replace("  closed-outline: true\n", "  closed-outline: true\n  bogus: 1\n"),
                "data.bogus: unknown key");
        expectError(TINY.replace("data-radius: 0.19", "data-radius: 0.001"), "domain.data-radius:");
    }

    private void expectError(String yaml, String expected) {
        Configs.expectInvalid(folder, yaml, expected);
    }

    private Path run(String yaml, String name) {
        Path config = Configs.write(folder, name + ".yaml", yaml);
        Path out = folder.resolve(name);
        Cli cli = Cli.run("run", config.toString(), "--out", out.toString(), "--threads", "2", "--quiet");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        return out;
    }
}
