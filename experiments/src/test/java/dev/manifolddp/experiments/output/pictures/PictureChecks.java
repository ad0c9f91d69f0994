package dev.manifolddp.experiments.output.pictures;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Reading back a picture's PNG: its pixels, and a stable copy under target/ for a person to look at. */
final class PictureChecks {

    /** Where the tests leave one PNG per picture for review (replaced on every run). */
    static final Path REVIEW = Path.of("target", "release-pictures");

    private PictureChecks() {
    }

    static BufferedImage read(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        if (image == null) {
            throw new AssertionError(png + " is not a readable image");
        }
        return image;
    }

    /** The number of pixels that are not white. */
    static long inked(BufferedImage image) {
        long count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    count++;
                }
            }
        }
        return count;
    }

    /** The number of pixels within {@code tolerance} of {@code color} in every channel. */
    static long pixelsNear(BufferedImage image, Color color, int tolerance) {
        long count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                Color c = new Color(image.getRGB(x, y));
                if (Math.abs(c.getRed() - color.getRed()) <= tolerance
                        && Math.abs(c.getGreen() - color.getGreen()) <= tolerance
                        && Math.abs(c.getBlue() - color.getBlue()) <= tolerance) {
                    count++;
                }
            }
        }
        return count;
    }

    /** A fresh path for the review copy of {@code name}. */
    static Path review(String name) throws IOException {
        Files.createDirectories(REVIEW);
        Path png = REVIEW.resolve(name);
        Files.deleteIfExists(png);
        return png;
    }
}
