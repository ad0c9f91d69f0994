package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.experiments.utility.WallTime;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Timing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's wall times: the {@code release-time} and {@code estimate-time} measures (Utpala et al. 2023, Fig. 4). */
class TimingTest {

    @TempDir
    Path folder;

    private static final String TIMED = """
            name: timed
            seed: 4
            replicates: 5
            threads: 1
            geometry: spd/log-euclidean:k={k}
            data: { generator: random-spd, r: 0.25 }
            sweep: { k: [2, 4], n: [40], epsilon: [0.5], delta: [1e-6] }
            mechanisms:
              - { name: tangent-gaussian, label: analytic }
              - { name: riemannian-laplace, label: laplace, params: { sampler: mcmc, proposal: chart-random-walk, step: 0.35, burn-in: 30000, thin: 1 } }
            utility: [release-time, estimate-time, geodesic-distance]
            plot: { x: k, statistic: median, band: none }
            """;

    @Test
    void wallTimesArePositiveColumnsWithMediansInTheSummary() throws IOException {
        Path out = folder.resolve("timed");
        Cli cli = Cli.run("run", Configs.write(folder, "timed.yaml", TIMED).toString(), "--out", out.toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        List<String> rows = Files.readAllLines(out.resolve("replicates.csv"));
        assertThat(rows.get(0)).startsWith("k,n,epsilon,delta,mechanism,replicate,release-time,estimate-time,"
                + "geodesic-distance,sigma,");
        assertThat(rows).hasSize(1 + 2 * 5 * 2);
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            double release = Double.parseDouble(f[6]);
            double estimate = Double.parseDouble(f[7]);
            assertThat(release).as(row).isPositive().isLessThan(60);
            assertThat(estimate).as(row).isPositive().isLessThan(60);
        }
        // the estimate is shared by a replicate's mechanisms: one value per replicate, repeated
        assertThat(rows.get(1).split(",")[7]).isEqualTo(rows.get(2).split(",")[7]);
        // 30 000 MH steps cost more than one Gaussian draw (the chain runs in chart coordinates, tens of ns a step
        // at d <= 10: the burn-in is long enough for that to dominate the ball check and the mean both releases pay)
        String header = Files.readAllLines(out.resolve("summary.csv")).get(0);
        assertThat(header).contains("release-time_mean", "release-time_sd", "release-time_median");
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        int median = Arrays.asList(header.split(",")).indexOf("release-time_median");
        for (int line = 1; line < summary.size(); line += 2) {
            double gaussian = Double.parseDouble(summary.get(line).split(",")[median]);
            double chain = Double.parseDouble(summary.get(line + 1).split(",")[median]);
            assertThat(chain).as(summary.get(line + 1)).isGreaterThan(gaussian);
        }
        assertThat(out.resolve("release-time.png")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("summary.md"))).contains("then the median in brackets");
        JsonNode run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        JsonNode time = run.get("privacy").get(0).get("releaseTime");
        assertThat(time.get("meanSeconds").asDouble()).isPositive();
        assertThat(time.get("medianSeconds").asDouble()).isPositive();
        assertThat(time.get("note").asText()).contains("1 worker thread");
    }

    @Test
    void outputsWithoutWallTimesStayIdenticalAcrossThreadCounts() throws IOException {
        String untimed = TIMED.replace("[release-time, estimate-time, geodesic-distance]", "[geodesic-distance]");
        Path one = folder.resolve("one");
        Path two = folder.resolve("two");
        Path config = Configs.write(folder, "untimed.yaml", untimed);
        assertThat(Cli.run("run", config.toString(), "--out", one.toString(), "--threads", "1").exit()).isZero();
        assertThat(Cli.run("run", config.toString(), "--out", two.toString(), "--threads", "2").exit()).isZero();
        assertThat(Files.readString(two.resolve("replicates.csv"))).isEqualTo(
                Files.readString(one.resolve("replicates.csv")));
        assertThat(Files.readString(two.resolve("summary.csv"))).isEqualTo(
                Files.readString(one.resolve("summary.csv")));
    }

    @Test
    void wallTimeMeasuresNeedTheRunnersTimes() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[] p = {0, 0, 1};
        WallTime.Release release = new WallTime.Release();
        WallTime.Estimate estimate = new WallTime.Estimate();
        assertThat(release.measure(sphere, p, p).isDefined()).isFalse();
        assertThat(release.measure(sphere, p, p, new Timing(0.25, 0.5)).value()).isEqualTo(0.25);
        assertThat(estimate.measure(sphere, p, p, new Timing(0.25, 0.5)).value()).isEqualTo(0.5);
        assertThat(release.measure(sphere, p, p, Timing.NONE).isDefined()).isFalse();
    }
}
