package dev.manifolddp.experiments.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuditJobTest {

    /** Spark workers rebuild the audit from these arguments, so the job must not see the caller's later edits. */
    @Test
    void keepsItsOwnCopyOfTheArguments() {
        List<String> arguments = new ArrayList<>(List.of("--geometry", "sphere:d=2"));
        AuditJob job = new AuditJob(arguments, "local[2]");
        arguments.add("--epsilon");

        assertThat(job.arguments()).containsExactly("--geometry", "sphere:d=2");
        assertThat(job.master()).isEqualTo("local[2]");
        assertThatThrownBy(() -> job.arguments().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }
}
