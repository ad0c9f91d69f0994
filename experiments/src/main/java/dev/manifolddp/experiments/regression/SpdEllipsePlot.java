package dev.manifolddp.experiments.regression;

import dev.manifolddp.estimators.GeodesicRegression;
import dev.manifolddp.estimators.GeodesicRegressionResult;
import dev.manifolddp.experiments.output.pictures.PlaneEllipse;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.SymmetricEigensolver;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.regression.RegressionEstimate;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The ellipse panel of Kulkarni and Soto's Fig. 8 for SPD(2) responses: the predicted tensors
 * {@code exp(p, x v)} at equally spaced covariates, each drawn as the ellipse {@code {S^(1/2) u : |u| = 1}} (semi-axes
 * the square roots of the eigenvalues, along the eigenvectors), for the true geodesic, the non-private fit and each
 * method's private release, overlaid at the same centres.
 *
 * <p>The releases are those of replicate 0 of the equal-panel cells of the largest n (first noise level) at the
 * budget closest to {@value #PAPER_EPSILON} (the paper's {@code epsilon_p = epsilon_v = 0.2}): recomputed here from
 * the same seeded streams as the run, so they are exactly the releases of replicates.csv.
 */
final class SpdEllipsePlot {

    /** The total budget of the paper's Fig. 8. */
    static final double PAPER_EPSILON = 0.4;
    /** Predicted tensors drawn along the covariate range. */
    static final int TENSORS = 6;
    /** Horizontal distance between ellipse centres, in units of the largest semi-axis. */
    static final double SPACING = 2.4;
    static final int OUTLINE_POINTS = 73;
    static final String FILE = "ellipses.png";

    private static final List<Color> PRIVATE_COLORS = List.of(new Color(200, 0, 200), new Color(230, 120, 0),
            new Color(0, 150, 60), new Color(120, 60, 0));

    private SpdEllipsePlot() {
    }

    /** Writes {@value #FILE} when the responses are SPD(2) matrices and the equal panel exists; else nothing. */
    static List<String> write(RegressionExperiment experiment, Path folder) throws IOException {
        if (!experiment.geometry().layout().equals(PointLayout.symmetricMatrix(2))
                || experiment.geometry().capability(SymmetricEigensolvers.class).isEmpty()
                || experiment.config().epsilons().isEmpty()) {
            return List.of();
        }
        List<RegressionCell> cells = chosenCells(experiment);
        RegressionCell first = cells.get(0);
        if (!(experiment.data() instanceof SyntheticGeodesicData generator)) {
            return List.of(); // the panel draws the true geodesic, which only synthetic data have
        }
        SyntheticGeodesicData.Dataset data = generator.draw(first.n(), first.noise(),
                experiment.dataStream(first, 0));
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(experiment.geometry())
                .covariateRange(generator.low(), generator.high())
                .start(generator.center(), new double[generator.center().length]).build()
                .fit(data.covariates(), data.responses());
        List<String> names = new ArrayList<>();
        List<double[][]> curves = new ArrayList<>();
        names.add("true geodesic");
        curves.add(new double[][] {generator.footpoint(), generator.velocity()});
        names.add("non-private fit");
        curves.add(new double[][] {fit.footpoint(), fit.shootingVector()});
        for (RegressionCell cell : cells) {
            RegressionEstimate estimate = cell.mechanism().release(data.covariates(), data.responses(),
                    PrivacyBudget.pure(cell.epsilon()), experiment.releaseStream(cell, 0)).value();
            names.add(String.format(Locale.ROOT, "%s, epsilon %s", cell.label(),
                    RegressionPlots.format(cell.epsilon())));
            curves.add(new double[][] {estimate.footpoint(), estimate.shootingVector()});
        }
        String title = String.format(Locale.ROOT, "%s: predicted SPD(2) tensors at x = %s..%s (n = %d, noise %s, "
                + "replicate 0)", experiment.config().name(), RegressionPlots.format(generator.low()),
                RegressionPlots.format(generator.high()), first.n(), RegressionPlots.format(first.noise()));
        BitmapEncoder.saveBitmap(chart(experiment.geometry(), generator, names, curves, title),
                folder.resolve(FILE).toString(), BitmapEncoder.BitmapFormat.PNG);
        return List.of(FILE);
    }

    /** Per method, the equal-panel cell of the largest n and first noise whose budget is closest to 0.4. */
    private static List<RegressionCell> chosenCells(RegressionExperiment experiment) {
        int n = experiment.config().ns().stream().mapToInt(Integer::intValue).max().orElseThrow();
        double noise = experiment.config().noises().get(0);
        double epsilon = experiment.config().epsilons().stream().min((a, b) -> Double.compare(
                Math.abs(a - PAPER_EPSILON), Math.abs(b - PAPER_EPSILON))).orElseThrow();
        return experiment.cells().stream().filter(c -> c.panel().equals(RegressionCell.EQUAL) && c.n() == n
                && c.noise() == noise && c.epsilon() == epsilon).toList();
    }

    private static XYChart chart(Geometry geometry, SyntheticGeodesicData generator, List<String> names,
            List<double[][]> curves, String title) {
        SymmetricEigensolver solver = geometry.capability(SymmetricEigensolvers.class).orElseThrow().eigensolver(2);
        double[][][] tensors = new double[curves.size()][TENSORS][];
        double largest = 0;
        double[] step = new double[4];
        for (int c = 0; c < curves.size(); c++) {
            for (int k = 0; k < TENSORS; k++) {
                double x = generator.low() + (generator.high() - generator.low()) * k / (TENSORS - 1);
                for (int j = 0; j < 4; j++) {
                    step[j] = x * curves.get(c)[1][j];
                }
                tensors[c][k] = geometry.exp(curves.get(c)[0], step);
                largest = Math.max(largest, ellipse(solver, tensors[c][k]).major());
            }
        }
        double spacing = SPACING * largest;
        int width = 1300;
        int height = 520;
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title)
                .xAxisTitle("covariate x (ellipse centres equally spaced)").yAxisTitle("").build();
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS).setChartBackgroundColor(Color.WHITE)
                .setAntiAlias(true);
        styler.setPlotGridLinesVisible(false);
        styler.setYAxisTicksVisible(false);
        styler.setXAxisTicksVisible(false);
        // equal scales on both axes (approximately: the plot area is the chart less its margins and legend)
        double xLow = -spacing / 2;
        double xHigh = spacing * (TENSORS - 0.5);
        double yHalf = (xHigh - xLow) * (height - 190) / (width - 60) / 2;
        chart.getStyler().setXAxisMin(xLow).setXAxisMax(xHigh).setYAxisMin(-yHalf).setYAxisMax(yHalf);
        for (int c = 0; c < curves.size(); c++) {
            Color color = c == 0 ? Color.GRAY : c == 1 ? new Color(0, 70, 220)
                    : PRIVATE_COLORS.get((c - 2) % PRIVATE_COLORS.size());
            for (int k = 0; k < TENSORS; k++) {
                double[][] outline = outline(solver, tensors[c][k], k * spacing);
                XYSeries series = chart.addSeries(names.get(c) + (k == 0 ? "" : " #" + k), outline[0], outline[1]);
                series.setMarker(SeriesMarkers.NONE).setLineColor(color).setShowInLegend(k == 0);
                series.setLineStyle(c == 0 ? new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {5f, 4f}, 0f) : new BasicStroke(1.6f));
            }
        }
        return chart;
    }

    /** The boundary of {@code {S^(1/2) u : |u| = 1}} centred at {@code (centre, 0)}. */
    static double[][] outline(SymmetricEigensolver solver, double[] s, double centre) {
        PlaneEllipse ellipse = ellipse(solver, s);
        double[][] out = new double[2][OUTLINE_POINTS];
        for (int i = 0; i < OUTLINE_POINTS; i++) {
            double t = 2 * Math.PI * i / (OUTLINE_POINTS - 1);
            out[0][i] = centre + ellipse.x(t);
            out[1][i] = ellipse.y(t);
        }
        return out;
    }

    /** The ellipse of the symmetric 2 x 2 matrix {@code [[s0, s1], [s2, s3]]} (row-major, s1 = s2). */
    static PlaneEllipse ellipse(SymmetricEigensolver solver, double[] s) {
        return PlaneEllipse.of(solver, s[0], 0.5 * (s[1] + s[2]), s[3]);
    }
}
