package dev.manifolddp.experiments.images;

import dev.manifolddp.experiments.spi.DescriptorBackend;
import dev.manifolddp.experiments.spi.Progress;
import java.util.Arrays;

/**
 * The covariance descriptors of the images an {@link ImageDataSpec} names, computed by its backend in batches so a
 * progress bar can follow thousands of images.
 *
 * @param set         the images described
 * @param descriptors one {@code k x k} row-major descriptor per image, in the set's order
 * @param backend     the backend's name
 */
public record ImageDescriptors(ImageSet set, double[][] descriptors, String backend) {

    /** Images per backend call: large enough for a backend's batching, small enough for a smooth progress bar. */
    static final int BATCH = 500;

    /** Reads the images of {@code spec} and describes them, with a progress bar on stderr when {@code progress}. */
    public static ImageDescriptors of(ImageDataSpec spec, boolean progress) {
        ImageSet set = spec.isCsv() ? CsvImages.read(spec.file(), spec.label(), spec.images())
                : PngPatches.read(spec.file(), spec.patch(), spec.images());
        DescriptorBackend backend = DescriptorBackends.named(spec.backend());
        return new ImageDescriptors(set, describe(backend, set, spec.eta(), progress), backend.name());
    }

    /** The descriptors of {@code set} by {@code backend}, {@link #BATCH} images per call. */
    public static double[][] describe(DescriptorBackend backend, ImageSet set, double eta, boolean progress) {
        double[][] out = new double[set.size()][];
        try (Progress bar = Progress.create(progress, set.size(), System.err, "descriptors")) {
            for (int from = 0; from < set.size(); from += BATCH) {
                int to = Math.min(set.size(), from + BATCH);
                double[][] batch = backend.describe(Arrays.copyOfRange(set.images(), from, to), set.height(),
                        set.width(), set.channels(), eta);
                System.arraycopy(batch, 0, out, from, to - from);
                bar.stepBy(to - from);
            }
        }
        return out;
    }

    /** The descriptor size k. */
    public int k() {
        return DescriptorSpec.size(set.channels());
    }
}
