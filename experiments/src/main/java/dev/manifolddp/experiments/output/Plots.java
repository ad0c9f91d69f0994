package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.config.PlotConfig;
import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.run.Experiment;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * PNG plots with XChart: for each utility, the mean utility against the plot's x axis (the first swept axis unless
 * {@code plot.x} says otherwise), one series per mechanism label with {@code +- 2 SE} error bars (or what
 * {@code plot.statistic} and {@code plot.band} ask: the median, {@code +- 2 sd}, no bars). Further swept axes
 * give one plot per combination of their values. Both axes are logarithmic when x is n (errors fall like 1/n) or
 * when {@code plot} asks; a logarithmic axis falls back to linear (with a note in summary.md) when a value, or the
 * lower end of an error bar, is not positive, since XChart cannot draw it.
 */
public final class Plots {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 640;

    private Plots() {
    }

    /** The axis plotted horizontally. */
    static SweepAxis xAxis(Experiment experiment) {
        PlotConfig plot = experiment.config().plot();
        List<SweepAxis> axes = experiment.axes();
        if (plot.x() != null) {
            return experiment.config().axis(plot.x()).orElseThrow();
        }
        return axes.stream().filter(SweepAxis::isSwept).findFirst().orElse(axes.get(0));
    }

    /** Writes the plots into {@code folder}; returns the file names and adds a note for each plot not drawn. */
    static List<String> write(Experiment experiment, List<Group> groups, Path folder, List<String> notes)
            throws IOException {
        SweepAxis x = xAxis(experiment);
        Map<String, Double> positions = new LinkedHashMap<>();
        for (String value : x.values()) {
            try {
                positions.put(value, Double.parseDouble(value));
            } catch (NumberFormatException e) {
                notes.add("no plot: the x axis '" + x.name() + "' has a value that is not a number (" + value + ")");
                return List.of();
            }
        }
        List<SweepAxis> others = experiment.axes().stream().filter(a -> a.isSwept() && !a.name().equals(x.name()))
                .toList();
        Map<String, List<Group>> panels = new LinkedHashMap<>();
        for (Group group : groups) {
            String key = others.stream().map(a -> a.name() + "=" + group.cell().values().get(a.name()))
                    .collect(Collectors.joining(", "));
            panels.computeIfAbsent(key, k -> new ArrayList<>()).add(group);
        }
        String fixed = experiment.axes().stream().filter(a -> !a.isSwept())
                .map(a -> a.name() + "=" + a.values().get(0)).collect(Collectors.joining(", "));
        List<String> files = new ArrayList<>();
        for (int u = 0; u < experiment.utilities().size(); u++) {
            String utility = experiment.utilities().get(u).name();
            List<XYChart> charts = new ArrayList<>();
            for (Map.Entry<String, List<Group>> panel : panels.entrySet()) {
                String file = fileName(utility, panel.getKey());
                XYChart chart = chart(experiment, x, utility, u, panel.getValue(), positions,
                        join(fixed, panel.getKey()), notes, file);
                if (chart != null) {
                    BitmapEncoder.saveBitmap(chart, folder.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
                    files.add(file);
                    charts.add(chart);
                }
            }
            if (experiment.config().plot().grid() && panels.size() > 1 && charts.size() == panels.size()) {
                // the sweep varies its last axis fastest, so the panels come column by column
                int columns = others.get(0).values().size();
                int rows = charts.size() / columns;
                List<XYChart> ordered = new ArrayList<>();
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < columns; c++) {
                        ordered.add(charts.get(c * rows + r));
                    }
                }
                String file = fileName(utility, "grid");
                BitmapEncoder.saveBitmap(ordered, rows, columns, folder.resolve(file).toString(),
                        BitmapEncoder.BitmapFormat.PNG);
                files.add(file);
            }
        }
        return files;
    }

    private static XYChart chart(Experiment experiment, SweepAxis x, String utility, int u, List<Group> groups,
            Map<String, Double> positions, String subtitle, List<String> notes, String file) {
        PlotConfig settings = experiment.config().plot();
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        boolean positiveX = true;
        boolean positiveY = true;
        for (Group group : groups) {
            Stat stat = group.stats().get(u);
            List<double[]> points = series.computeIfAbsent(group.label(), k -> new ArrayList<>());
            if (stat.count() == 0) {
                continue;
            }
            double position = positions.get(group.cell().values().get(x.name()));
            double centre = settings.statistic().of(stat);
            double error = settings.band().halfWidth(stat);
            points.add(new double[] {position, centre, error});
            positiveX &= position > 0;
            positiveY &= centre - error > 0;
        }
        if (series.values().stream().allMatch(List::isEmpty)) {
            notes.add("no plot " + file + ": no defined values");
            return null;
        }
        PlotConfig plot = settings;
        boolean automaticLog = x.name().equals(SweepAxis.N);
        boolean logX = Optional.ofNullable(plot.logX()).orElse(automaticLog);
        boolean logY = Optional.ofNullable(plot.logY()).orElse(automaticLog);
        if (logX && !positiveX) {
            notes.add(file + ": linear x axis, since an x value is not positive");
            logX = false;
        }
        if (logY && !positiveY) {
            notes.add(file + ": linear y axis, since a " + settings.statistic().configName() + " minus its band "
                    + "is not positive");
            logY = false;
        }
        String title = experiment.config().name() + ": " + utility + (subtitle.isEmpty() ? "" : " (" + subtitle + ")");
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x.name())
                .yAxisTitle(utility + " (" + settings.statistic().configName()
                        + (settings.band() == PlotConfig.Band.NONE ? "" : " " + settings.band().describe()) + ")")
                .build();
        ChartStyle.style(chart, logX, logY);
        ChartStyle.addSeries(chart, series);
        return chart;
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + ", " + b;
    }

    private static String fileName(String utility, String panel) {
        String base = panel.isEmpty() ? utility : utility + "_" + panel.replace(", ", "_");
        return base.replaceAll("[^A-Za-z0-9._=-]", "_").toLowerCase(Locale.ROOT) + ".png";
    }
}
