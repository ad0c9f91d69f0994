package dev.manifolddp.experiments.images;

/** Input checks shared by the descriptor backends. */
public final class ImageChecks {

    private ImageChecks() {
    }

    /**
     * Refuses an image of the wrong length or with a value outside [0, 1] (NaN included), naming the image's index.
     */
    public static void require(double[] image, int index, int length) {
        if (image == null || image.length != length) {
            throw new IllegalArgumentException("image " + index + ": expected " + length + " values (height x width x "
                    + "channels). Provided value: " + (image == null ? "null" : image.length + " values"));
        }
        for (int j = 0; j < length; j++) {
            double v = image[j];
            if (!(v >= 0 && v <= 1)) {
                throw new IllegalArgumentException("image " + index + ", value " + j + ": intensities must lie in "
                        + "[0, 1] (scale 8-bit pixels by 1/255). Provided value: " + v);
            }
        }
    }
}
