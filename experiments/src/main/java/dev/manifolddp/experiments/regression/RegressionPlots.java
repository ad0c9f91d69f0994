package dev.manifolddp.experiments.regression;

import dev.manifolddp.experiments.output.ChartStyle;
import java.awt.BasicStroke;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One PNG per panel and noise level, as Kulkarni and Soto 2025 plot their sphere results: the mean MSE (log scale, bars
 * 2 SE) against the total epsilon (equal panel) or the footpoint budget epsilon_p (unequal panel), one line per
 * method and n, and the non-private fit's mean MSE per n as a dashed line.
 */
final class RegressionPlots {

    private RegressionPlots() {
    }

    static List<String> write(RegressionExperiment experiment, List<RegressionOutputs.Summary> summaries,
            Path folder) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Map<String, List<RegressionOutputs.Summary>> panels = new LinkedHashMap<>();
        for (RegressionOutputs.Summary s : summaries) {
            panels.computeIfAbsent(fileName(s.cell()), k -> new ArrayList<>()).add(s);
        }
        List<String> files = new ArrayList<>();
        for (Map.Entry<String, List<RegressionOutputs.Summary>> panel : panels.entrySet()) {
            XYChart chart = chart(experiment, panel.getValue());
            BitmapEncoder.saveBitmap(chart, folder.resolve(panel.getKey()).toString(),
                    BitmapEncoder.BitmapFormat.PNG);
            files.add(panel.getKey());
        }
        files.addAll(SpdEllipsePlot.write(experiment, folder));
        return files;
    }

    static String fileName(RegressionCell cell) {
        return String.format(Locale.ROOT, "mse-%s-noise-%s.png", cell.panel(), format(cell.noise()));
    }

    private static XYChart chart(RegressionExperiment experiment, List<RegressionOutputs.Summary> summaries) {
        RegressionCell first = summaries.get(0).cell();
        boolean unequal = first.panel().equals(RegressionCell.UNEQUAL);
        String title = String.format(Locale.ROOT, "%s: %s split, noise %s", experiment.config().name(),
                unequal ? "unequal (total " + format(first.epsilon()) + ")" : "equal", format(first.noise()));
        XYChart chart = new XYChartBuilder().width(900).height(640).title(title)
                .xAxisTitle(unequal ? "footpoint budget epsilon_p" : "total epsilon")
                .yAxisTitle("mean MSE (1/n) sum rho(exp(p~, x_k v~), y_k)^2, +- 2 SE").build();
        ChartStyle.style(chart, false, true);
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        Map<Integer, double[]> nonPrivate = new LinkedHashMap<>();
        double lowX = Double.POSITIVE_INFINITY;
        double highX = Double.NEGATIVE_INFINITY;
        for (RegressionOutputs.Summary s : summaries) {
            RegressionCell cell = s.cell();
            double mean = s.mse().mean();
            double band = Double.isNaN(s.mse().standardError()) ? 0 : 2 * s.mse().standardError();
            // a log axis cannot show a bar reaching 0; clip it to the mean's lower half
            series.computeIfAbsent(cell.label() + ", n = " + cell.n(), k -> new ArrayList<>())
                    .add(new double[] {cell.x(), mean, Math.min(band, 0.5 * mean)});
            nonPrivate.putIfAbsent(cell.n(), new double[] {s.nonPrivate().mean()});
            lowX = Math.min(lowX, cell.x());
            highX = Math.max(highX, cell.x());
        }
        ChartStyle.addSeries(chart, series);
        for (Map.Entry<Integer, double[]> entry : nonPrivate.entrySet()) {
            double level = entry.getValue()[0];
            XYSeries line = chart.addSeries("non-private fit, n = " + entry.getKey(), new double[] {lowX, highX},
                    new double[] {level, level});
            line.setMarker(SeriesMarkers.NONE);
            line.setLineStyle(new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[] {6f, 4f}, 0f));
        }
        return chart;
    }

    static String format(double value) {
        return java.math.BigDecimal.valueOf(value).round(new java.math.MathContext(6)).stripTrailingZeros()
                .toPlainString();
    }
}
