package dev.manifolddp.experiments.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shared parts of every summary.md, character for character: the committed summaries of all four kinds are
 * written through them, so a change here changes every one of them.
 */
class MarkdownSummaryTest {

    @Test
    void titleSettingsImagesAndDeviationsAreWrittenExactly() {
        StringBuilder md = new StringBuilder();
        MarkdownSummary.title(md, "demo", null);
        MarkdownSummary.settings(md);
        MarkdownSummary.row(md, "seed", "7");
        MarkdownSummary.row(md, "label", MarkdownSummary.escape("a|b"));
        md.append('\n');
        MarkdownSummary.images(md, List.of("a.png", "b.png"));
        MarkdownSummary.deviations(md, List.of("one", "two"));
        assertThat(md.toString()).isEqualTo("# demo\n\nReproduces: (not stated)\n\n## Settings\n\n"
                + "| setting | value |\n|---|---|\n| seed | 7 |\n| label | a\\|b |\n\n"
                + "![a.png](a.png)\n\n![b.png](b.png)\n\n"
                + "## Deviations from the paper's settings\n\n- one\n- two\n");
    }

    @Test
    void aStatedFigureIsNamedAndNoDeviationReadsNone() {
        StringBuilder md = new StringBuilder();
        MarkdownSummary.title(md, "demo", "Fig. 1");
        MarkdownSummary.deviations(md, List.of());
        assertThat(md.toString()).isEqualTo("# demo\n\nReproduces: Fig. 1\n\n"
                + "## Deviations from the paper's settings\n\nNone.\n");
    }

    @Test
    void aScaledCountNamesTheConfiguredOneAndTheScale() {
        assertThat(MarkdownSummary.scaled(50, 50, 1.0)).isEmpty();
        assertThat(MarkdownSummary.scaled(5, 50, 0.1)).isEqualTo(" (configured 50, --scale 0.1)");
    }
}
