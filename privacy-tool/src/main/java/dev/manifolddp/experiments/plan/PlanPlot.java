package dev.manifolddp.experiments.plan;

import dev.manifolddp.experiments.output.ChartStyle;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
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
 * {@code plan.png}: expected error against epsilon, one series per mechanism (and n, and delta, when several were
 * asked), on a logarithmic error axis with +- 2 SE bars for simulated points, and the ball's radius r drawn as a
 * dashed reference line: an error of order r is no better than releasing the public centre.
 */
public final class PlanPlot {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 640;

    private PlanPlot() {
    }

    /** The chart as PNG bytes, or null when no row was predicted. */
    public static byte[] write(PlanResult result) {
        PlanRequest request = result.request();
        if (result.rows().isEmpty()) {
            return null;
        }
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        double lowest = request.radius();
        for (PlanRow row : result.rows()) {
            String label = row.mechanism() + (request.sizes().size() > 1 ? " n=" + row.n() : "")
                    + (request.deltas().size() > 1 ? " delta=" + PlanTable.number(row.delta()) : "");
            double bar = Double.isNaN(row.standardError()) ? 0 : 2 * row.standardError();
            // a log axis cannot show a bar reaching 0: such bars are clipped to the point itself
            series.computeIfAbsent(label, k -> new ArrayList<>()).add(new double[] {row.epsilon(), row.expected(),
                    bar < row.expected() ? bar : 0});
            lowest = Math.min(lowest, row.expected());
        }
        double minEpsilon = request.epsilons().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double maxEpsilon = request.epsilons().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        boolean logX = maxEpsilon >= 10 * minEpsilon;
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(String.format(Locale.ROOT, "mdp plan: %s, r = %s", request.geometry().spec(),
                        request.radius()))
                .xAxisTitle("epsilon").yAxisTitle(request.estimator().isMean()
                        ? "expected geodesic distance to the non-private mean"
                        : "expected distance to the non-private " + request.estimator().name() + " on "
                                + result.valueSpace()).build();
        ChartStyle.style(chart, logX, lowest > 0);
        ChartStyle.addSeries(chart, series);
        if (!result.valuesOnManifold()) {
            // r is a distance on the data's manifold: no yardstick for a variance's or a covariance's error
            return png(chart);
        }
        double span = minEpsilon == maxEpsilon ? 0.1 * minEpsilon : 0;
        XYSeries radius = chart.addSeries(String.format(Locale.ROOT, "r = %s: error of order r = no better than the "
                + "centre", request.radius()), new double[] {minEpsilon - span, maxEpsilon + span},
                new double[] {request.radius(), request.radius()});
        radius.setMarker(SeriesMarkers.NONE);
        radius.setLineColor(Color.GRAY);
        radius.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {6f, 6f}, 0f));
        return png(chart);
    }

    private static byte[] png(XYChart chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new IllegalStateException("cannot draw plan.png: " + e.getMessage(), e);
        }
    }
}
