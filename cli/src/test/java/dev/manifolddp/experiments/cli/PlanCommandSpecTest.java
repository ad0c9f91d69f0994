package dev.manifolddp.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code mdp plan} has no way to read data: no positional parameter, no option named like an input, and the only path
 * it takes is the output folder, which it writes and never reads.
 */
class PlanCommandSpecTest {

    @Test
    void theOnlyPathIsTheOutputFolder() {
        CommandSpec plan = new CommandLine(new PlanCommand()).getCommandSpec();
        assertThat(plan.positionalParameters()).isEmpty();
        List<String> paths = new ArrayList<>();
        for (OptionSpec option : plan.options()) {
            if (Path.class.isAssignableFrom(option.type()) || File.class.isAssignableFrom(option.type())) {
                paths.add(option.longestName());
            }
            assertThat(option.longestName()).doesNotContain("input").doesNotContain("file").doesNotContain("data");
        }
        assertThat(paths).containsExactly("--out");
        assertThat(Mdp.commandLine(new Mdp(System.out, System.err), new String[0]).getSubcommands()).containsKey("plan");
        assertThat(Mdp.commandLine(new Mdp(System.out, System.err), new String[] {"--debug", "plan", "--help"})
                .getSubcommands()).containsOnlyKeys("plan");
    }
}
