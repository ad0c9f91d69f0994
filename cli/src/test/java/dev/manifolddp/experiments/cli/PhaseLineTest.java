package dev.manifolddp.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PhaseLineTest {

    @Test
    void aQuickCommandAndACommandWithoutATerminalPrintNothing() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (PhaseLine quick = PhaseLine.on(err, true)) {
            quick.phase("reading points.csv");
        }
        try (PhaseLine off = PhaseLine.on(err, false)) {
            off.phase("drawing the release (kng)");
            Thread.sleep(PhaseLine.DELAY_MILLIS + 400);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aLongCommandShowsItsPhaseOnOneLineAndClearsItAtTheEnd() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        PhaseLine line = PhaseLine.on(err, true);
        line.phase("drawing the release (kng)");
        Thread.sleep(PhaseLine.DELAY_MILLIS + 400);
        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertThat(shown).contains("\rmdp: drawing the release (kng) ... 1 s").doesNotContain("\n");
        line.close();
        String all = bytes.toString(StandardCharsets.UTF_8);
        assertThat(all).endsWith("\r").doesNotContain("\n");
        // the last write blanks the line it had shown
        String cleared = all.substring(all.lastIndexOf('\r', all.length() - 2) + 1, all.length() - 1);
        assertThat(cleared).isBlank().hasSizeGreaterThanOrEqualTo(PhaseLine.line("drawing the release (kng)", 1)
                .length());
        line.close();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(all);
    }

    @Test
    void theLineNamesThePhaseAndTheSeconds() {
        assertThat(PhaseLine.line("reading points.csv", 12)).isEqualTo("mdp: reading points.csv ... 12 s");
    }
}
