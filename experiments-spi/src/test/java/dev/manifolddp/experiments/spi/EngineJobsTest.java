package dev.manifolddp.experiments.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The jobs an application hands an engine: their own copies, no missing worker, no negative task count. */
class EngineJobsTest {

    private static final BlockWorker NOTHING = (first, end, jars) -> new byte[0];

    /** The engine ships these jars to its workers, so the job must not see the caller's later edits. */
    @Test
    void aBlockJobKeepsItsOwnCopyOfThePluginJars() {
        List<Path> jars = new ArrayList<>(List.of(Path.of("a.jar")));
        BlockJob job = new BlockJob("mdp run x", 4, jars, "local[2]", NOTHING);
        jars.add(Path.of("b.jar"));

        assertThat(job.pluginJars()).containsExactly(Path.of("a.jar"));
        assertThat(job.master()).isEqualTo("local[2]");
        assertThatThrownBy(() -> job.pluginJars().add(Path.of("c.jar")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aJobWithoutAWorkerOrWithNegativeTasksIsRefused() {
        assertThatThrownBy(() -> new BlockJob("mdp run x", 1, List.of(), null, null))
                .isInstanceOf(NullPointerException.class).hasMessage("worker");
        assertThatThrownBy(() -> new BlockJob("mdp run x", -1, List.of(), null, NOTHING))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value: -1");
        assertThatThrownBy(() -> new AuditJob(null, "local[2]")).isInstanceOf(NullPointerException.class)
                .hasMessage("worker");
    }

    /** An engine that cannot audit or sum a release says so, naming itself, instead of failing later. */
    @Test
    void anEngineWithoutAuditsOrReleasesSaysSo() {
        RunEngine runsOnly = new RunEngine() {
            @Override
            public String name() {
                return "toy";
            }

            @Override
            public List<byte[]> run(BlockJob job, Progress progress) {
                return List.of();
            }
        };
        assertThatThrownBy(() -> runsOnly.audit(new AuditJob((target, chunk) -> new double[0], null)))
                .hasMessageStartingWith("--engine toy runs experiments only");
        assertThatThrownBy(() -> runsOnly.release(null, null)).hasMessageStartingWith("--engine toy runs experiments "
                + "and audits, not the sums of one release");
    }
}
