package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.run.Cell;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.GalleryPlan;
import dev.manifolddp.geometry.Geometry;
import java.awt.BasicStroke;
import java.awt.Color;
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
 * The distance of the releases to the non-private estimate against epsilon, one series per mechanism (mean
 * {@code +- 2 SE} over the replicates), at the other axes' values of the drawn cell, with the data's own spread (the
 * RMS distance of the records to their mean) as a dashed horizontal line: where a mechanism's curve lies below the
 * line, a private estimate is closer to the non-private one than a typical record is. The line is a diagnostic of
 * the experiment computed from the data, never part of a release. Both axes are logarithmic when every value and
 * band is positive.
 */
final class DistancePlot {

    /** The file written. */
    static final String FILE = "distance-vs-epsilon.png";

    private DistancePlot() {
    }

    /** Writes {@value #FILE}; returns false (and writes nothing) when no cell has a defined distance or the
     * run measures none. */
    static boolean write(Experiment experiment, List<Group> groups, double spread, Path folder) throws IOException {
        GalleryPlan plan = experiment.gallery();
        if (plan.distance() < 0) {
            return false; // a regression's pictures without the distance utility
        }
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        boolean positive = spread > 0;
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (Group group : groups) {
            if (!plan.epsilonCells().contains(group.cell().index())) {
                continue;
            }
            Stat stat = group.stats().get(plan.distance());
            List<double[]> points = series.computeIfAbsent(group.label(), k -> new ArrayList<>());
            if (stat.count() == 0) {
                continue;
            }
            double epsilon = group.cell().budget().epsilon();
            double band = Double.isNaN(stat.standardError()) ? 0 : 2 * stat.standardError();
            points.add(new double[] {epsilon, stat.mean(), band});
            positive &= stat.mean() - band > 0;
            low = Math.min(low, epsilon);
            high = Math.max(high, epsilon);
        }
        if (series.values().stream().allMatch(List::isEmpty)) {
            return false;
        }
        String at = plan.config().at().entrySet().stream().filter(e -> !e.getKey().equals(SweepAxis.EPSILON))
                .map(e -> e.getKey() + " = " + e.getValue()).reduce((a, b) -> a + ", " + b).orElse("");
        // an estimand off the manifold (a covariance on R^k) is measured in its parameter space's distance
        Cell cell = experiment.cells().get(plan.cell());
        Geometry space = cell.estimator().parameterSpace(cell.geometry());
        boolean onManifold = space == cell.geometry();
        XYChart chart = new XYChartBuilder().width(900).height(640)
                .title(experiment.config().name() + (onManifold ? ": geodesic distance to the non-private mean on "
                        + cell.geometry().spec() : ": distance to the non-private estimate on " + space.spec()
                        + " (data on " + cell.geometry().spec() + ")") + (at.isEmpty() ? "" : " (" + at + ")"))
                .xAxisTitle("epsilon" + (experiment.config().data().subject() == null ? ""
                        : " (per subject)"))
                .yAxisTitle(onManifold ? "rho(release, non-private mean), mean +- 2 SE"
                        : "distance(release, non-private estimate), mean +- 2 SE")
                .build();
        ChartStyle.style(chart, low > 0, positive);
        ChartStyle.addSeries(chart, series);
        if (Double.isFinite(spread)) { // an estimand off the manifold (a covariance) has no spread line
            XYSeries line = chart.addSeries(String.format(Locale.ROOT, "data spread: RMS distance of the records to "
                    + "their mean = %.4g (diagnostic, not released)", spread), new double[] {low, high},
                    new double[] {spread, spread});
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(Color.BLACK);
            line.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[] {7f, 5f}, 0f));
        }
        BitmapEncoder.saveBitmap(chart, folder.resolve(FILE).toString(), BitmapEncoder.BitmapFormat.PNG);
        return true;
    }
}
