package dev.manifolddp.experiments.output;

import java.util.List;
import java.util.Locale;

/**
 * The parts every {@code summary.md} shares, whatever the experiment kind (mean runs, regression, the regression
 * sensitivity check, the tangent-bound check): the title and the figure reproduced, the settings table, the plots and
 * the deviations from the paper. One writer, so that the summaries of all kinds read alike; each kind adds its own
 * results between them.
 */
public final class MarkdownSummary {

    private MarkdownSummary() {
    }

    /** {@code # name}, then the paper figure the run reproduces ("(not stated)" when null). */
    public static void title(StringBuilder md, String name, String reproduces) {
        md.append("# ").append(name).append("\n\n");
        md.append("Reproduces: ").append(reproduces == null ? "(not stated)" : reproduces).append("\n\n");
    }

    /** The heading and head of the settings table, to be followed by {@link #row}s. */
    public static void settings(StringBuilder md) {
        md.append("## Settings\n\n| setting | value |\n|---|---|\n");
    }

    /** One row of the settings table, written as given (see {@link #escape} for values that may hold a bar). */
    public static void row(StringBuilder md, String setting, String value) {
        md.append("| ").append(setting).append(" | ").append(value).append(" |\n");
    }

    /**
     * What {@code --scale} did to a configured count: nothing when the run used it as configured, else
     * {@code " (configured N, --scale S)"}, to follow the count the run used.
     */
    public static String scaled(long run, long configured, double scale) {
        return run == configured ? "" : String.format(Locale.ROOT, " (configured %d, --scale %s)", configured, scale);
    }

    /** A table cell's text with its bars escaped, so that a value such as a label cannot split the row. */
    public static String escape(String text) {
        return text.replace("|", "\\|");
    }

    /** The plots as images, one paragraph each (the caller writes the heading). */
    public static void images(StringBuilder md, List<String> plots) {
        for (String plot : plots) {
            md.append("![").append(plot).append("](").append(plot).append(")\n\n");
        }
    }

    /** The deviations from the paper's settings as a list, or "None.". */
    public static void deviations(StringBuilder md, List<String> deviations) {
        md.append("## Deviations from the paper's settings\n\n");
        if (deviations.isEmpty()) {
            md.append("None.\n");
        }
        for (String deviation : deviations) {
            md.append("- ").append(deviation).append('\n');
        }
    }
}
