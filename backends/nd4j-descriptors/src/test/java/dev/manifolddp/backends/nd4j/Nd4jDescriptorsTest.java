package dev.manifolddp.backends.nd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.experiments.spi.DescriptorBackend;
import dev.manifolddp.experiments.images.DescriptorSpec;
import dev.manifolddp.experiments.images.JavaDescriptors;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class Nd4jDescriptorsTest {

    /**
     * Entry (a, b) of the two backends' descriptors differ by at most 1e-12 times sqrt(R_aa R_bb): relative error for
     * the diagonal, and for an off-diagonal entry relative to the largest value Cauchy-Schwarz allows it. Plain
     * relative error is no measure for an off-diagonal entry near 0 (a constant feature's covariances are sums of
     * rounding residues whose value depends on the summation order, which BLAS chooses).
     */
    private static final double TOLERANCE = 1e-12;

    private final DescriptorBackend plain = new JavaDescriptors();

    @ParameterizedTest(name = "{0} x {1}, {2} channel(s), chunk {3}")
    @CsvSource({
        "1, 9, 1, 256", "1, 9, 3, 256", "7, 1, 1, 256", "1, 1, 1, 256", "1, 1, 3, 256",
        "2, 2, 1, 256", "2, 2, 3, 256", "5, 5, 1, 256", "5, 5, 3, 256", "3, 8, 3, 256",
        "28, 28, 1, 256", "28, 28, 1, 4", "28, 28, 3, 5", "32, 32, 3, 256"})
    void nd4jEqualsPlainJava(int height, int width, int channels, int chunk) {
        double[][] images = images(new SplittableRandom(20261123L + 1000L * height + width + channels), 13,
                height * width * channels);
        double eta = 1e-6;
        double[][] expected = plain.describe(images, height, width, channels, eta);
        double[][] actual = new Nd4jDescriptors(chunk).describe(images, height, width, channels, eta);
        int k = DescriptorSpec.size(channels);
        assertThat(actual).hasNumberOfRows(images.length);
        for (int i = 0; i < images.length; i++) {
            assertThat(actual[i]).hasSize(k * k);
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    double scale = Math.sqrt(expected[i][a * k + a] * expected[i][b * k + b]);
                    assertThat(Math.abs(actual[i][a * k + b] - expected[i][a * k + b]))
                            .as("image %d, R[%d][%d]: nd4j %s, java %s", i, a, b, actual[i][a * k + b],
                                    expected[i][a * k + b])
                            .isLessThanOrEqualTo(TOLERANCE * scale);
                    assertThat(actual[i][a * k + b]).as("symmetry").isEqualTo(actual[i][b * k + a]);
                }
            }
        }
    }

    @Test
    void anEmptyBatchHasNoDescriptors() {
        assertThat(new Nd4jDescriptors().describe(new double[0][], 28, 28, 1, 1e-6)).isEmpty();
    }

    @Test
    void theServiceLoaderFindsBothBackendsByName() {
        var names = StreamSupport.stream(ServiceLoader.load(DescriptorBackend.class).spliterator(), false)
                .map(DescriptorBackend::name).collect(Collectors.toSet());
        assertThat(names).contains("java", "nd4j");
    }

    @Test
    void badImagesAreRefusedByIndexAsThePlainJavaBackendDoes() {
        DescriptorBackend nd4j = new Nd4jDescriptors();
        assertThatThrownBy(() -> nd4j.describe(new double[][] {new double[4], new double[3]}, 2, 2, 1, 1e-6))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("image 1").hasMessageContaining("expected 4 values");
        assertThatThrownBy(() -> nd4j.describe(new double[][] {new double[4], null}, 2, 2, 1, 1e-6))
                .hasMessageContaining("image 1").hasMessageContaining("Provided value: null");
        double[] bad = {0, 0.5, 1.5, 0};
        assertThatThrownBy(() -> nd4j.describe(new double[][] {new double[4], bad}, 2, 2, 1, 1e-6))
                .hasMessageContaining("image 1, value 2").hasMessageContaining("[0, 1]")
                .hasMessageContaining("Provided value: 1.5");
        double[] negative = {0, 0, 0, -0.25};
        assertThatThrownBy(() -> nd4j.describe(new double[][] {negative}, 2, 2, 1, 1e-6))
                .hasMessageContaining("image 0, value 3").hasMessageContaining("Provided value: -0.25");
        double[] nan = {0, Double.NaN, 0, 0};
        assertThatThrownBy(() -> nd4j.describe(new double[][] {nan}, 2, 2, 1, 1e-6))
                .hasMessageContaining("image 0, value 1").hasMessageContaining("Provided value: NaN");
        assertThatThrownBy(() -> nd4j.describe(new double[][] {new double[8]}, 2, 2, 2, 1e-6))
                .hasMessageContaining("channels");
        assertThatThrownBy(() -> nd4j.describe(new double[][] {new double[4]}, 2, 2, 1, 0))
                .hasMessageContaining("eta");
        assertThatThrownBy(() -> nd4j.describe(new double[][] {}, 0, 2, 1, 1e-6))
                .hasMessageContaining("height, width");
        assertThatThrownBy(() -> new Nd4jDescriptors(0)).hasMessageContaining("chunk");
    }

    /**
     * Random images: uniform intensities, 0/1 images (features at their bounds, many exact ties) and one constant
     * image (zero derivatives), so both the generic and the degenerate paths are compared.
     */
    private static double[][] images(SplittableRandom random, int count, int length) {
        double[][] images = new double[count][length];
        for (int i = 0; i < count; i++) {
            for (int j = 0; j < length; j++) {
                images[i][j] = i % 3 == 1 ? random.nextInt(2) : random.nextDouble();
            }
        }
        java.util.Arrays.fill(images[count - 1], 0.4);
        return images;
    }
}
