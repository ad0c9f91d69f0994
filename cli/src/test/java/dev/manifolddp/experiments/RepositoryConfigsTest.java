package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.Configuration;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.RegressionSensitivityConfig;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every configuration shipped in {@code experiments/configs} passes {@code mdp validate} (plugin names, parameters,
 * capabilities, radii), and every reproduction names its figure, citing the paper by its key in
 * {@code docs/references.md}, and lists its deviations.
 */
class RepositoryConfigsTest {

    private static List<Path> configs() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("..", "experiments", "configs"))) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    /** The number column of docs/references.md (which names the experiments) mapped to the paper's key. */
    private static Map<String, String> paperKeys() throws IOException {
        Map<String, String> keys = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "references.md"))) {
            String[] cells = line.split("\\|");
            if (cells.length > 3 && cells[2].trim().matches("\\d{3}")) {
                keys.put(cells[2].trim(), cells[1].trim());
            }
        }
        return keys;
    }

    /** Configurations read real data only through bundled names, so they run from a clean clone. */
    @Test
    void realDataComeFromTheBundledDatasets() throws IOException {
        for (Path config : configs()) {
            Files.readString(config).lines().map(String::trim).filter(line -> line.startsWith("file:"))
                    .forEach(line -> assertThat(line).as(config.toString()).startsWith("file: dataset:"));
        }
    }

    @Test
    void everyShippedConfigurationValidates() throws IOException {
        List<Path> configs = configs();
        assertThat(configs).extracting(p -> p.getFileName().toString()).contains("quickstart.yaml",
                "001-fig1-left-sphere.yaml", "001-fig1-right-spd.yaml", "002-fig1-empirical-bound.yaml",
                "004-fig1-log-euclidean.yaml", "004-fig4-timing.yaml");
        for (Path config : configs) {
            Cli cli = Cli.run("validate", config.toString());
            assertThat(cli.exit()).as(cli.toString()).isZero();
            assertThat(cli.out()).contains("is valid");
        }
    }

    @Test
    void reproductionsNameTheirFigureAndDeviations() throws IOException {
        for (Path config : configs()) {
            if (!config.getFileName().toString().matches("\\d{3}-.*")) {
                continue;
            }
            Configuration parsed = ConfigReader.readAny(config);
            String reproduces = parsed instanceof ExperimentConfig e ? e.reproduces()
                    : parsed instanceof RegressionSensitivityConfig s ? s.reproduces()
                    : ((SensitivityCheckConfig) parsed).reproduces();
            List<String> deviations = parsed instanceof ExperimentConfig e ? e.deviations()
                    : parsed instanceof RegressionSensitivityConfig s ? s.deviations()
                    : ((SensitivityCheckConfig) parsed).deviations();
            String number = config.getFileName().toString().substring(0, 3);
            assertThat(paperKeys()).as("docs/references.md names paper " + number).containsKey(number);
            assertThat(reproduces).as(config.toString()).startsWith(paperKeys().get(number));
            assertThat(deviations).as(config.toString()).isNotEmpty();
        }
    }
}
