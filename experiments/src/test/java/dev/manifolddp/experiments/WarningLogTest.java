package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.run.WarningLog;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarningLogTest {

    @Test
    void warningsThatDifferOnlyInDecimalsCountAsOneAndKeepTheEarliestText() {
        WarningLog log = new WarningLog(List.of("kng", "laplace"));
        log.add(0, 7, "drawn by MH (acceptance 0.412)");
        log.add(0, 3, "drawn by MH (acceptance 0.398)");
        log.add(0, 5, "another warning");
        log.add(1, 1, "drawn by MH (acceptance 0.5)");
        assertThat(log.entries()).containsExactly(
                new WarningLog.Entry("kng", "drawn by MH (acceptance 0.398)", 2),
                new WarningLog.Entry("kng", "another warning", 1),
                new WarningLog.Entry("laplace", "drawn by MH (acceptance 0.5)", 1));
    }
}
