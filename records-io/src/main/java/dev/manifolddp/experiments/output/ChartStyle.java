package dev.manifolddp.experiments.output;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The house style of every XY chart mdp draws (the runner's utility plots, the planner's error curves), in one place
 * so that they all look alike; it lives with the data reading both applications share, not in the SPI artifacts,
 * which depend on no charting library.
 */
public final class ChartStyle {

    private ChartStyle() {
    }

    /** White background, grey grid, legend below, error bars in the series' colours. */
    public static void style(XYChart chart, boolean logX, boolean logY) {
        Styler styler = chart.getStyler();
        chart.getStyler().setXAxisLogarithmic(logX).setYAxisLogarithmic(logY).setErrorBarsColorSeriesColor(true);
        styler.setLegendPosition(Styler.LegendPosition.OutsideS).setChartBackgroundColor(Color.WHITE)
                .setAntiAlias(true);
        chart.getStyler().setPlotGridLinesColor(new Color(220, 220, 220));
    }

    /** One line with markers and error bars per series of {x, y, error} points, sorted by x; empty series skipped. */
    public static void addSeries(XYChart chart, Map<String, List<double[]>> series) {
        for (Map.Entry<String, List<double[]>> entry : series.entrySet()) {
            List<double[]> points = entry.getValue();
            if (points.isEmpty()) {
                continue;
            }
            points.sort((a, b) -> Double.compare(a[0], b[0]));
            double[] xs = points.stream().mapToDouble(p -> p[0]).toArray();
            double[] ys = points.stream().mapToDouble(p -> p[1]).toArray();
            double[] errors = points.stream().mapToDouble(p -> p[2]).toArray();
            XYSeries added = chart.addSeries(entry.getKey(), xs, ys, errors);
            added.setMarker(SeriesMarkers.CIRCLE);
            added.setLineStyle(new BasicStroke(1.5f));
        }
    }
}
