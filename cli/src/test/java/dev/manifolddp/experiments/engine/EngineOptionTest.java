package dev.manifolddp.experiments.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.cli.Mdp;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --engine} and {@code --master} without an engine jar on the class path: clear one-line errors, no run. */
class EngineOptionTest {

    @TempDir
    Path temp;

    @Test
    void anEngineNotOnTheClassPathIsRefusedWithHowToBuildIt() {
        String err = fails("run", "../experiments/configs/quickstart.yaml", "--engine", "spark", "--out", temp.toString());
        assertThat(err).startsWith("mdp: error: --engine: no engine 'spark' on the class path (available: local)")
                .contains("mvn -B -pl engines/spark -am package").contains("Provided value: spark");
        assertThat(temp.toFile().list()).isEmpty();
        assertThat(fails("audit", "--geometry", "sphere:d=2", "--center", "0,0,1", "--radius", "0.1", "--n", "10",
                "--epsilon", "1", "--mechanism", "riemannian-laplace", "--releases", "100", "--engine", "nosuch",
                "--out", temp.resolve("a.json").toString())).startsWith("mdp: error: --engine: no engine 'nosuch'");
    }

    @Test
    void aMasterWithoutAnEngineIsRefused() {
        assertThat(fails("run", "../experiments/configs/quickstart.yaml", "--master", "local[2]", "--out", temp.toString()))
                .startsWith("mdp: error: --master names an engine's cluster; give --engine too");
    }

    private static String fails(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Mdp.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(1);
        return err.toString(StandardCharsets.UTF_8);
    }
}
