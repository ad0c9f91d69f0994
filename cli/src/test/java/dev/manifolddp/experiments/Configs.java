package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Tiny configurations for tests. */
public final class Configs {

    private Configs() {
    }

    /** Writes {@code yaml} into {@code folder} and checks that {@code validate} refuses it with {@code expected}. */
    public static void expectInvalid(Path folder, String yaml, String expected) {
        Path file = write(folder, "bad" + Math.abs(yaml.hashCode()) + ".yaml", yaml);
        Cli cli = Cli.run("validate", file.toString());
        assertThat(cli.exit()).as(cli.toString()).isEqualTo(1);
        assertThat(cli.err()).as(cli.toString()).contains(file + ": " + expected);
    }

    /** Writes {@code yaml} as {@code name.yaml}, runs it quietly into {@code folder/name} and returns that folder. */
    public static Path runQuietly(Path folder, String yaml, String name, int threads) {
        Path config = write(folder, name + ".yaml", yaml);
        Path out = folder.resolve(name);
        Cli cli = Cli.run("run", config.toString(), "--out", out.toString(), "--threads", Integer.toString(threads),
                "--quiet");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        return out;
    }

    /** Sphere Frechet mean with the quickstart's four mechanisms; 2 cells x 4 mechanisms x replicates. */
    public static String tinySphere(int replicates, int threads) {
        return """
                name: tiny-sphere
                reproduces: "Soto et al. 2022, Fig. 1 left (tiny)"
                seed: 11
                replicates: %d
                threads: %d
                geometry: sphere:d=2
                data: { generator: sphere-cap, radius: 0.39269908, center: [0, 0, 1] }
                sweep: { n: [10, 30], epsilon: [1.0] }
                estimator: frechet-mean
                mechanisms:
                  - { name: kng, params: { sampler: mcmc, burn-in: 200, thin: 10 } }
                  - { name: riemannian-laplace }
                  - { name: euclidean-laplace, label: euclidean-laplace }
                  - { name: euclidean-laplace, label: projected-euclidean-laplace, params: { project: true } }
                utility: [geodesic-distance, ambient-distance]
                deviations: ["short KNG chains for a test"]
                """.formatted(replicates, threads);
    }

    /** A sensitivity check on S^2 over two radii with a coarse grid. */
    public static String tinyCheck(int grid) {
        return """
                kind: sensitivity-check
                name: tiny-check
                reproduces: "Reimherr et al. 2021, suppl. Fig. 1 (tiny)"
                geometry: sphere:d=2
                center: [0, 0, 1]
                radii: [0.1, 0.5, 1.2]
                grid: %d
                deviations: ["three radii for a test"]
                """.formatted(grid);
    }

    public static Path write(Path folder, String name, String text) {
        try {
            Path file = folder.resolve(name);
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
