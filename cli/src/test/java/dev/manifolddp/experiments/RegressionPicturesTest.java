package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A regression's panels through the one pipeline (issue 24: the regression kind retired): the SPD(2) ellipse panel
 * and the predicted-shapes panel are pictures of a mechanism comparison, a template computed from the released rows
 * labels every release not private, and a picture that cannot draw the estimator's releases is refused at its key.
 */
class RegressionPicturesTest {

    @TempDir
    Path folder;

    @BeforeEach
    void writeShapes() throws IOException {
        // 3 subjects x 2 ages, 4 landmarks: a square whose right side grows with age
        StringBuilder csv = new StringBuilder("id,who,age,x1,y1,x2,y2,x3,y3,x4,y4\n");
        int id = 0;
        for (int subject = 0; subject < 3; subject++) {
            for (double age : new double[] {2, 8}) {
                double s = 0.01 * subject;
                csv.append(String.format(Locale.ROOT, "%d,s%d,%s,%s,%s,%s,%s,%s,%s,%s,%s%n", id++, subject, age,
                        s, 0.0, 1.0, -s, 1.0, 1 + 0.01 * age, 0.0, 1 - 0.01 * age + s));
            }
        }
        Files.writeString(folder.resolve("shapes.csv"), csv);
    }

    private static final String SPD = """
            name: tiny-spd-regression
            seed: 3
            replicates: 2
            geometry: spd/affine-invariant:k=2
            data: { generator: noisy-geodesic, center: [1, 0, 0, 1], radius: 0.4, covariate-low: 0, covariate-high: 1,
                    footpoint: [1.1051709180756477, 0, 0, 0.9512294245007139],
                    velocity: [0.22103418361512955, 0.10253151205244289, 0.10253151205244289, -0.0951229424500714],
                    noise: 0.0001 }
            sweep: { n: [10], epsilon: [0.4, 2] }
            estimator: { name: geodesic-regression, params: { covariate-low: 0, covariate-high: 1,
                         footpoint-radius: 0.2, max-speed: 0.5 } }
            mechanisms:
              - { name: kng, label: joint, params: { sampler: mcmc, burn-in: 200, thin: 10, step: 0.5 } }
              - { name: two-step-regression, label: two-step, params: { method: paper, burn-in: 200, thin: 10,
                  step: 0.5, sigma-rule: paper } }
            utility: [prediction-mse]
            pictures:
              at: { epsilon: 0.4 }
              per-mechanism: 1
              show: [predicted-ellipses]
              options: { true-footpoint: [1.1051709180756477, 0, 0, 0.9512294245007139],
                         true-velocity: [0.22103418361512955, 0.10253151205244289, 0.10253151205244289,
                                         -0.0951229424500714] }
            """;

    private static final String SHAPES = """
            name: tiny-shape-regression
            seed: 5
            replicates: 2
            geometry: kendall:landmarks=4
            non-private: true
            data:
              file: shapes.csv
              columns: [x1, y1, x2, y2, x3, y3, x4, y4]
              covariate: age
              subject: who
              records-per-subject: 2
              center: { mean-of: released }
              radius: 0.19
              non-private: true
            sweep: { epsilon: [1, 10] }
            estimator: { name: geodesic-regression, params: { covariate-low: 0, covariate-high: 10,
                         footpoint-radius: 0.19, max-speed: 0.4 } }
            mechanisms:
              - { name: kng, label: joint, params: { sampler: mcmc, burn-in: 200, thin: 10, step: 0.5,
                  non-private: true } }
            utility: [prediction-mse]
            pictures:
              at: { epsilon: 10 }
              per-mechanism: 2
              show: [predicted-shapes]
              options: { covariates: [2, 8], closed-outline: true }
            """;

    @Test
    void theEllipsePanelIsAPictureOfTheComparison() throws IOException {
        Path out = Configs.runQuietly(folder, SPD, "spd", 2);
        assertThat(out.resolve("predicted-ellipses.png")).exists();
        assertThat(out.resolve("distance-vs-epsilon.png")).doesNotExist();
        assertThat(Files.readString(out.resolve("summary.md"))).contains("predicted-ellipses.png: what the first 1 "
                + "releases of each mechanism at n=10, epsilon=0.4");
    }

    @Test
    void aTemplateFromTheReleasedRowsLabelsEveryReleaseNotPrivateAndTheShapesAreDrawn() throws IOException {
        Path out = Configs.runQuietly(folder, SHAPES, "shapes", 2);
        assertThat(out.resolve("predicted-shapes.png")).exists();
        JsonNode json = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        assertThat(json.toString()).contains("one subject (up to 2 records)")
                .contains("\"guarantee\":\"not-private\"").doesNotContain("\"guarantee\":\"mcmc\"");
    }

    @Test
    void aPictureThatCannotDrawTheEstimatorsReleasesIsRefusedAtItsKey() {
        Configs.expectInvalid(folder, SHAPES.replace("show: [predicted-shapes]", "show: [shapes]"),
                "pictures.show[0]: the picture 'shapes' draws releases as points of the data's space, and the "
                        + "estimator geodesic-regression releases a regression");
        Configs.expectInvalid(folder, SHAPES.replace("covariates: [2, 8]", "covariates: [2, x]"),
                "pictures.options: pictures.options.covariates must list finite numbers");
        String mean = Configs.tinySphere(2, 1).replace("utility: [geodesic-distance, ambient-distance]",
                "utility: [geodesic-distance, ambient-distance]\npictures: { at: { n: 10, epsilon: 1.0 }, "
                        + "per-mechanism: 1, show: [predicted-shapes] }");
        assertThat(mean).contains("predicted-shapes");
        Configs.expectInvalid(folder, mean, "pictures.show[0]: the picture 'predicted-shapes' draws what a "
                + "regression's releases predict");
    }
}
