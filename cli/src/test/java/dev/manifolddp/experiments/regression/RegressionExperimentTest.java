package dev.manifolddp.experiments.regression;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.experiments.Configs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code kind: regression} experiment end to end: a tiny sphere configuration runs in seconds, its outputs carry
 * the promised columns and guarantees, the error falls with epsilon, the results do not depend on the thread count,
 * and hostile configurations fail naming the key.
 */
class RegressionExperimentTest {

    /** A tiny S^2 experiment on the domain of docs/private-regression.md: r = pi/8, Rp = 0.3, V = 0.4. */
    static final String TINY = """
            kind: regression
            name: tiny-regression
            reproduces: "Kulkarni and Soto 2025, test"
            seed: 11
            replicates: 8
            geometry: sphere:d=2
            domain:
              center: [0, 0, 1]
              data-radius: 0.39269908169872414
              footpoint-radius: 0.3
              max-speed: 0.4
              covariate-range: [0, 1]
            truth:
              footpoint: [-0.09979179683625425, 0.049895898418127124, 0.9937565077045984]
              shooting-vector: [0.24775935938894314, 0.05112032030552843, 0.022312968192351634]
            sweep:
              n: [20]
              noise: [0.001]
              epsilon: [0.5, 50]
              split: { total: 50.5, footpoint: [0.5, 50] }
            methods:
              - { label: joint, method: joint, sigma-rule: proven }
              - { label: paper, method: paper, sigma-rule: paper }
            mcmc: { burn-in: 1000, thin: 50, step: 3 }
            """;

    @TempDir
    Path folder;

    @Test
    void runsEndToEndWithItsColumnsGuaranteesAndAFallingError() throws IOException {
        Path out = run(TINY, "one", 1);
        assertThat(out.resolve("mse-equal-noise-0.001.png")).exists();
        assertThat(out.resolve("mse-unequal-noise-0.001.png")).exists();
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertThat(summary.get(0)).isEqualTo("panel,n,noise,epsilon,epsilon_p,epsilon_v,label,method,sigma_rule,"
                + "guarantee,tau,delta_p,delta_v,sigma,sigma_v,replicates,mse_mean,mse_se,log_mse_mean,"
                + "nonprivate_mse_mean,nonprivate_mse_se,clipped_mean,acceptance_mean");
        // 2 equal-panel budgets x 2 methods + 2 unequal-panel budgets x the paper method
        assertThat(summary).hasSize(1 + 6);
        List<String> header = Arrays.asList(summary.get(0).split(","));
        double low = Double.NaN;
        double high = Double.NaN;
        double se = Double.NaN;
        for (String line : summary.subList(1, summary.size())) {
            String[] f = line.split(",", -1);
            String label = f[header.indexOf("label")];
            assertThat(f[header.indexOf("guarantee")]).as(line).isEqualTo(label.equals("joint") ? "mcmc"
                    : "unproven");
            // tau = V + Rp + r, Delta_p = 2 tau / n on S^2 (curvature 1 >= 0: no Jacobi inflation)
            double tau = 0.4 + 0.3 + Math.PI / 8;
            assertThat(Double.parseDouble(f[header.indexOf("tau")])).isCloseTo(tau, org.assertj.core.data.Offset
                    .offset(1e-12));
            assertThat(Double.parseDouble(f[header.indexOf("delta_p")])).isCloseTo(2 * tau / 20,
                    org.assertj.core.data.Offset.offset(1e-12));
            if (label.equals("joint")) {
                double epsilon = Double.parseDouble(f[header.indexOf("epsilon")]);
                double delta = Math.hypot(Double.parseDouble(f[header.indexOf("delta_p")]),
                        Double.parseDouble(f[header.indexOf("delta_v")]));
                assertThat(Double.parseDouble(f[header.indexOf("sigma")])).isCloseTo(2 * delta / epsilon,
                        org.assertj.core.data.Offset.offset(1e-12));
                double mean = Double.parseDouble(f[header.indexOf("mse_mean")]);
                if (epsilon == 0.5) {
                    low = mean;
                    se = Double.parseDouble(f[header.indexOf("mse_se")]);
                } else {
                    high = mean;
                }
            }
        }
        // measured 0.062 +- 0.020 at epsilon 0.5 against 0.0034 at 50: a factor 4 leaves room for the noise
        assertThat(high).isLessThan(0.25 * low).isLessThan(low - 2 * se);
        JsonNode json = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        assertThat(json.get("seed").asLong()).isEqualTo(11);
        assertThat(json.get("methods").get(0).get("guarantee").get(0).asText()).isEqualTo("mcmc");
        assertThat(json.get("methods").get(1).get("guarantee").get(0).asText()).isEqualTo("unproven");
        assertThat(json.get("publicDomain").get("footpointRadius").asDouble()).isEqualTo(0.3);
        assertThat(json.get("mcmc").get("proposalScales").asText()).isEqualTo("ladder");
        assertThat(json.get("sensitivityByN").get("20").get("deltaV").asDouble()).isPositive();
        String md = Files.readString(out.resolve("summary.md"));
        assertThat(md).contains("Reproduces: Kulkarni and Soto 2025, test").contains("tau is public")
                .contains("joint release").contains("burn-in 1000");
    }

