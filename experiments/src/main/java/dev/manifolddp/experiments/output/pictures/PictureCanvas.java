package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.experiments.data.AtomicFile;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;

/**
 * The white Java2D canvas the release pictures draw on, with the palette, fonts and checks they share. The PNG is
 * encoded in memory and written once ({@link AtomicFile}, never over an existing file); the same gallery gives the
 * same bytes on the same JVM.
 */
final class PictureCanvas {

    /** One colour per mechanism, in the configuration's order (colour-blind-safe, after Wong 2011). */
    static final List<Color> PALETTE = List.of(new Color(0, 114, 178), new Color(213, 94, 0),
            new Color(0, 158, 115), new Color(204, 121, 167), new Color(230, 159, 0), new Color(86, 180, 233),
            new Color(120, 120, 0));
    static final Stroke DASHED = new BasicStroke(1.3f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
            new float[] {5f, 4f}, 0f);
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    static final Font TEXT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 10);

    /** The options every picture accepts: the data ball, which the caller may pass along with a picture's own. */
    static final Set<String> BALL_OPTIONS = Set.of("center", "radius");

    final BufferedImage image;
    final Graphics2D g;

    PictureCanvas(int width, int height) {
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
    }

    static Color color(int mechanism) {
        return PALETTE.get(mechanism % PALETTE.size());
    }

    /** {@code text} at (x, y) in {@code font} and {@code color}. */
    void text(String text, double x, double y, Font font, Color color) {
        g.setFont(font);
        g.setColor(color);
        g.drawString(text, (float) x, (float) y);
    }

    /** Writes the canvas as a PNG file; an existing {@code png} is left alone and refused. */
    void save(Path png) throws IOException {
        g.dispose();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(image, "png", bytes);
        AtomicFile.write(png, bytes.toByteArray(), false, "picture");
    }

    /**
     * Refuses a gallery a picture cannot draw: a null part, a point of another length or with a non-finite entry,
     * or an option the picture does not know, each named with its place.
     */
    static void requireDrawable(String picture, ReleaseGallery gallery, int length, Set<String> options) {
        if (gallery == null) {
            throw new IllegalArgumentException(picture + ": no gallery given (null)");
        }
        requirePoint(picture, "the estimate", gallery.estimate(), length);
        if (gallery.data() == null) {
            throw new IllegalArgumentException(picture + ": the data sample is missing (null); give an empty array "
                    + "to draw none");
        }
        for (int i = 0; i < gallery.data().length; i++) {
            requirePoint(picture, "data point " + (i + 1), gallery.data()[i], length);
        }
        for (Map.Entry<String, List<double[]>> entry : gallery.releases().entrySet()) {
            List<double[]> points = entry.getValue();
            for (int i = 0; i < points.size(); i++) {
                requirePoint(picture, "release " + (i + 1) + " of " + entry.getKey(), points.get(i), length);
            }
        }
        for (String key : gallery.options().keySet()) {
            if (!options.contains(key) && !BALL_OPTIONS.contains(key)) {
                throw new IllegalArgumentException(String.format("picture %s: unknown option '%s'; it takes %s. "
                        + "Provided value: %s", picture, key, String.join(", ", new java.util.TreeSet<>(
                                union(options))), key));
            }
        }
    }

    private static Set<String> union(Set<String> options) {
        Set<String> all = new java.util.HashSet<>(options);
        all.addAll(BALL_OPTIONS);
        return all;
    }

    private static void requirePoint(String picture, String what, double[] point, int length) {
        if (point == null || point.length != length) {
            throw new IllegalArgumentException(String.format("picture %s: %s must have %d numbers. Provided value: "
                    + "%s", picture, what, length, point == null ? "null" : point.length + " numbers"));
        }
        for (double v : point) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(String.format("picture %s: %s has a non-finite entry. Provided "
                        + "value: %s", picture, what, java.util.Arrays.toString(point)));
            }
        }
    }
}
