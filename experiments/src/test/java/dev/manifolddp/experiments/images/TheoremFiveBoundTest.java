package dev.manifolddp.experiments.images;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.data.DatasetFiles;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Utpala et al. 2023, Thm 5 on the bundled image sets: every descriptor (eta = 1e-6) lies in the log-Euclidean ball
 * of radius {@link DescriptorSpec#radius(int, double, int, int)} around I, and its scatter part {@code R - eta I} has trace (the mean of
 * {@code |phi - mu|^2}, which bounds its largest eigenvalue) at most Lemma A.6's L.
 */
class TheoremFiveBoundTest {

    private static final double ETA = 1e-6;

    private static Path bundled(String name) {
        return DatasetFiles.resolve("test", name, List.of());
    }

    /** The largest |Logm R|_F of {@code set}'s descriptors, after checking each one's trace against L. */
    private static double largestLogNorm(ImageSet set) {
        int k = DescriptorSpec.size(set.channels());
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=" + k);
        double[] identity = new double[k * k];
        for (int a = 0; a < k; a++) {
            identity[a * k + a] = 1;
        }
        double[][] descriptors = ImageDescriptors.describe(new JavaDescriptors(), set, ETA, false);
        double largest = 0;
        for (double[] r : descriptors) {
            double scatter = 0;
            for (int a = 0; a < k; a++) {
                scatter += r[a * k + a] - ETA;
            }
            assertThat(scatter).as(set.source()).isLessThanOrEqualTo(DescriptorSpec.featureBound(set.channels()));
            largest = Math.max(largest, geometry.distance(identity, r));
        }
        return largest;
    }

    @Test
    void everyGreyDescriptorOfTheBundledDigitsAndArticlesLiesInTheBall() {
        for (String name : List.of("dataset:mnist", "dataset:fashion-mnist")) {
            Path file = bundled(name);
            for (int label = 0; label < 4; label++) {
                ImageSet set = CsvImages.read(file, label, name);
                assertThat(set.size()).isEqualTo(2000);
                double bound = DescriptorSpec.radius(1, ETA, set.height(), set.width());
                assertThat(largestLogNorm(set)).as(set.source()).isLessThanOrEqualTo(bound);
            }
        }
    }

    @Test
    void everyPatchDescriptorOfTheBundledPhotographsAndTexturesLiesInTheBall() {
        for (String image : List.of("astronaut", "chelsea", "coffee", "rocket", "ihc", "brick", "grass", "gravel")) {
            ImageSet set = PngPatches.read(bundled("dataset:images-cc0/" + image + ".png"), 32, image);
            double bound = DescriptorSpec.radius(set.channels(), ETA, set.height(), set.width());
            assertThat(largestLogNorm(set)).as(set.source()).isLessThanOrEqualTo(bound);
        }
    }
}
