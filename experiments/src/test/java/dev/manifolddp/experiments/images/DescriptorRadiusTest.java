package dev.manifolddp.experiments.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.experiments.spi.DescriptorBackend;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The position-feature radius (docs/covariance-descriptors.md, "The position features") against the supremum of
 * {@code |Logm R|_F} over images: constant images (the worst case: k - 2 eigenvalues at eta), checkerboards, stripes,
 * ramps, a single bright pixel, random binary and uniform images.
 */
class DescriptorRadiusTest {

    private static final double ETA = 1e-6;
    private final DescriptorBackend backend = new JavaDescriptors();

    @ParameterizedTest
    @CsvSource({"1, 2, 2, 1.1", "1, 6, 6, 1.01", "1, 28, 28, 1.001", "1, 200, 200, 1.0002", "3, 32, 32, 1.001",
            "3, 3, 7, 1.05"})
    void everyImageLiesInTheTightenedBallAndConstantImagesNearlyReachIt(int channels, int h, int w, double ratio) {
        double radius = DescriptorSpec.radius(channels, ETA, h, w);
        double sup = 0;
        for (double[] r : backend.describe(images(channels, h, w).toArray(double[][]::new), h, w, channels, ETA)) {
            sup = Math.max(sup, logNorm(r, DescriptorSpec.size(channels)));
        }
        assertThat(sup).as("sup |Logm R|_F over %d x %d images", h, w).isLessThanOrEqualTo(radius);
        assertThat(radius / sup).as("radius / sup at %d x %d", h, w).isLessThanOrEqualTo(ratio);
        assertThat(radius).isLessThan(DescriptorSpec.radius(channels, ETA));
    }

    @ParameterizedTest
    @CsvSource({"1, 36.72", "3, 41.61"})
    void theRadiusIsTighterThanTheoremFiveByTheStatedAmount(int channels, double expected) {
        // sqrt((k - 2) ln^2 eta + 2 ln^2(L + eta)): ln^2(12) just exceeds ln^2(1/12 + eta) at eta = 1e-6
        int k = DescriptorSpec.size(channels);
        double top = Math.log(DescriptorSpec.featureBound(channels) + ETA);
        double exact = Math.sqrt((k - 2) * Math.log(ETA) * Math.log(ETA) + 2 * top * top);
        assertThat(DescriptorSpec.radius(channels, ETA, 28, 28)).isCloseTo(exact, within(1e-12))
                .isCloseTo(expected, within(0.005));
        assertThat(DescriptorSpec.radius(channels, ETA)).isCloseTo(Math.sqrt(k) * Math.log(1 / ETA), within(1e-12));
        // a large eta: ln(L + eta) dominates every eigenvalue's term, and the two bounds agree
        assertThat(DescriptorSpec.radius(1, 0.5, 28, 28)).isCloseTo(3 * Math.log(12.5), within(1e-12));
    }

    /** With a one-pixel side a position feature is constant: the tightened formula fails, Thm 5's bound holds. */
    @ParameterizedTest
    @CsvSource({"1, 5", "5, 1", "1, 1"})
    void aOnePixelSideKeepsTheoremFivesRadius(int h, int w) {
        double[] constant = new double[h * w];
        java.util.Arrays.fill(constant, 0.5);
        double norm = logNorm(backend.describe(new double[][] {constant}, h, w, 1, ETA)[0], 9);
        double tightened = Math.sqrt(7 * Math.log(ETA) * Math.log(ETA) + 2 * Math.log(12 + ETA) * Math.log(12 + ETA));
        assertThat(norm).isGreaterThan(tightened);
        assertThat(DescriptorSpec.radius(1, ETA, h, w)).isEqualTo(DescriptorSpec.radius(1, ETA))
                .isGreaterThanOrEqualTo(norm);
    }

    private static List<double[]> images(int channels, int h, int w) {
        List<double[]> images = new ArrayList<>();
        int values = h * w * channels;
        for (double level : new double[] {0, 0.5, 1}) {
            images.add(fill(values, i -> level));
        }
        for (int period : new int[] {1, 2, 3}) {
            images.add(fill(values, i -> {
                int pixel = i / channels;
                return ((pixel / w) / period + (pixel % w) / period) % 2;
            }));
            images.add(fill(values, i -> ((i / channels) % w / period) % 2));
        }
        images.add(fill(values, i -> (double) ((i / channels) % w) / Math.max(1, w - 1)));
        images.add(fill(values, i -> i / channels == (h / 2) * w + w / 2 ? 1 : 0));
        SplittableRandom random = new SplittableRandom(20260423L + h * 1000L + w);
        for (int n = 0; n < 20; n++) {
            boolean binary = n % 2 == 0;
            images.add(fill(values, i -> binary ? random.nextInt(2) : random.nextDouble()));
        }
        return images;
    }

    private static double[] fill(int values, java.util.function.IntToDoubleFunction value) {
        double[] image = new double[values];
        for (int i = 0; i < values; i++) {
            image[i] = value.applyAsDouble(i);
        }
        return image;
    }

    private static double logNorm(double[] r, int k) {
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=" + k);
        double[] identity = new double[k * k];
        for (int a = 0; a < k; a++) {
            identity[a * k + a] = 1;
        }
        return geometry.distance(identity, r);
    }
}
