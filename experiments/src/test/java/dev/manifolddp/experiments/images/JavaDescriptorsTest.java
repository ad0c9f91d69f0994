package dev.manifolddp.experiments.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.experiments.spi.DescriptorBackend;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JavaDescriptorsTest {

    private final DescriptorBackend backend = new JavaDescriptors();

    @Test
    void aConstantImageVariesOnlyInItsGridCoordinates() {
        int h = 5;
        int w = 7;
        double[] image = new double[h * w];
        java.util.Arrays.fill(image, 0.3);
        double eta = 1e-6;
        double[] r = backend.describe(new double[][] {image}, h, w, 1, eta)[0];
        // x = col / (w - 1) uniform on w points of [0, 1]: variance (w + 1) / (12 (w - 1))
        double vx = (w + 1) / (12.0 * (w - 1));
        double vy = (h + 1) / (12.0 * (h - 1));
        for (int a = 0; a < 9; a++) {
            for (int b = 0; b < 9; b++) {
                double expected = (a == b ? eta : 0) + (a == 0 && b == 0 ? vx : 0) + (a == 1 && b == 1 ? vy : 0);
                assertThat(r[a * 9 + b]).as("R[%d][%d]", a, b).isCloseTo(expected, within(1e-15));
            }
        }
    }

    @Test
    void aHorizontalRampHasTheKernelsDerivativeInItsInterior() {
        int h = 6;
        int w = 8;
        double slope = 0.1;
        double[] image = new double[h * w];
        for (int row = 0; row < h; row++) {
            for (int col = 0; col < w; col++) {
                image[row * w + col] = slope * col;
            }
        }
        double[] r = backend.describe(new double[][] {image}, h, w, 1, 1e-6)[0];
        // |Ix| = (1 + 2 + 1) (g(c + 1) - g(c - 1)) / 4 = 2 slope inside, slope at the two edge columns; |Iy| = 0
        double[] column = new double[w];
        for (int col = 0; col < w; col++) {
            column[col] = col == 0 || col == w - 1 ? slope : 2 * slope;
        }
        double mean = java.util.Arrays.stream(column).average().orElseThrow();
        double var = java.util.Arrays.stream(column).map(v -> (v - mean) * (v - mean)).average().orElseThrow();
        assertThat(r[3 * 9 + 3]).isCloseTo(var + 1e-6, within(1e-15));
        assertThat(r[4 * 9 + 4]).isCloseTo(1e-6, within(1e-15));
        // atan2(|Ix|, 0) = pi/2 everywhere: constant, so no variance
        assertThat(r[8 * 9 + 8]).isCloseTo(1e-6, within(1e-15));
    }

    @Test
    void everyDescriptorOfRandomImagesIsSymmetricPositiveDefiniteAndInsideTheTheoremsBall() {
        SplittableRandom random = new SplittableRandom(20261123);
        for (int channels : new int[] {1, 3}) {
            int k = DescriptorSpec.size(channels);
            double[][] images = new double[40][];
            for (int i = 0; i < images.length; i++) {
                images[i] = new double[12 * 10 * channels];
                for (int j = 0; j < images[i].length; j++) {
                    // extreme images (0/1 pixels) push the features to their bounds
                    images[i][j] = i % 2 == 0 ? random.nextInt(2) : random.nextDouble();
                }
            }
            // a constant image: k - 2 eigenvalues equal eta, the descriptor far out near the ball's edge
            java.util.Arrays.fill(images[0], 0.5);
            double eta = 1e-6;
            double radius = DescriptorSpec.radius(channels, eta, 12, 10);
            Geometry logEuclidean = Geometries.parse("spd/log-euclidean:k=" + k);
            double[] identity = new double[k * k];
            for (int e = 0; e < k; e++) {
                identity[e * k + e] = 1;
            }
            double largest = 0;
            for (double[] r : backend.describe(images, 12, 10, channels, eta)) {
                assertThat(logEuclidean.pointViolation(r, 1e-12)).isEmpty();
                double trace = 0;
                for (int e = 0; e < k; e++) {
                    trace += r[e * k + e] - eta;
                }
                // trace of the covariance = mean |phi - mu|^2 <= L
                assertThat(trace).isLessThanOrEqualTo(DescriptorSpec.featureBound(channels));
                largest = Math.max(largest, logEuclidean.distance(identity, r));
            }
            assertThat(largest).isLessThanOrEqualTo(radius).isGreaterThan(Math.sqrt(k - 2) * Math.abs(Math.log(eta)));
        }
    }

    @Test
    void theRadiusIsTheTheoremsWithTheAppendixConstants() {
        assertThat(DescriptorSpec.radius(1, 1e-6)).isCloseTo(3 * Math.log(1e6), within(1e-12));
        assertThat(DescriptorSpec.radius(3, 1e-6)).isCloseTo(Math.sqrt(11) * Math.log(1e6), within(1e-12));
        assertThat(DescriptorSpec.radius(1, 0.5)).isCloseTo(3 * Math.log(12.5), within(1e-12));
    }

    @Test
    void badImagesAreRefusedByIndex() {
        assertThatThrownBy(() -> backend.describe(new double[][] {new double[4], new double[3]}, 2, 2, 1, 1e-6))
                .hasMessageContaining("image 1").hasMessageContaining("expected 4 values");
        double[] bad = {0, 0.5, 1.5, 0};
        assertThatThrownBy(() -> backend.describe(new double[][] {bad}, 2, 2, 1, 1e-6))
                .hasMessageContaining("image 0, value 2").hasMessageContaining("[0, 1]");
        double[] nan = {0, Double.NaN, 0, 0};
        assertThatThrownBy(() -> backend.describe(new double[][] {nan}, 2, 2, 1, 1e-6))
                .hasMessageContaining("Provided value: NaN");
        assertThatThrownBy(() -> backend.describe(new double[][] {new double[8]}, 2, 2, 2, 1e-6))
                .hasMessageContaining("channels");
        assertThatThrownBy(() -> DescriptorSpec.radius(1, 0)).hasMessageContaining("eta");
    }
}
