package dev.manifolddp.experiments.spi;


/**
 * Turns a batch of images into region covariance descriptors (Tuzel, Porikli and Meer 2006), the SPD data of Utpala
 * et al. 2023 §6.2. A backend is a way of computing them (plain Java loops, or an array library); every backend
 * computes the same {@code DescriptorSpec} to rounding, and the experiments pick one by name.
 *
 * <p>Backends are found with {@link java.util.ServiceLoader}; implementations are thread-safe.
 */
public interface DescriptorBackend {

    /** The backend's name in configurations, e.g. {@code java}. */
    String name();

    /**
     * The descriptors of {@code images.length} images of one size.
     *
     * @param images   one array per image, intensities in [0, 1], {@code height * width * channels} values: pixel
     *                 {@code (row, col)}, channel {@code ch} at {@code (row * width + col) * channels + ch}
     * @param height   rows, at least 1
     * @param width    columns, at least 1
     * @param channels 1 (grey) or 3 (RGB)
     * @param eta      the ridge {@code eta > 0} added to the diagonal
     * @return one {@code k x k} row-major matrix per image, {@code k = DescriptorSpec.size(channels)}
     * @throws IllegalArgumentException naming the image when an array has the wrong length or a value outside [0, 1]
     */
    double[][] describe(double[][] images, int height, int width, int channels, double eta);
}
