package dev.manifolddp.geometry.kendall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.ValidatingGeometry;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Invalid input fails with a clear {@link IllegalArgumentException}, never a silent NaN. */
class KendallInvalidInputTest {

    private final Geometry geometry = Geometries.parse("kendall:landmarks=5");
    private final LandmarkShapes shapes = geometry.capability(LandmarkShapes.class).orElseThrow();
    private final Random random = new Random(42);
    private final double[] z = KendallFixtures.randomPreshape(geometry, random);

    /** A pre-shape whose shape lies on the cut locus of z: {@code z* w = 0} exactly up to rounding. */
    private double[] cutLocusOf(double[] base) {
        return KendallFixtures.tangent(geometry, base, random, 1.0);
    }

    @Test
    void uncentredPointIsRejectedWithItsCentroid() {
        double[] shifted = z.clone();
        for (int i = 0; i < shifted.length; i += 2) {
            shifted[i] += 0.1;
        }
        double norm = Math.sqrt(KendallFixtures.dot(shifted, shifted));
        for (int i = 0; i < shifted.length; i++) {
            shifted[i] /= norm;
        }
        assertThat(geometry.pointViolation(shifted, 1e-8)).get().asString().contains("not centred")
                .contains("centroid is (" + String.format("%.6g", 0.1 / norm));
        assertThatThrownBy(() -> geometry.log(z, shifted)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("q is not a point").hasMessageContaining("not centred");
    }

    @Test
    void pointOfWrongNormIsRejectedWithItsNorm() {
        double[] scaled = z.clone();
        for (int i = 0; i < scaled.length; i++) {
            scaled[i] *= 1.5;
        }
        assertThat(geometry.pointViolation(scaled, 1e-8)).get().asString().contains("Frobenius norm is 1.5")
                .doesNotContain("not centred");
        double[] v = KendallFixtures.tangent(geometry, z, random, 0.3);
        assertThatThrownBy(() -> geometry.exp(scaled, v)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("p is not a point").hasMessageContaining("norm is 1.5");
    }

    @Test
    void wrongLengthsAndNaNsAreRejected() {
        double[] longer = Arrays.copyOf(z, z.length + 2);
        assertThatThrownBy(() -> geometry.log(longer, z)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("length 12").hasMessageContaining("10 numbers");
        ValidatingGeometry validating = ValidatingGeometry.wrap(geometry);
        assertThatThrownBy(() -> validating.distance(z, Arrays.copyOf(z, 8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length");
        double[] nan = z.clone();
        nan[3] = Double.NaN;
        assertThatThrownBy(() -> geometry.exp(z, nan)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("v[3] is NaN");
        assertThatThrownBy(() -> validating.log(nan, z, new double[z.length]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
        assertThatThrownBy(() -> shapes.preshape(nan)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> shapes.alignmentAngle(z, nan)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reference[3] is NaN");
        assertThatThrownBy(() -> shapes.alignmentAngle(z, longer)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5 landmarks");
        assertThatThrownBy(() -> shapes.align(Arrays.copyOf(z, 9), z)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5 landmarks");
    }

    @Test
    void logAtTheCutLocusIsRefusedInEveryForm() {
        double[] w = cutLocusOf(z);
        assertThat(geometry.pointViolation(w, 1e-12)).isEmpty();
        assertThat(Math.hypot(KendallFixtures.dot(z, w), ComplexLandmarks.imaginaryProduct(z, w)))
                .isLessThan(1e-15);
        assertThat(geometry.distance(z, w)).isCloseTo(Math.PI / 2, org.assertj.core.data.Offset.offset(1e-14));

        assertThatThrownBy(() -> geometry.log(z, w)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cut locus");
        double[] out = new double[z.length];
        assertThatThrownBy(() -> geometry.log(z, w, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cut locus");
        assertThatThrownBy(() -> ValidatingGeometry.wrap(geometry).log(z, w, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cut locus");
        ParallelTransport transport = geometry.capability(ParallelTransport.class).orElseThrow();
        double[] v = KendallFixtures.tangent(geometry, z, random, 0.5);
        assertThatThrownBy(() -> transport.transport(z, w, v, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cut locus");
        // Any rotation of w is on the cut locus too.
        assertThatThrownBy(() -> geometry.log(z, KendallFixtures.rotate(w, 2.0), out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cut locus");
    }

    @Test
    void logJustInsideTheCutLocusIsRefusedByTheCheckedFormsOnly() {
        // distance pi/2 - 1e-11: inside the injectivity radius, but within the refusal margin of the checks.
        double[] u = cutLocusOf(z);
        double angle = Math.PI / 2 - 1e-11;
        double[] w = new double[z.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = Math.cos(angle) * z[i] + Math.sin(angle) * u[i];
        }
        assertThatThrownBy(() -> geometry.log(z, w)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cut locus");
        double[] out = new double[z.length];
        geometry.log(z, w, out);
        assertThat(geometry.norm(z, out)).isCloseTo(angle, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void configurationsWithoutShapeAreRejected() {
        double[] same = new double[10];
        for (int i = 0; i < same.length; i += 2) {
            same[i] = 3.7;
            same[i + 1] = -1.2;
        }
        assertThatThrownBy(() -> shapes.preshape(same)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("all 5 landmarks coincide");
        assertThatThrownBy(() -> shapes.preshape(new double[10])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("coincide");
        AmbientEmbedding embedding = geometry.capability(AmbientEmbedding.class).orElseThrow();
        assertThat(embedding.project(same, new double[10])).isFalse();
        double[] infinite = z.clone();
        infinite[0] = Double.POSITIVE_INFINITY;
        assertThat(embedding.project(infinite, new double[10])).isFalse();
        assertThatThrownBy(() -> embedding.ambientRadius(z, -0.1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(">= 0");
        assertThatThrownBy(() -> geometry.projectToTangent(new double[10], z, new double[10]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("zero array");
    }

    @Test
    void alignmentOfOrthogonalShapesIsRefused() {
        double[] w = cutLocusOf(z);
        assertThatThrownBy(() -> shapes.align(w, z)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no unique alignment");
        assertThatThrownBy(() -> shapes.alignmentAngle(w, z)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no unique alignment");
        assertThatThrownBy(() -> shapes.align(new double[10], z)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no unique alignment");
    }

    @Test
    void fewerThanThreeLandmarksAreRejected() {
        assertThatThrownBy(() -> new KendallShapeSpace(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3 <= landmarks");
    }
}
