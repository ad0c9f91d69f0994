package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Predicted shapes of a regression on landmark data, as Kulkarni and Soto 2025 show them (their Fig. 3): one column
 * per covariate value, the non-private fit's predicted shape {@code exp(p, t(x) v)} in the first row and, per
 * mechanism, its releases' predicted shapes over the fit's in grey. Each shape is pre-shaped and rotated onto the fit's
 * shape at the same covariate (Procrustes): post-processing for display, which costs no privacy.
 */
public final class PredictedShapesPicture implements ReleasePicture {

    /** Covariate values drawn when the configuration lists none. */
    static final int DEFAULT_COLUMNS = 4;

    private static final int LABEL = 220;
    private static final int TITLE = 54;
    private static final int HEADER = 20;
    private static final int ROW_GAP = 16;
    private static final int FOOT = 46;
    private static final Color FIT = new Color(30, 30, 30);
    private static final Color BEHIND = new Color(185, 185, 185);

    @Override
    public String name() {
        return "predicted-shapes";
    }

    @Override
    public String description() {
        return "a geodesic regression on landmark shapes: the shapes the non-private fit and the releases predict, a column per covariate (Kulkarni and Soto 2025, Fig. 3); options covariates, closed-outline";
    }

    @Override
    public boolean accepts(Geometry geometry) {
        return geometry.capability(LandmarkShapes.class).isPresent();
    }

    @Override
    public boolean drawsPredictions() {
        return true;
    }

    @Override
    public void checkOptions(Map<String, String> options) {
        ShapePicture.closedOutline(options);
        PredictionCovariates.check(options);
    }

    @Override
    public void write(Path png, Geometry geometry, ReleaseGallery gallery) throws IOException {
        LandmarkShapes shapes = geometry.capability(LandmarkShapes.class).orElseThrow(() ->
                new IllegalArgumentException("the picture '" + name() + "' draws landmark shapes; " + geometry.spec()
                        + " has none. Provided value: " + geometry.spec()));
        if (gallery.prediction() == null) {
            throw new IllegalArgumentException("the picture '" + name() + "' draws what a regression's releases "
                    + "predict; this estimator predicts no response. Provided value: " + name());
        }
        boolean closed = ShapePicture.closedOutline(gallery.options());
        double[] covariates = PredictionCovariates.of(gallery.options(), gallery.covariateRange(), DEFAULT_COLUMNS);
        double[][] fit = new double[covariates.length][];
        double extent = 0;
        for (int c = 0; c < covariates.length; c++) {
            fit[c] = shapes.preshape(gallery.prediction().at(gallery.estimate(), covariates[c]));
            for (double v : fit[c]) {
                extent = Math.max(extent, Math.abs(v));
            }
        }
        // one scale for every column: the fit's largest coordinate fills most of a cell
        ShapePicture.Frame frame = new ShapePicture.Frame(extent, closed);
        int cell = ShapePicture.CELL;
        int rows = 1 + gallery.releases().size();
        int width = LABEL + covariates.length * cell + 20;
        int height = TITLE + HEADER + rows * (cell + ROW_GAP) + FOOT;
        PictureCanvas canvas = new PictureCanvas(width, height);
        Graphics2D g = canvas.g;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString(gallery.title(), 12, 24);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawString("predicted shapes exp(p, t(x) v) by covariate x; grey: the non-private fit's; every shape "
                + "rotated onto it (Procrustes)", 12, 42);
        for (int c = 0; c < covariates.length; c++) {
            g.setColor(Color.BLACK);
            g.drawString("x = " + PredictionCovariates.format(covariates[c]), LABEL + c * cell + 6,
                    TITLE + HEADER - 6);
        }
        int top = TITLE + HEADER;
        ShapePicture.label(g, List.of("non-private fit"), top, Color.BLACK);
        for (int c = 0; c < covariates.length; c++) {
            frame.draw(g, fit[c], LABEL + c * cell, top, FIT, 2f, true);
        }
        int row = 1;
        for (Map.Entry<String, List<double[]>> entry : gallery.releases().entrySet()) {
            int y = top + row * (cell + ROW_GAP);
            Color colour = ShapePicture.COLOURS[(row - 1) % ShapePicture.COLOURS.length];
            ShapePicture.label(g, ShapePicture.wrap(entry.getKey(), 28), y, colour);
            for (int c = 0; c < covariates.length; c++) {
                int x = LABEL + c * cell;
                frame.draw(g, fit[c], x, y, BEHIND, 1.2f, false);
                int missing = 0;
                for (double[] release : entry.getValue()) {
                    double[] shape = predicted(shapes, gallery, release, covariates[c], fit[c]);
                    if (shape == null) {
                        missing++;
                    } else {
                        frame.draw(g, shape, x, y, colour, 1.2f, entry.getValue().size() == 1);
                    }
                }
                if (missing > 0) {
                    ShapePicture.caption(g, missing + " without a shape (not finite)", x, y);
                }
            }
            row++;
        }
        g.setColor(Color.DARK_GRAY);
        int drawn = gallery.releases().values().stream().mapToInt(List::size).max().orElse(0);
        g.drawString("Each row: one mechanism's first " + (drawn == 1 ? "release" : drawn + " releases (replicates 1.."
                + drawn + ")") + "; alignment and scaling are post-processing.", 12, height - 18);
        // drawn in full before anything is written: a failure above leaves no partial file
        canvas.save(png);
    }

    /** The release's predicted pre-shape at {@code x}, rotated onto the fit's, or null when it has none. */
    private static double[] predicted(LandmarkShapes shapes, ReleaseGallery gallery, double[] release, double x,
            double[] fit) {
        try {
            double[] shape = gallery.prediction().at(release, x);
            for (double v : shape) {
                if (!Double.isFinite(v)) {
                    return null;
                }
            }
            return shapes.align(shapes.preshape(shape), fit);
        } catch (IllegalArgumentException e) {
            return null; // all landmarks coincide: no shape to draw
        }
    }
}
