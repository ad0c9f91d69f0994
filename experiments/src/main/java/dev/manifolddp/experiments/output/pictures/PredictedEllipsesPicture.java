package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.SymmetricEigensolver;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The ellipse panel of Kulkarni and Soto 2025's Fig. 8 for a regression with SPD(2) responses: the predicted tensors
 * at equally spaced covariates (or the option {@code covariates}), each drawn as the ellipse
 * {@code {S^(1/2) u : |u| = 1}} (semi-axes the square roots of the eigenvalues, along the eigenvectors), for the
 * non-private fit and each drawn release, overlaid at the same centres. With the options {@value #TRUE_FOOTPOINT} and
 * {@value #TRUE_VELOCITY} (a synthetic run's generating geodesic, {@code exp(p, x v)}) the truth is drawn dashed.
 */
public final class PredictedEllipsesPicture implements ReleasePicture {

    /** The option giving the generating geodesic's footpoint (at covariate 0), row-major. */
    static final String TRUE_FOOTPOINT = "true-footpoint";
    /** The option giving the generating geodesic's velocity per unit of covariate, row-major. */
    static final String TRUE_VELOCITY = "true-velocity";
    /** Predicted tensors drawn when the configuration lists no covariates. */
    static final int DEFAULT_TENSORS = 6;
    /** Horizontal distance between ellipse centres, in units of the largest semi-axis. */
    static final double SPACING = 2.4;
    static final int OUTLINE_POINTS = 73;

    private static final List<Color> PRIVATE_COLORS = List.of(new Color(200, 0, 200), new Color(230, 120, 0),
            new Color(0, 150, 60), new Color(120, 60, 0));

    @Override
    public String name() {
        return "predicted-ellipses";
    }

    @Override
    public String description() {
        return "a geodesic regression on SPD(2): the tensors the non-private fit and the releases predict along the covariate, as ellipses (Kulkarni and Soto 2025, Fig. 8); options covariates, true-footpoint, true-velocity";
    }

    @Override
    public boolean accepts(Geometry geometry) {
        return geometry.layout().equals(PointLayout.symmetricMatrix(2))
                && geometry.capability(SymmetricEigensolvers.class).isPresent();
    }

    @Override
    public boolean drawsPredictions() {
        return true;
    }

    @Override
    public void checkOptions(Map<String, String> options) {
        PredictionCovariates.check(options);
        truth(options);
    }

    @Override
    public void write(Path png, Geometry geometry, ReleaseGallery gallery) throws IOException {
        if (gallery.prediction() == null) {
            throw new IllegalArgumentException("the picture '" + name() + "' draws what a regression's releases "
                    + "predict; this estimator predicts no response. Provided value: " + name());
        }
        double[] covariates = PredictionCovariates.of(gallery.options(), gallery.covariateRange(), DEFAULT_TENSORS);
        List<String> names = new ArrayList<>();
        List<double[][]> tensors = new ArrayList<>();
        double[][] truth = truth(gallery.options());
        if (truth != null) {
            names.add("true geodesic");
            double[][] along = new double[covariates.length][];
            for (int k = 0; k < covariates.length; k++) {
                double[] step = new double[truth[1].length];
                for (int j = 0; j < step.length; j++) {
                    step[j] = covariates[k] * truth[1][j];
                }
                along[k] = geometry.exp(truth[0], step);
            }
            tensors.add(along);
        }
        names.add("non-private fit");
        tensors.add(predicted(gallery, gallery.estimate(), covariates));
        for (Map.Entry<String, List<double[]>> entry : gallery.releases().entrySet()) {
            List<double[]> releases = entry.getValue();
            for (int r = 0; r < releases.size(); r++) {
                names.add(entry.getKey() + (releases.size() == 1 ? "" : " #" + (r + 1)));
                tensors.add(predicted(gallery, releases.get(r), covariates));
            }
        }
        String title = String.format(Locale.ROOT, "%s: predicted SPD(2) tensors at x = %s", gallery.title(),
                java.util.Arrays.stream(covariates).mapToObj(PredictionCovariates::format).toList());
        SymmetricEigensolver solver = geometry.capability(SymmetricEigensolvers.class).orElseThrow().eigensolver(2);
        BitmapEncoder.saveBitmap(chart(solver, names, tensors, truth != null, title), png.toString(),
                BitmapEncoder.BitmapFormat.PNG);
    }

    private static double[][] predicted(ReleaseGallery gallery, double[] value, double[] covariates) {
        double[][] out = new double[covariates.length][];
        for (int k = 0; k < covariates.length; k++) {
            out[k] = gallery.prediction().at(value, covariates[k]);
        }
        return out;
    }

    /** The options' generating geodesic {@code {footpoint, velocity}}, or null when not given. */
    static double[][] truth(Map<String, String> options) {
        boolean footpoint = options.containsKey(TRUE_FOOTPOINT);
        if (footpoint != options.containsKey(TRUE_VELOCITY)) {
            throw new IllegalArgumentException("pictures.options: give both " + TRUE_FOOTPOINT + " and "
                    + TRUE_VELOCITY + " (the generating geodesic) or neither. Provided value: "
                    + (footpoint ? TRUE_FOOTPOINT : TRUE_VELOCITY));
        }
        if (!footpoint) {
            return null;
        }
        return new double[][] {numbers(options, TRUE_FOOTPOINT), numbers(options, TRUE_VELOCITY)};
    }

    private static double[] numbers(Map<String, String> options, String key) {
        String text = options.get(key);
        double[] out = PredictionCovariates.finite(key, text, "the 4 finite entries of a 2 x 2 matrix, row-major");
        if (out.length != 4) {
            throw new IllegalArgumentException("pictures.options." + key + " must list the 4 entries of a 2 x 2 "
                    + "matrix, row-major. Provided value: " + text);
        }
        return out;
    }

    private static XYChart chart(SymmetricEigensolver solver, List<String> names, List<double[][]> tensors,
            boolean withTruth, String title) {
        int count = tensors.get(0).length;
        double largest = 0;
        for (double[][] curve : tensors) {
            for (double[] s : curve) {
                largest = Math.max(largest, ellipse(solver, s).major());
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
        double xHigh = spacing * (count - 0.5);
        double yHalf = (xHigh - xLow) * (height - 190) / (width - 60) / 2;
        styler.setXAxisMin(xLow).setXAxisMax(xHigh).setYAxisMin(-yHalf).setYAxisMax(yHalf);
        for (int c = 0; c < tensors.size(); c++) {
            boolean truth = withTruth && c == 0;
            int fit = withTruth ? 1 : 0;
            Color color = truth ? Color.GRAY : c == fit ? new Color(0, 70, 220)
                    : PRIVATE_COLORS.get((c - fit - 1) % PRIVATE_COLORS.size());
            for (int k = 0; k < count; k++) {
                double[][] outline = outline(solver, tensors.get(c)[k], k * spacing);
                XYSeries series = chart.addSeries(names.get(c) + (k == 0 ? "" : " #x" + k), outline[0], outline[1]);
                series.setMarker(SeriesMarkers.NONE).setLineColor(color).setShowInLegend(k == 0);
                series.setLineStyle(truth ? new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
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
