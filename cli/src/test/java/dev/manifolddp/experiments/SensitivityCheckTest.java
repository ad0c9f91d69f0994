package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code kind: sensitivity-check} experiment (Reimherr et al. 2021, suppl. Fig. 1): its schema, its checks and its outputs. */
class SensitivityCheckTest {

    @TempDir
    Path folder;

    @Test
    void readsItsOwnSchema() {
        SensitivityCheckConfig config = (SensitivityCheckConfig) ConfigReader.parseAny(Configs.tinyCheck(40), null);
        assertThat(config.name()).isEqualTo("tiny-check");
        assertThat(config.radii()).containsExactly(0.1, 0.5, 1.2);
        assertThat(config.grid()).isEqualTo(40);
        assertThat(config.center()).isEqualTo("0,0,1");
        assertThat(((SensitivityCheckConfig) ConfigReader.parseAny(Configs.tinyCheck(40).replace("grid: 40\n", ""),
                null)).grid()).isEqualTo(SensitivityCheckConfig.DEFAULT_GRID);
    }

    @Test
    void unknownKeysAndBadValuesAreErrorsAtTheirPath() {
        assertThatThrownBy(() -> ConfigReader.parseAny(Configs.tinyCheck(40) + "seed: 3\n", null))
                .hasMessageStartingWith("seed: unknown key 'seed' in a sensitivity-check configuration; allowed "
                        + "keys: kind, name, reproduces, geometry, center, radii, grid, deviations, plot");
        assertThatThrownBy(() -> ConfigReader.parseAny(Configs.tinyCheck(40).replace("[0.1, 0.5, 1.2]",
                "[0.1, -0.5]"), null)).hasMessageStartingWith("radii[1]: a radius must be > 0. Provided value: -0.5");
        assertThatThrownBy(() -> ConfigReader.parseAny(Configs.tinyCheck(4), null))
                .hasMessageStartingWith("grid: grid (boundary points per circle) must be an integer in [8,");
        assertThatThrownBy(() -> ConfigReader.parseAny(Configs.tinyCheck(40).replace("radii: [0.1, 0.5, 1.2]\n",
                ""), null)).hasMessageStartingWith("radii: the radii list");
        // the main command for mechanism comparisons says which kind it takes
        assertThatThrownBy(() -> ConfigReader.parse(Configs.tinyCheck(40), null))
                .hasMessageStartingWith("kind: this command takes a configuration of kind 'mechanisms'");
    }

    @Test
    void validateChecksRadiiAgainstTheGeometry() {
        Cli ok = Cli.run("validate", Configs.write(folder, "ok.yaml", Configs.tinyCheck(40)).toString());
        assertThat(ok.exit()).as(ok.toString()).isZero();
        assertThat(ok.out()).contains("is valid: a sensitivity check on sphere:d=2").contains("3 radii")
                .contains("40 grid points per circle");
        // on the unit sphere, log at the footpoint must reach 2r < pi (and h_max(r, 1) = r cot r > 0 needs the same)
        Cli far = Cli.run("validate", Configs.write(folder, "far.yaml",
                Configs.tinyCheck(40).replace("1.2]", "1.6]")).toString());
        assertThat(far.exit()).isEqualTo(1);
        assertThat(far.errLines()).hasSize(1);
        assertThat(far.errLines().get(0)).contains("radii[2]: 2r must stay below the injectivity radius").contains("Provided value: 1.6");
        Cli offSphere = Cli.run("validate", Configs.write(folder, "off.yaml",
                Configs.tinyCheck(40).replace("[0, 0, 1]", "[0, 0, 2]")).toString());
        assertThat(offSphere.errLines().get(0)).contains("center: the ball centre is not a point of sphere:d=2");
    }

    @Test
    void runWritesTheBoundsBetweenTwoRAndTheLipschitzBound() throws IOException {
        Path out = folder.resolve("check");
        Cli cli = Cli.run("run", Configs.write(folder, "check.yaml", Configs.tinyCheck(72)).toString(), "--out",
                out.toString(), "--scale", "0.5");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("36 grid points per circle").contains("done in");
        List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
        assertThat(csv.get(0)).isEqualTo("r,grid_points,empirical_bound,two_r,h_max_r,lemma_002,h_max_2r,theorem_001,"
                + "empirical_over_two_r,empirical_over_lemma_002");
        assertThat(csv).hasSize(4);
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",", -1);
            double r = Double.parseDouble(f[0]);
            double empirical = Double.parseDouble(f[2]);
            // the grid holds the footpoint's antipode on the boundary circle, at distance exactly 2r
            assertThat(empirical).as(line).isGreaterThanOrEqualTo(2 * r * (1 - 1e-12));
            assertThat(empirical).as(line).isLessThanOrEqualTo(Double.parseDouble(f[5]));
            assertThat(Double.parseDouble(f[4])).isEqualTo(r / Math.tan(r), org.assertj.core.data.Offset.offset(
                    1e-15));
        }
        // Soto et al. 2022, Theorem 2's bound needs h_max(2r, 1) > 0, i.e. r < pi/4: empty at r = 1.2
        assertThat(csv.get(3).split(",", -1)[7]).isEmpty();
        assertThat(out.resolve("tangent-bound.png")).isNotEmptyFile();
        String md = Files.readString(out.resolve("summary.md"));
        assertThat(md).contains("Reproduces: Reimherr et al. 2021, suppl. Fig. 1 (tiny)")
                .contains("**Finding** (generated from the table): At all 3 radii, 2r <= E(r) <= 2r(2 - h_max(r, "
                        + "kmax)).")
                .contains("- three radii for a test")
                .contains("--scale 0.5: 36 grid points per circle instead of the configured 72");
        JsonNode run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        assertThat(run.get("kind").asText()).isEqualTo("sensitivity-check");
        assertThat(run.get("grid").get("perCircle").asInt()).isEqualTo(36);
        assertThat(run.get("results")).hasSize(3);
        assertThat(run.get("results").get(2).get("theorem001").isNull()).isTrue();
    }
}
