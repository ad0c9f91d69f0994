package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of summary.md generated from the numbers: the paper's scale against the proven rule, and decay in n. */
class FindingsTest {

    @TempDir
    Path folder;

    private static final String PAIRED = """
            name: paired
            seed: 9
            replicates: 40
            threads: 2
            geometry: sphere:d=2
            data: { generator: sphere-cap, radius: 0.39269908, center: [0, 0, 1] }
            sweep: { n: [10, 40, 160], epsilon: [1.0] }
            mechanisms:
              - { name: riemannian-laplace, label: laplace-paper, params: { sampler: exact, sigma-rule: paper } }
              - { name: riemannian-laplace, label: laplace-proven, params: { sampler: exact } }
              - { name: euclidean-laplace, label: euclidean }
            utility: [ambient-distance]
            """;

    private String summary(String yaml, String name) throws IOException {
        Path out = folder.resolve(name);
        Cli cli = Cli.run("run", Configs.write(folder, name + ".yaml", yaml).toString(), "--out", out.toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        return Files.readString(out.resolve("summary.md"));
    }

    @Test
    void pairsByRuleAreComparedSideBySideWithGeneratedSentences() throws IOException {
        String md = summary(PAIRED, "paired");
        assertThat(md).contains("## The paper's scale and the proven rule")
                .contains("Pairs: `laplace-paper` (sigma-rule: paper) with `laplace-proven` (proven)")
                .contains("| n | epsilon | sigma paper | sigma proven | ratio | ambient-distance paper | proven | "
                        + "ratio |")
                .containsPattern("Going from `laplace-paper` to the proven rule \\(`laplace-proven`\\) multiplies "
                        + "sigma by [0-9.]+ in every cell and the mean ambient-distance by [0-9.]+ to [0-9.]+\\.")
                .contains("With the paper's scales (`laplace-paper`, `euclidean`):")
                .contains("With the proven rule (`laplace-proven`, `euclidean`):")
                .containsPattern("- `laplace-proven` has a lower mean ambient-distance than `euclidean` in [0-3] of 3 "
                        + "cells \\(bands apart in [0-3]\\)\\.")
                .contains("**What changes with the proven rule:** the noise scales grow by the factors above")
                .contains("## Decay in n")
                .containsPattern("\\| `laplace-proven` \\| -[01]\\.[0-9]{3} \\|");
        // the section sits before the plots
        assertThat(md.indexOf("## The paper's scale")).isLessThan(md.indexOf("## Plots"));
    }

    @Test
    void noPairNoRuleSection() throws IOException {
        String md = summary(PAIRED.replace("sigma-rule: paper", "sigma-rule: proven"), "unpaired");
        assertThat(md).doesNotContain("## The paper's scale and the proven rule").contains("## Decay in n");
    }
}
