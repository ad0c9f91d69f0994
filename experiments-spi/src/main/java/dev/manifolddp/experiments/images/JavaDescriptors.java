package dev.manifolddp.experiments.images;

import dev.manifolddp.experiments.spi.DescriptorBackend;

/**
 * The {@link DescriptorSpec} in plain Java loops: per image, the grey level, the four filtered images (edge pixels
 * repeated), the feature table and its covariance in two passes (mean first, then centred products, which keeps the
 * small variances of smooth images accurate). Scratch arrays are allocated once per batch.
 */
public final class JavaDescriptors implements DescriptorBackend {

    /** The backend's name in configurations. */
    public static final String NAME = "java";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double[][] describe(double[][] images, int height, int width, int channels, double eta) {
        int k = DescriptorSpec.size(channels);
        if (height < 1 || width < 1 || (long) height * width * channels > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("height, width: an image needs at least one pixel. Provided value: "
                    + height + " x " + width);
        }
        if (!(eta > 0) || Double.isInfinite(eta)) {
            throw new IllegalArgumentException("eta: the ridge must be a finite number > 0. Provided value: " + eta);
        }
        int pixels = height * width;
        double[] grey = new double[pixels];
        double[] features = new double[pixels * k];
        double[] mean = new double[k];
        double[][] out = new double[images.length][];
        for (int i = 0; i < images.length; i++) {
            ImageChecks.require(images[i], i, pixels * channels);
            greyLevel(images[i], channels, grey);
            fillFeatures(images[i], grey, height, width, channels, k, features);
            out[i] = covariance(features, pixels, k, eta, mean);
        }
        return out;
    }

    private static void greyLevel(double[] image, int channels, double[] grey) {
        if (channels == 1) {
            System.arraycopy(image, 0, grey, 0, grey.length);
            return;
        }
        for (int p = 0; p < grey.length; p++) {
            grey[p] = (image[3 * p] + image[3 * p + 1] + image[3 * p + 2]) / 3.0;
        }
    }

    private static void fillFeatures(double[] image, double[] grey, int h, int w, int channels, int k,
            double[] features) {
        double sx = w > 1 ? 1.0 / (w - 1) : 0;
        double sy = h > 1 ? 1.0 / (h - 1) : 0;
        for (int row = 0; row < h; row++) {
            for (int col = 0; col < w; col++) {
                int p = row * w + col;
                int f = p * k;
                features[f] = col * sx;
                features[f + 1] = row * sy;
                for (int ch = 0; ch < channels; ch++) {
                    features[f + 2 + ch] = image[p * channels + ch];
                }
                double ix = 0;
                double iy = 0;
                for (int a = -1; a <= 1; a++) {
                    for (int b = -1; b <= 1; b++) {
                        double g = at(grey, h, w, row + a, col + b);
                        ix += DescriptorSpec.KX[(a + 1) * 3 + (b + 1)] * g;
                        iy += DescriptorSpec.KX[(b + 1) * 3 + (a + 1)] * g;
                    }
                }
                double ixx = 0;
                double iyy = 0;
                for (int a = -2; a <= 2; a++) {
                    for (int b = -2; b <= 2; b++) {
                        double g = at(grey, h, w, row + a, col + b);
                        iyy += DescriptorSpec.KYY[(a + 2) * 5 + (b + 2)] * g;
                        ixx += DescriptorSpec.KYY[(b + 2) * 5 + (a + 2)] * g;
                    }
                }
                ix = Math.abs(ix) / 4;
                iy = Math.abs(iy) / 4;
                int d = f + 2 + channels;
                features[d] = ix;
                features[d + 1] = iy;
                features[d + 2] = Math.abs(ixx) / 32;
                features[d + 3] = Math.abs(iyy) / 32;
                features[d + 4] = Math.sqrt(ix * ix + iy * iy);
                features[d + 5] = Math.atan2(ix, iy);
            }
        }
    }

    /** The grey level at (row, col), the nearest edge pixel outside the image. */
    private static double at(double[] grey, int h, int w, int row, int col) {
        int r = row < 0 ? 0 : (row >= h ? h - 1 : row);
        int c = col < 0 ? 0 : (col >= w ? w - 1 : col);
        return grey[r * w + c];
    }

    private static double[] covariance(double[] features, int pixels, int k, double eta, double[] mean) {
        java.util.Arrays.fill(mean, 0);
        for (int p = 0; p < pixels; p++) {
            for (int a = 0; a < k; a++) {
                mean[a] += features[p * k + a];
            }
        }
        for (int a = 0; a < k; a++) {
            mean[a] /= pixels;
        }
        double[] r = new double[k * k];
        for (int p = 0; p < pixels; p++) {
            int f = p * k;
            for (int a = 0; a < k; a++) {
                double da = features[f + a] - mean[a];
                for (int b = a; b < k; b++) {
                    r[a * k + b] += da * (features[f + b] - mean[b]);
                }
            }
        }
        for (int a = 0; a < k; a++) {
            for (int b = a; b < k; b++) {
                double v = r[a * k + b] / pixels + (a == b ? eta : 0);
                r[a * k + b] = v;
                r[b * k + a] = v;
            }
        }
        return r;
    }
}
