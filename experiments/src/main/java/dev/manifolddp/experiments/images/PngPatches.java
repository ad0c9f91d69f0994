package dev.manifolddp.experiments.images;

import dev.manifolddp.experiments.config.ConfigException;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.Raster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Cuts an image file (PNG, or any format {@code javax.imageio} reads) into non-overlapping {@code P x P} patches, in
 * row-major order from the top-left corner; the right and bottom strips narrower than P are not covered (the summary
 * says how many pixels). Grey images (one colour component) give grey patches, colour images RGB patches; an alpha
 * channel is ignored, and palette images are read through their RGB colours. Samples of b bits are scaled to [0, 1]
 * by {@code 1 / (2^b - 1)}. The whole image is one class: a texture task after Tuzel, Porikli, Meer 2006.
 */
public final class PngPatches {

    private PngPatches() {
    }

    /**
     * The patches of {@code file}.
     *
     * @param file  the image file
     * @param patch the side P of a patch, at least 3 and at most the image's shorter side
     * @param name  how the file is named in messages and the summary (e.g. {@code dataset:images-cc0/rocket.png})
     */
    public static ImageSet read(Path file, int patch, String name) {
        BufferedImage image;
        try {
            image = ImageIO.read(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": the image " + file + " could not be read (" + e.getMessage()
                    + "); give a PNG file", e);
        }
        if (image == null) {
            throw new IllegalArgumentException(name + ": " + file + " is not an image javax.imageio can read; give a "
                    + "PNG file");
        }
        int width = image.getWidth();
        int height = image.getHeight();
        if (patch < 3 || patch > Math.min(width, height)) {
            throw new ConfigException("data.patch", String.format(Locale.ROOT, "the patch side must lie in [3, %d] "
                    + "(the shorter side of the %d x %d image %s). Provided value: %d", Math.min(width, height), width,
                    height, name, patch));
        }
        boolean components = image.getColorModel() instanceof ComponentColorModel;
        int colours = image.getColorModel().getNumColorComponents();
        int channels = components && colours == 1 ? 1 : 3;
        double[] pixels = components ? samples(image, channels) : rgb(image);
        int across = width / patch;
        int down = height / patch;
        double[][] patches = new double[across * down][];
        int[] origins = new int[patches.length];
        for (int pr = 0; pr < down; pr++) {
            for (int pc = 0; pc < across; pc++) {
                int index = pr * across + pc;
                double[] out = new double[patch * patch * channels];
                for (int row = 0; row < patch; row++) {
                    int from = ((pr * patch + row) * width + pc * patch) * channels;
                    System.arraycopy(pixels, from, out, row * patch * channels, patch * channels);
                }
                patches[index] = out;
                origins[index] = index + 1;
            }
        }
        int uncovered = width * height - patches.length * patch * patch;
        return new ImageSet(patches, patch, patch, channels, origins, String.format(Locale.ROOT,
                "%d patches (%d x %d, %s, %d across x %d down; %d of %d pixels at the right and bottom edges not "
                        + "covered) of %s", patches.length, patch, patch, channels == 1 ? "grey" : "RGB", across, down,
                uncovered, width * height, name));
    }

    /** The colour samples of a component image (grey or RGB, alpha left out), scaled by their bit depth. */
    private static double[] samples(BufferedImage image, int channels) {
        Raster raster = image.getRaster();
        int width = image.getWidth();
        int height = image.getHeight();
        double[] out = new double[width * height * channels];
        int[] row = new int[width];
        for (int ch = 0; ch < channels; ch++) {
            double scale = 1.0 / ((1L << image.getColorModel().getComponentSize(ch)) - 1);
            for (int y = 0; y < height; y++) {
                raster.getSamples(0, y, width, 1, ch, row);
                for (int x = 0; x < width; x++) {
                    out[(y * width + x) * channels + ch] = row[x] * scale;
                }
            }
        }
        return out;
    }

    /** The 8-bit RGB colours of any other image (a palette, packed pixels). */
    private static double[] rgb(BufferedImage image) {
        int width = image.getWidth();
        int height = image.getHeight();
        double[] out = new double[width * height * 3];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int argb = image.getRGB(x, y);
                int p = (y * width + x) * 3;
                out[p] = ((argb >> 16) & 0xff) / 255.0;
                out[p + 1] = ((argb >> 8) & 0xff) / 255.0;
                out[p + 2] = (argb & 0xff) / 255.0;
            }
        }
        return out;
    }
}
