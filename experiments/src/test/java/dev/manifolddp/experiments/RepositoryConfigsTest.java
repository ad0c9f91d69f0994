package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.Configuration;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.experiments.config.RegressionSensitivityConfig;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every configuration shipped in {@code experiments/configs} passes {@code mdp validate} (plugin names, parameters,
 * capabilities, radii), and every reproduction names its figure and lists its deviations.
 */
class RepositoryConfigsTest {

    private static List<Path> configs() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("configs"))) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    /** True for configurations that read a real dataset kept outside the repository (shared/data). */
    private static boolean namesExternalData(Path config) throws IOException {
        return Files.readString(config).lines().anyMatch(line -> line.trim().startsWith("file:")
                && !line.contains("configs/"));
    }

    @Test
    void everyShippedConfigurationValidates() throws IOException {
        List<Path> configs = configs();
        assertThat(configs).extracting(p -> p.getFileName().toString()).contains("quickstart.yaml",
                "001-fig1-left-sphere.yaml", "001-fig1-right-spd.yaml", "002-fig1-empirical-bound.yaml",
                "004-fig1-log-euclidean.yaml", "004-fig4-timing.yaml");
        for (Path config : configs) {
            Cli cli = Cli.run("validate", config.toString());
            if (cli.exit() != 0 && namesExternalData(config)) {
                // a real dataset lives beside the repository (shared/data), not in it: without it, validate must
                // say which file it looked for, where, and how to pass it
                assertThat(cli.err()).as(cli.toString()).contains("the data file was not found")
                        .contains("Pass the file's absolute path");
                continue;
            }
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
            if (namesExternalData(config)) {
                String text = Files.readString(config);
                assertThat(text).as(config.toString()).contains("reproduces: \"paper "
                        + config.getFileName().toString().substring(0, 3)).contains("deviations:");
                continue;
            }
            Configuration parsed = ConfigReader.readAny(config);
            String reproduces = parsed instanceof ExperimentConfig e ? e.reproduces()
                    : parsed instanceof RegressionConfig r ? r.reproduces()
                    : parsed instanceof RegressionSensitivityConfig s ? s.reproduces()
                    : ((SensitivityCheckConfig) parsed).reproduces();
            List<String> deviations = parsed instanceof ExperimentConfig e ? e.deviations()
                    : parsed instanceof RegressionConfig r ? r.deviations()
                    : parsed instanceof RegressionSensitivityConfig s ? s.deviations()
                    : ((SensitivityCheckConfig) parsed).deviations();
            assertThat(reproduces).as(config.toString()).startsWith("paper " + config.getFileName().toString()
                    .substring(0, 3));
            assertThat(deviations).as(config.toString()).isNotEmpty();
        }
    }
}
