package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.config.PlotConfig;
import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.utility.UtilityMeasure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code summary.md}: the paper figure the run reproduces, its settings, a table of the summary (mean +- 2 SE, or the
 * plot's statistic and band), the findings generated from the numbers ({@link Findings}: the paper's scale against
 * the proven rule, decay in n), the plots, and every deviation, declared and automatic.
 */
final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    static void write(RunResult result, List<Group> groups, List<String> plots, List<String> declared,
            List<String> automatic, List<String> plotNotes, Path file) throws IOException {
        Experiment experiment = result.experiment();
        ExperimentConfig config = experiment.config();
        StringBuilder md = new StringBuilder();
        MarkdownSummary.title(md, config.name(), config.reproduces());
        MarkdownSummary.settings(md);
        row(md, "geometry", config.geometry());
        row(md, "data", experiment.cells().stream().map(c -> c.data().describe()).distinct()
                .collect(Collectors.joining("; ")));
        row(md, "sweep", config.sweep().stream().map(a -> a.name() + " = " + String.join(", ", a.values()))
                .collect(Collectors.joining("; ")));
        row(md, "estimator", config.estimator().name() + params(config.estimator().params()));
        for (MechanismConfig mechanism : config.mechanisms()) {
            row(md, "mechanism `" + mechanism.label() + "`", mechanism.name() + params(mechanism.params()));
        }
        row(md, "utility", experiment.utilities().stream().map(UtilityMeasure::name)
                .collect(Collectors.joining(", ")));
        row(md, "replicates per cell", experiment.replicates() + MarkdownSummary.scaled(experiment.replicates(),
                config.replicates(), experiment.options().scale()));
        row(md, "seed", Long.toString(config.seed()));
        row(md, "threads", Integer.toString(experiment.threads()));
        row(md, "wall time", String.format(Locale.ROOT, "%.1f s", result.wallSeconds()));
        md.append('\n');

        PlotConfig plot = config.plot();
        md.append("## Results\n\n");
        md.append(switch (plot.band()) {
            case SE -> "Mean utility over the replicates, with the band mean +- 2 standard errors";
            case SD -> "Mean utility over the replicates, with the band mean +- 2 standard deviations of the "
                    + "replicates";
            case NONE -> "Mean utility over the replicates";
        });
        if (plot.statistic() == PlotConfig.Statistic.MEDIAN) {
            md.append(", then the median in brackets (the plots show the median)");
        }
        md.append("; details in `summary.csv`, every replicate in `replicates.csv`, privacy accounting in "
                + "`run.json`.\n\n");
        StringBuilder header = new StringBuilder("|");
        StringBuilder rule = new StringBuilder("|");
        for (SweepAxis axis : experiment.axes()) {
            header.append(' ').append(axis.name()).append(" |");
            rule.append("---|");
        }
        header.append(" mechanism |");
        rule.append("---|");
        for (UtilityMeasure utility : experiment.utilities()) {
            header.append(' ').append(utility.name()).append(" |");
            rule.append("---|");
        }
        md.append(header).append('\n').append(rule).append('\n');
        for (Group group : groups) {
            md.append('|');
            for (String value : group.cell().values().values()) {
                md.append(' ').append(value).append(" |");
            }
            md.append(' ').append(escape(group.label())).append(" |");
            for (Stat stat : group.stats()) {
                md.append(' ').append(format(stat, plot)).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
        md.append(Findings.markdown(experiment, groups));

        if (!plots.isEmpty() || !plotNotes.isEmpty()) {
            md.append("## Plots\n\n");
            MarkdownSummary.images(md, plots);
            for (String note : plotNotes) {
                md.append("- ").append(note).append('\n');
            }
            if (!plotNotes.isEmpty()) {
                md.append('\n');
            }
        }

        privacy(md, experiment, groups);

        List<String> deviations = new ArrayList<>(declared);
        automatic.forEach(deviation -> deviations.add(deviation + " (detected by the run)"));
        MarkdownSummary.deviations(md, deviations);
        Files.writeString(file, md.toString());
    }

    /**
     * Each mechanism's guarantee (the weakest over its cells) and the largest delta it spent, with the unit of
     * privacy: a reader of the summary sees what the numbers above were bought with.
     */
    private static void privacy(StringBuilder md, Experiment experiment, List<Group> groups) {
        Map<String, Guarantee> guarantees = new LinkedHashMap<>();
        Map<String, Double> deltas = new LinkedHashMap<>();
        for (Group group : groups) {
            guarantees.merge(group.label(), group.guarantee(), Guarantee::weakest);
            deltas.merge(group.label(), group.delta(), Math::max);
        }
        md.append("## Privacy\n\n");
        md.append("Unit of privacy: ").append(experiment.unitOfPrivacy()).append(". The runs are simulations (seeded "
                + "streams); the guarantee is that of each mechanism's law.");
        if (experiment.config().data().subject() != null) {
            int m = experiment.config().data().recordsPerSubject();
            md.append(String.format(Locale.ROOT, " Every epsilon and delta above is per subject: each release ran at "
                    + "the per-record budget (epsilon/%d, delta/(%d e^(%d epsilon/%d))) that group privacy turns into "
                    + "it (docs/privacy-unit.md).", m, m, m - 1, m));
        }
        md.append("\n\n");
        md.append("| mechanism | guarantee | largest delta |\n|---|---|---|\n");
        guarantees.forEach((label, guarantee) -> md.append("| ").append(escape(label)).append(" | ")
                .append(guarantee.label()).append(" | ").append(deltas.get(label) == 0 ? "0"
                        : String.format(Locale.ROOT, "%.3g", deltas.get(label))).append(" |\n"));
        md.append('\n');
    }

    private static void row(StringBuilder md, String setting, String value) {
        MarkdownSummary.row(md, setting, escape(value));
    }

    private static String params(Map<String, String> params) {
        return params.isEmpty() ? "" : " " + params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", "(", ")"));
    }

    private static String format(Stat stat, PlotConfig plot) {
        if (stat.count() == 0) {
            return "-";
        }
        double band = plot.band() == PlotConfig.Band.SD ? stat.standardDeviation() : stat.standardError();
        String text = plot.band() == PlotConfig.Band.NONE || Double.isNaN(band)
                ? String.format(Locale.ROOT, "%.4g", stat.mean())
                : String.format(Locale.ROOT, "%.4g ± %.2g", stat.mean(), 2 * band);
        return plot.statistic() == PlotConfig.Statistic.MEDIAN
                ? text + String.format(Locale.ROOT, " (%.4g)", stat.median()) : text;
    }

    private static String escape(String text) {
        return MarkdownSummary.escape(text);
    }
}
