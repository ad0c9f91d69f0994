package dev.manifolddp.experiments.regression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.experiments.Cli;
import dev.manifolddp.experiments.Configs;
import dev.manifolddp.experiments.output.pictures.PlaneEllipse;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.SymmetricEigensolver;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SPD(2) ellipse panel: the 2 x 2 eigen-decomposition (the SPD geometry's solver) reconstructs its matrix, every outline point
 * {@code z} satisfies {@code z^T S^-1 z = 1}, and a tiny SPD(2) regression runs end to end and writes ellipses.png.
 */
class SpdEllipsePlotTest {

    private static final SymmetricEigensolver SOLVER = Geometries.parse("spd/affine-invariant:k=2")
            .capability(SymmetricEigensolvers.class).orElseThrow().eigensolver(2);

    @TempDir
    Path folder;

    @Test
    void eigenDecompositionReconstructsTheMatrixAndTheOutlineIsTheEllipse() {
        Random random = new Random(3);
        for (int trial = 0; trial < 200; trial++) {
            double a = 0.1 + random.nextDouble();
            double c = 0.1 + random.nextDouble();
            double b = (2 * random.nextDouble() - 1) * Math.sqrt(a * c) * 0.99;
            double[] s = {a, b, b, c};
            PlaneEllipse e = SpdEllipsePlot.ellipse(SOLVER, s);
            double cos = e.cos();
            double sin = e.sin();
            double l1 = e.major() * e.major();
            double l2 = e.minor() * e.minor();
            // S = l1 u u^T + l2 w w^T, u = (cos, sin), w = (-sin, cos); the major axis has cos >= 0
            assertThat(cos).isNotNegative();
            assertThat(l1).isGreaterThanOrEqualTo(l2);
            assertThat(l1 * cos * cos + l2 * sin * sin).isCloseTo(a, within(1e-12));
            assertThat((l1 - l2) * cos * sin).isCloseTo(b, within(1e-12));
            assertThat(l1 * sin * sin + l2 * cos * cos).isCloseTo(c, within(1e-12));
            double det = a * c - b * b;
            double[][] outline = SpdEllipsePlot.outline(SOLVER, s, 5.0);
            for (int i = 0; i < outline[0].length; i++) {
                double x = outline[0][i] - 5.0;
                double y = outline[1][i];
                assertThat((c * x * x - 2 * b * x * y + a * y * y) / det).isCloseTo(1, within(1e-9));
            }
        }
    }

    @Test
    void aTinySpdRegressionWritesTheEllipsePanel() {
        String yaml = """
                kind: regression
                name: tiny-spd
                reproduces: "Kulkarni and Soto 2025, test"
                seed: 3
                replicates: 2
                geometry: spd/affine-invariant:k=2
                domain: { center: [1, 0, 0, 1], data-radius: 0.4, footpoint-radius: 0.2, max-speed: 0.5,
                          covariate-range: [0, 1] }
                truth:
                  footpoint: [1.1051709180756477, 0, 0, 0.9512294245007139]
                  shooting-vector: [0.22103418361512955, 0.10253151205244289, 0.10253151205244289, -0.0951229424500714]
                sweep: { n: [10], noise: [0.0001], epsilon: [0.4] }
                methods:
                  - { label: joint, method: joint, sigma-rule: proven }
                  - { label: two-step, method: paper, sigma-rule: paper }
                mcmc: { burn-in: 200, thin: 10, step: 3 }
                """;
        Path config = Configs.write(folder, "tiny-spd.yaml", yaml);
        Path out = folder.resolve("out");
        Cli cli = Cli.run("run", config.toString(), "--out", out.toString(), "--quiet");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(out.resolve("ellipses.png")).exists();
        assertThat(out.resolve("mse-equal-noise-0.0001.png")).exists();
        assertThat(cli.out()).contains("ellipses.png");
    }
}
