package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Private mean shapes as Soto et al. 2022 (their Fig. 2) draw them: the sampled records faintly, the non-private
 * mean, and per mechanism one row of small multiples with its releases, each over the non-private mean in grey. Every
 * shape is drawn as its landmarks joined in order (closed with the option {@code closed-outline: true}) after
 * pre-shaping and rotating it onto the non-private mean (ordinary Procrustes): post-processing for display, which
 * costs no privacy. A release that is not a pre-shape (the landmark Laplace adds noise to coordinates) is pre-shaped
 * first; one whose landmarks all coincide has no shape and is marked so.
 */
public final class ShapePicture implements ReleasePicture {

    /** The option that closes each outline (the last landmark joined to the first). */
    public static final String CLOSED_OUTLINE = "closed-outline";

    static final int CELL = 150;
    private static final int LABEL = 220;
    private static final int TITLE = 54;
    private static final int ROW_GAP = 16;
    private static final int FOOT = 46;
    private static final int MAX_MARKED_LANDMARKS = 20;
    private static final Color MEAN = new Color(30, 30, 30);
    private static final Color BEHIND = new Color(185, 185, 185);
    static final Color[] COLOURS = {new Color(200, 70, 20), new Color(30, 110, 200),
        new Color(30, 150, 70), new Color(150, 60, 170), new Color(190, 40, 60), new Color(110, 110, 30)};

    @Override
    public String name() {
        return "shapes";
    }

    @Override
    public String description() {
        return "landmark shapes: the releases of each mechanism as outlines over the non-private mean, a row per mechanism (Soto et al. 2022, Fig. 2); option closed-outline: true|false";
    }

    @Override
    public boolean accepts(Geometry geometry) {
        return geometry.capability(LandmarkShapes.class).isPresent();
    }

    @Override
    public void write(Path png, Geometry geometry, ReleaseGallery gallery) throws IOException {
        write(png, geometry, gallery, null);
    }

