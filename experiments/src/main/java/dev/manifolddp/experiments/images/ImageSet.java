package dev.manifolddp.experiments.images;

import dev.manifolddp.experiments.spi.DescriptorBackend;

/**
 * Images of one size, ready for a {@link DescriptorBackend}: intensities in [0, 1] in the backend's layout, with
 * where each image came from, so a refusal later (a descriptor outside a declared ball) can name it.
 *
 * @param images   one array per image, {@code height * width * channels} values
 * @param height   rows
 * @param width    columns
 * @param channels 1 (grey) or 3 (RGB)
 * @param origins  per image, the 1-based file line (CSV sets) or patch number (PNG patches, row-major)
 * @param source   what the images are, for the run's summary (e.g. "2000 images of label 3 of dataset:mnist")
 */
public record ImageSet(double[][] images, int height, int width, int channels, int[] origins, String source) {

    public ImageSet {
        if (images == null || origins == null || images.length != origins.length) {
            throw new IllegalArgumentException("an image set needs one origin per image. Provided value: "
                    + (images == null ? "no images" : images.length + " images") + ", "
                    + (origins == null ? "no origins" : origins.length + " origins"));
        }
        DescriptorSpec.size(channels);
    }

    /** The number of images. */
    public int size() {
        return images.length;
    }
}
