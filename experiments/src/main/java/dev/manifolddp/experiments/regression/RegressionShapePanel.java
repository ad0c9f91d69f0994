package dev.manifolddp.experiments.regression;

import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.mechanisms.regression.RegressionEstimate;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The shape panel of a regression on landmark data, as Kulkarni and Soto 2025 show predicted shapes (their Fig. 3): the
 * predicted shapes {@code exp(p, x v)} at the configured covariate values, left to right, of the non-private fit
 * (black) and of the first release of the first method at every total epsilon (colours), each aligned to the fit's
 * shape by rotation (Procrustes) and drawn as its landmarks joined in order, closed when configured.
 */
final class RegressionShapePanel {

    /** The file written. */
    static final String FILE = "shapes.png";

    private static final Color[] COLOURS = {new Color(230, 120, 20), new Color(30, 120, 200),
        new Color(40, 160, 60), new Color(200, 40, 40), new Color(140, 80, 180), new Color(120, 120, 120)};

    private RegressionShapePanel() {
    }

    /** Writes {@value #FILE} for a landmark geometry on a data file; returns the files written (none otherwise). */
    static List<String> write(RegressionRunner.Result result, Path folder) throws IOException {
        RegressionExperiment experiment = result.experiment();
        Geometry geometry = experiment.geometry();
        Optional<LandmarkShapes> shapes = geometry.capability(LandmarkShapes.class);
        if (!experiment.config().fileData() || shapes.isEmpty()) {
            return List.of();
        }
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        RegressionConfig config = experiment.config();
        List<Double> ages = config.data().plotCovariates();
        RegressionRunner.Replicate first = result.replicates().get(0)[0];
        double[] fitP = first.nonPrivateFit()[0];
        double[] fitV = first.nonPrivateFit()[1];
        double[][] reference = new double[ages.size()][];
        double width = 0;
        for (int a = 0; a < ages.size(); a++) {
            reference[a] = along(geometry, fitP, fitV, ages.get(a));
            width = Math.max(width, extent(reference[a]));
        }
        double offset = 1.3 * width;
        XYChart chart = new XYChartBuilder().width(Math.max(700, 260 * ages.size())).height(420)
                .title(String.format(Locale.ROOT, "%s: predicted shapes at %s = %s", config.name(),
                        config.data().covariate(), ages.stream().map(RegressionPlots::format).toList()))
                .xAxisTitle("aligned preshape coordinates (shapes side by side, left to right by covariate)")
                .yAxisTitle("").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS).setChartBackgroundColor(Color.WHITE)
                .setAntiAlias(true);
        boolean closed = config.data().closedOutline();
        for (int a = 0; a < ages.size(); a++) {
            add(chart, a == 0 ? "non-private fit" : null, reference[a], a * offset, closed, Color.BLACK, 2.2f);
        }
        String label = config.methods().get(0).label();
        int colour = 0;
        for (RegressionCell cell : experiment.cells()) {
            if (cell.method() != 0 || !cell.panel().equals(RegressionCell.EQUAL)) {
                continue;
            }
            RegressionEstimate estimate = result.replicates().get(cell.index())[0].estimate();
            Color color = COLOURS[colour++ % COLOURS.length];
            double[] aligned = new double[fitP.length];
            for (int a = 0; a < ages.size(); a++) {
                double[] shape = along(geometry, estimate.footpoint(), estimate.shootingVector(), ages.get(a));
                shapes.get().align(shape, reference[a], aligned);
                add(chart, a == 0 ? String.format(Locale.ROOT, "%s, epsilon %s (release 1)", label,
                        RegressionPlots.format(cell.epsilon())) : null, aligned, a * offset, closed, color, 1.2f);
            }
        }
        chart.getStyler().setLegendVisible(true);
        BitmapEncoder.saveBitmap(chart, folder.resolve(FILE).toString(), BitmapEncoder.BitmapFormat.PNG);
        return List.of(FILE);
    }

    private static double[] along(Geometry geometry, double[] p, double[] v, double x) {
        double[] step = new double[v.length];
        for (int j = 0; j < v.length; j++) {
            step[j] = x * v[j];
        }
        return geometry.exp(p, step);
    }

    /** The width of a configuration in the (x1, y1, x2, y2, ...) layout. */
    private static double extent(double[] shape) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < shape.length; j += 2) {
            low = Math.min(low, shape[j]);
            high = Math.max(high, shape[j]);
        }
        return high - low;
    }

    private static void add(XYChart chart, String name, double[] shape, double shift, boolean closed, Color color,
            float width) {
        int k = shape.length / 2;
        int count = closed ? k + 1 : k;
        double[] xs = new double[count];
        double[] ys = new double[count];
        for (int i = 0; i < count; i++) {
            xs[i] = shape[2 * (i % k)] + shift;
            ys[i] = shape[2 * (i % k) + 1];
        }
        XYSeries series = chart.addSeries(name != null ? name : "_" + chart.getSeriesMap().size(), xs, ys);
        series.setMarker(SeriesMarkers.CIRCLE);
        series.setMarkerColor(color);
        series.setLineColor(color);
        series.setLineStyle(new BasicStroke(width));
        series.setShowInLegend(name != null);
    }
}
