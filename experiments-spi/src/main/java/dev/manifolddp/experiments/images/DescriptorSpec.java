package dev.manifolddp.experiments.images;

/**
 * The features of a covariance descriptor, as Utpala et al. 2023 (§6.2, Lemma A.6) define them, with the choices they
 * leave open fixed here. At pixel {@code (row, col)} of an {@code h x w} image:
 *
 * <pre>
 *   phi = [x, y, I_1 .. I_c, |Ix|, |Iy|, |Ixx|, |Iyy|, sqrt(Ix^2 + Iy^2), atan2(|Ix|, |Iy|)]
 * </pre>
 *
 * <ul>
 *   <li>{@code x = col / (w - 1)}, {@code y = row / (h - 1)} (0 when the side has one pixel), so both lie in [0, 1];</li>
 *   <li>{@code I_ch} the intensity of each channel, in [0, 1];</li>
 *   <li>the derivatives are taken of the grey level {@code g}: the intensity itself for one channel, the mean of the
 *       three channels for RGB (which keeps {@code g} in [0, 1], as the lemma's bounds need);</li>
 *   <li>{@code Ix = g * Kx}, {@code Iy = g * Ky} with the 3 x 3 kernels {@code Kx = [1 0 -1; 2 0 -2; 1 0 -1] / 4} and
 *       {@code Ky = Kx^T}, and {@code Ixx = g * Kxx}, {@code Iyy = g * Kyy} with the 5 x 5 kernels of the lemma
 *       ({@code Kyy} has rows {@code [1 4 6 4 1], 0, [-2 -8 -12 -8 -2], 0, [1 4 6 4 1]} over 32, {@code Kxx = Kyy^T});
 *       beyond the border the image repeats its edge pixels (so a constant image has zero derivatives). Only the
 *       absolute values enter the features, so correlation and convolution agree;</li>
 *   <li>{@code atan2(|Ix|, |Iy|)} is the lemma's {@code arctan(|Ix| / |Iy|)}, defined as 0 where both vanish.</li>
 * </ul>
 *
 * <p>The descriptor is {@code R = (1/|S|) sum_pixels (phi - mu)(phi - mu)^T + eta I} with {@code mu} the features'
 * mean over the image: {@code k = 9} for grey images and {@code k = 11} for RGB. Every feature lies in a public
 * interval {@code [0, b_i]} (the kernels' positive and negative weights each sum to 1 in absolute value), so
 * {@code |phi - mu|^2 <= sum b_i^2 = L} with {@code L <= 12} (grey) and {@code 14} (RGB), and
 * {@code |Logm R|_F <= sqrt(k) max(|ln eta|, ln(L + eta))} (Utpala et al. 2023, Thm 5 with the appendix's constants).
 * When both sides have at least two pixels, the position features x and y have variance at least 1/12 and are
 * uncorrelated over the pixel grid, so two eigenvalues of R lie in {@code [1/12 + eta, L + eta]} and the radius
 * tightens to {@code sqrt((k - 2) max(ln^2 eta, ln^2(L + eta)) + 2 max(ln^2(1/12 + eta), ln^2(L + eta)))}
 * ({@link #radius(int, double, int, int)}, docs/covariance-descriptors.md).
 */
public final class DescriptorSpec {

    /** The first-derivative kernel along x (columns), row-major 3 x 3, before the factor 1/4. */
    static final double[] KX = {1, 0, -1, 2, 0, -2, 1, 0, -1};
    /** The second-derivative kernel along y (rows), row-major 5 x 5, before the factor 1/32. */
    static final double[] KYY = {1, 4, 6, 4, 1, 0, 0, 0, 0, 0, -2, -8, -12, -8, -2, 0, 0, 0, 0, 0, 1, 4, 6, 4, 1};

    private DescriptorSpec() {
    }

    /** A copy of the first-derivative kernel along x, row-major 3 x 3, before the factor 1/4 (for other backends). */
    public static double[] firstDerivativeKernel() {
        return KX.clone();
    }

    /** A copy of the second-derivative kernel along y, row-major 5 x 5, before the factor 1/32 (for other backends). */
    public static double[] secondDerivativeKernel() {
        return KYY.clone();
    }

    /** The descriptor's size k for {@code channels} (1 or 3). */
    public static int size(int channels) {
        return switch (channels) {
            case 1 -> 9;
            case 3 -> 11;
            default -> throw new IllegalArgumentException("channels: a descriptor needs grey (1) or RGB (3) images. "
                    + "Provided value: " + channels);
        };
    }

    /** The public bound L on {@code |phi - mu|^2}: 12 for grey, 14 for RGB (Utpala et al. 2023, Lemma A.6). */
    public static double featureBound(int channels) {
        return size(channels) == 9 ? 12 : 14;
    }

    /**
     * The log-Euclidean radius around the identity that holds every descriptor of any image size (Thm 5, appendix
     * constants): {@code sqrt(k) max(|ln eta|, ln(L + eta))}. The bound for images of a known size is
     * {@link #radius(int, double, int, int)}.
     */
    public static double radius(int channels, double eta) {
        requireEta(eta);
        return Math.sqrt(size(channels)) * Math.max(Math.abs(Math.log(eta)), Math.log(featureBound(channels) + eta));
    }

    /**
     * The public log-Euclidean radius around the identity that holds every descriptor of an {@code height x width}
     * image. With both sides at least 2, the position features' 2 x 2 covariance block is
     * {@code diag(Var x, Var y)} with both variances at least 1/12, so two eigenvalues of R lie in
     * {@code [1/12 + eta, L + eta]} (docs/covariance-descriptors.md, "The position features"): the radius is
     * {@code sqrt((k - 2) max(ln^2 eta, ln^2(L + eta)) + 2 max(ln^2(1/12 + eta), ln^2(L + eta)))}, 36.72 for grey
     * and 41.61 for RGB at eta = 1e-6 (Thm 5's 41.45 and 45.82). With a one-pixel side a position feature is constant
     * and Thm 5's {@link #radius(int, double)} is the bound.
     */
    public static double radius(int channels, double eta, int height, int width) {
        requireEta(eta);
        if (height < 1 || width < 1) {
            throw new IllegalArgumentException("height, width: an image needs at least one pixel. Provided value: "
                    + height + " x " + width);
        }
        if (height < 2 || width < 2) {
            return radius(channels, eta);
        }
        double top = Math.log(featureBound(channels) + eta);
        double low = Math.max(Math.log(eta) * Math.log(eta), top * top);
        double position = Math.max(square(Math.log(POSITION_VARIANCE + eta)), top * top);
        return Math.sqrt((size(channels) - 2) * low + 2 * position);
    }

    /** The smallest variance of a position feature over a grid of at least two pixels per side. */
    static final double POSITION_VARIANCE = 1.0 / 12;

    private static double square(double x) {
        return x * x;
    }

    private static void requireEta(double eta) {
        if (!(eta > 0 && eta < 1)) {
            throw new IllegalArgumentException("eta: the descriptor's ridge must lie in (0, 1). Provided value: " + eta);
        }
    }
}
