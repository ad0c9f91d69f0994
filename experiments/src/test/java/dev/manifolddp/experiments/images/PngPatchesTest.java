package dev.manifolddp.experiments.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PngPatchesTest {

    @TempDir
    Path folder;

    @Test
    void cutsRgbPatchesRowMajorAndLeavesTheEdgeStrips() throws IOException {
        // 10 x 7 pixels, red = column, green = row, blue = 255 - column: patches of 3 give 3 across x 2 down
        BufferedImage image = new BufferedImage(10, 7, BufferedImage.TYPE_3BYTE_BGR);
        for (int y = 0; y < 7; y++) {
            for (int x = 0; x < 10; x++) {
                image.setRGB(x, y, (x << 16) | (y << 8) | (255 - x));
            }
        }
        Path file = folder.resolve("rgb.png");
        ImageIO.write(image, "png", file.toFile());
        ImageSet set = PngPatches.read(file, 3, "rgb.png");
        assertThat(set.channels()).isEqualTo(3);
        assertThat(set.size()).isEqualTo(6);
        assertThat(set.origins()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(set.source()).contains("6 patches (3 x 3, RGB, 3 across x 2 down; 16 of 70 pixels");
        // patch 5 (second row, second column): its pixel (row 1, col 2) is image pixel (x 5, y 4)
        double[] patch = set.images()[4];
        int p = (1 * 3 + 2) * 3;
        assertThat(patch[p]).isEqualTo(5 / 255.0);
        assertThat(patch[p + 1]).isEqualTo(4 / 255.0);
        assertThat(patch[p + 2]).isEqualTo(250 / 255.0);
    }

    @Test
    void readsGreyImagesAsOneChannel() throws IOException {
        BufferedImage image = new BufferedImage(4, 4, BufferedImage.TYPE_BYTE_GRAY);
        image.getRaster().setSample(3, 1, 0, 51);
        Path file = folder.resolve("grey.png");
        ImageIO.write(image, "png", file.toFile());
        ImageSet set = PngPatches.read(file, 4, "grey.png");
        assertThat(set.channels()).isEqualTo(1);
        assertThat(set.size()).isEqualTo(1);
        assertThat(set.images()[0][1 * 4 + 3]).isEqualTo(0.2);
        assertThat(set.images()[0][0]).isZero();
    }

    @Test
    void refusesAPatchLargerThanTheImageAndNonImages() throws IOException {
        Path file = folder.resolve("small.png");
        ImageIO.write(new BufferedImage(5, 8, BufferedImage.TYPE_3BYTE_BGR), "png", file.toFile());
        assertThatThrownBy(() -> PngPatches.read(file, 6, "small.png")).hasMessageContaining("patch")
                .hasMessageContaining("[3, 5]").hasMessageContaining("Provided value: 6");
        Path text = folder.resolve("text.png");
        Files.writeString(text, "not an image");
        assertThatThrownBy(() -> PngPatches.read(text, 3, "text.png")).hasMessageContaining("not an image");
    }
}