    /** The picture with {@code footnote} (null: the default one, the releases per row) at its foot. */
    void write(Path png, Geometry geometry, ReleaseGallery gallery, String footnote) throws IOException {
        LandmarkShapes shapes = geometry.capability(LandmarkShapes.class).orElseThrow(() ->
                new IllegalArgumentException("the picture 'shapes' draws landmark shapes; " + geometry.spec()
                        + " has none. Provided value: " + geometry.spec()));
        boolean closed = closedOutline(gallery.options());
        double[] mean = shapes.preshape(gallery.estimate());
        int columns = Math.max(2, gallery.releases().values().stream().mapToInt(List::size).max().orElse(0));
        int rows = 1 + gallery.releases().size();
        int width = LABEL + columns * CELL + 20;
        int height = TITLE + rows * (CELL + ROW_GAP) + FOOT;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
            g.drawString(gallery.title(), 12, 24);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.drawString("grey: the non-private mean; every shape rotated onto it (Procrustes) for display", 12, 42);
            Frame frame = new Frame(mean, closed);

            int top = TITLE;
            label(g, List.of("data and", "non-private mean"), top, Color.BLACK);
            int x0 = LABEL;
            for (double[] record : gallery.data()) {
                frame.draw(g, aligned(shapes, record, mean), x0, top, new Color(90, 90, 90, 90), 0.8f, false);
            }
            caption(g, gallery.data().length + " records", x0, top);
            frame.draw(g, mean, x0 + CELL, top, MEAN, 2f, true);
            caption(g, "non-private mean", x0 + CELL, top);

            int row = 1;
            for (Map.Entry<String, List<double[]>> entry : gallery.releases().entrySet()) {
                int y = TITLE + row * (CELL + ROW_GAP);
                Color colour = COLOURS[(row - 1) % COLOURS.length];
                label(g, wrap(entry.getKey(), 28), y, colour);
                List<double[]> releases = entry.getValue();
                for (int i = 0; i < releases.size(); i++) {
                    int x = LABEL + i * CELL;
                    frame.draw(g, mean, x, y, BEHIND, 1.2f, false);
                    double[] shape = shapeOf(shapes, releases.get(i), mean);
                    if (shape == null) {
                        caption(g, "no shape (landmarks coincide or not finite)", x, y);
                    } else {
                        frame.draw(g, shape, x, y, colour, 1.6f, true);
                    }
                }
                row++;
            }
            g.setColor(Color.DARK_GRAY);
            g.drawString(footnote != null ? footnote : "Each row: the first " + columns + " releases of one mechanism "
                    + "(replicates 1.." + columns + "), drawn as released; alignment and scaling are post-processing.",
                    12, height - 18);
        } finally {
            g.dispose();
        }
        if (!ImageIO.write(image, "png", png.toFile())) {
            throw new IOException("no PNG writer is available to write " + png);
        }
    }

    @Override
    public void checkOptions(Map<String, String> options) {
        closedOutline(options);
    }

    /** The option {@value #CLOSED_OUTLINE}: {@code true} or {@code false} (default). */
    static boolean closedOutline(Map<String, String> options) {
        String value = options.getOrDefault(CLOSED_OUTLINE, "false");
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("pictures.options." + CLOSED_OUTLINE + " must be true or false. "
                    + "Provided value: " + value);
        }
        return value.equals("true");
    }

    /** The pre-shape of {@code point} rotated onto {@code mean}, or null when it has no shape. */
    private static double[] shapeOf(LandmarkShapes shapes, double[] point, double[] mean) {
        for (double v : point) {
            if (!Double.isFinite(v)) {
                return null;
            }
        }
        try {
            return aligned(shapes, point, mean);
        } catch (IllegalArgumentException e) {
            return null; // all landmarks coincide: no shape to draw
        }
    }

    private static double[] aligned(LandmarkShapes shapes, double[] point, double[] mean) {
        return shapes.align(shapes.preshape(point), mean);
    }

    static void label(Graphics2D g, List<String> lines, int top, Color colour) {
        g.setColor(colour);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        int y = top + CELL / 2 - 8 * (lines.size() - 1);
        for (String line : lines) {
            g.drawString(line, 12, y);
            y += 16;
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    }

    static void caption(Graphics2D g, String text, int x, int top) {
        g.setColor(Color.DARK_GRAY);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.drawString(text, x + 6, top + CELL + 10);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    }

    /** Splits a label into lines of at most {@code width} characters at spaces. */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** The common scale: the non-private mean fills most of a cell; every shape is centred (pre-shapes are). */
    static final class Frame {
        private final double scale;
        private final boolean closed;

        Frame(double[] mean, boolean closed) {
            this(largest(mean), closed);
        }

        /** The frame in which a shape whose largest coordinate is {@code extent} fills most of a cell. */
        Frame(double extent, boolean closed) {
            this.scale = 0.42 * CELL / extent;
            this.closed = closed;
        }

        private static double largest(double[] shape) {
            double extent = 0;
            for (double v : shape) {
                extent = Math.max(extent, Math.abs(v));
            }
            return extent;
        }

        void draw(Graphics2D g, double[] shape, int left, int top, Color colour, float width, boolean marks) {
            Graphics2D cell = (Graphics2D) g.create(left, top, CELL, CELL);
            try {
                int k = shape.length / 2;
                Path2D.Double path = new Path2D.Double();
                for (int j = 0; j < k; j++) {
                    double x = CELL / 2.0 + scale * shape[2 * j];
                    double y = CELL / 2.0 - scale * shape[2 * j + 1];
                    if (j == 0) {
                        path.moveTo(x, y);
                    } else {
                        path.lineTo(x, y);
                    }
                }
                if (closed) {
                    path.closePath();
                }
                cell.setColor(colour);
                cell.setStroke(new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
                cell.draw(path);
                if (marks && k <= MAX_MARKED_LANDMARKS) {
                    for (int j = 0; j < k; j++) {
                        double x = CELL / 2.0 + scale * shape[2 * j];
                        double y = CELL / 2.0 - scale * shape[2 * j + 1];
                        cell.fill(new Ellipse2D.Double(x - 2.5, y - 2.5, 5, 5));
                    }
                }
            } finally {
                cell.dispose();
            }
        }
    }
}