    @Test
    void outputsDoNotDependOnTheThreadCount() throws IOException {
        Path one = run(TINY.replace("replicates: 8", "replicates: 3"), "t1", 1);
        Path two = run(TINY.replace("replicates: 8", "replicates: 3"), "t2", 2);
        assertThat(Files.readString(two.resolve("summary.csv"))).isEqualTo(Files.readString(one.resolve(
                "summary.csv")));
        assertThat(withoutLastColumn(two.resolve("replicates.csv"))).isEqualTo(withoutLastColumn(one.resolve(
                "replicates.csv")));
    }

    @Test
    void hostileConfigurationsNameTheKey() {
        expectError(TINY + "bogus: 1\n", "bogus: unknown key 'bogus' in a regression configuration");
        expectError(TINY.replace("method: paper,", "method: magic,"), "methods[1].method: the method must be one "
                + "of joint, public-vector, paper. Provided value: magic");
        expectError(TINY.replace("sigma-rule: proven }", "sigma-rule: loose }"), "methods[0].sigma-rule:");
        expectError(TINY.replace("  - { label: paper, method: paper, sigma-rule: paper }\n", ""),
                "sweep.split: the unequal panel");
        expectError(TINY.replace("footpoint: [0.5, 50]", "footpoint: [0.5, 60]"), "sweep.split.footpoint[1]: a "
                + "footpoint budget must lie strictly below the total");
        expectError(TINY.replace("n: [20]", "n: [20, 20]"), "sweep.n[1]: the value 20 is listed twice");
        expectError(TINY.replace("noise: [0.001]", "noise: [-1]"), "sweep.noise[0]: a noise variance must be >= 0");
        expectError(TINY.replace("covariate-range: [0, 1]", "covariate-range: [1, 0]"),
                "domain.covariate-range: the covariate range needs low < high");
        expectError(TINY.replace("max-speed: 0.4", "max-speed: -0.4"), "domain.max-speed: must be > 0");
        expectError(TINY.replace("label: paper,", "label: joint,"), "methods[1].label: the label joint is used "
                + "twice");
        expectError(TINY.replace("burn-in: 1000", "burn-in: -1"), "mcmc.burn-in: burn-in must be >= 0");
        expectError(TINY.replace("step: 3 }", "step: 3, proposal-scales: adaptive }"), "mcmc.proposal-scales: "
                + "proposal-scales must be one of ladder, single. Provided value: adaptive");
        // checked when the experiment is built, still without drawing
        expectError(TINY.replace("0.24775935938894314", "0.5"), "truth.shooting-vector: the shooting vector must "
                + "be tangent");
        expectError(TINY.replace("footpoint: [-0.0997", "footpoint: [-0.5"), "truth.footpoint:");
        expectError(TINY.replace("data-radius: 0.39269908169872414", "data-radius: 0.5"), "domain:");
        expectError(TINY.replace("geometry: sphere:d=2", "geometry: nowhere"), "geometry:");
    }

    private void expectError(String yaml, String expected) {
        Configs.expectInvalid(folder, yaml, expected);
    }

    private Path run(String yaml, String name, int threads) {
        return Configs.runQuietly(folder, yaml, name, threads);
    }

    private static String withoutLastColumn(Path csv) throws IOException {
        return Files.readAllLines(csv).stream().map(line -> line.substring(0, line.lastIndexOf(',')))
                .collect(Collectors.joining("\n"));
    }
}
