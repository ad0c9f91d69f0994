package dev.manifolddp.geometry.kendall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The basis at special points, and the hot paths of the capabilities allocate nothing. */
class KendallCapabilitiesTest {

    @Test
    void basisIsOrthonormalAndHorizontalWhereTheReflectionHasNoPhase() {
        // Landmarks 1 and 2 at the origin: the first entry of the reflected pre-shape is 0 (its phase is undefined).
        Geometry g = Geometries.parse("kendall:landmarks=4");
        double a = Math.sqrt(0.5);
        double b = Math.sqrt(0.125);
        double[][] points = {{0, 0, 0, 0, a, 0, -a, 0}, {0, 0, 0, 0, 0.6, -0.1, -0.6, 0.1}, {b, b, -b, -b, b, -b, -b, b}};
        TangentBasis basis = g.capability(TangentBasis.class).orElseThrow();
        for (double[] z : points) {
            double norm = Math.sqrt(KendallFixtures.dot(z, z));
            for (int i = 0; i < z.length; i++) {
                z[i] /= norm;
            }
            assertThat(g.pointViolation(z, 1e-15)).isEmpty();
            double[][] e = basis.basis(z);
            assertThat(e).hasNumberOfRows(4);
            for (int i = 0; i < e.length; i++) {
                assertThat(g.tangentViolation(z, e[i], 1e-15)).isEmpty();
                for (int j = 0; j < e.length; j++) {
                    assertThat(g.inner(z, e[i], e[j])).isCloseTo(i == j ? 1 : 0, offset(1e-15));
                }
            }
        }
    }

    /**
     * The volume of a geodesic ball: {@code int_0^t volumeRatio(s) s^(d-1) ds = sin^(2m)(t) / (2m)} (docs/exact-sampling.md, radial laws),
     * by Simpson's rule; for k = 3 the ratio is that of a sphere of radius 1/2, {@code sin(2 theta) / (2 theta)}.
     */
    @Test
    void radialVolumeIntegratesToTheBallVolume() {
        for (int k : new int[] {3, 4, 10, 50}) {
            Geometry g = Geometries.parse("kendall:landmarks=" + k);
            RadialVolume radial = g.capability(RadialVolume.class).orElseThrow();
            assertThat(radial.maxRadius()).isEqualTo(Math.PI / 2);
            int m = k - 2;
            for (double t : new double[] {0.2, 0.9, Math.PI / 2}) {
                int n = 2000;
                double h = t / n;
                double sum = 0;
                for (int i = 0; i <= n; i++) {
                    double s = i * h;
                    double f = radial.volumeRatio(s) * Math.pow(s, 2 * m - 1);
                    sum += (i == 0 || i == n ? 1 : i % 2 == 1 ? 4 : 2) * f;
                }
                double expected = Math.pow(Math.sin(t), 2 * m) / (2 * m);
                assertThat(sum * h / 3).as("k = %d, t = %s", k, t).isCloseTo(expected, offset(1e-10 * expected + 1e-14));
            }
            assertThat(radial.volumeRatio(0)).isEqualTo(1.0);
            assertThat(radial.volumeRatio(-0.1)).isZero();
            assertThat(radial.volumeRatio(1.6)).isZero();
        }
        RadialVolume triangle = Geometries.parse("kendall:landmarks=3").capability(RadialVolume.class).orElseThrow();
        for (double theta = 0.05; theta < Math.PI / 2; theta += 0.1) {
            assertThat(triangle.volumeRatio(theta)).isCloseTo(Math.sin(2 * theta) / (2 * theta), offset(1e-15));
        }
    }

    @Test
    void capabilityHotPathsAllocateNothing() {
        if (!Allocations.supported()) {
            return;
        }
        Geometry g = Geometries.parse("kendall:landmarks=10");
        Random random = new Random(1000);
        double[] z = KendallFixtures.randomPreshape(g, random);
        double[] w = KendallFixtures.randomPreshape(g, random);
        double[] raw = KendallFixtures.gaussianConfiguration(10, random);
        double[] out = new double[20];
        double[][] frame = new double[16][20];
        TangentBasis basis = g.capability(TangentBasis.class).orElseThrow();
        LandmarkShapes shapes = g.capability(LandmarkShapes.class).orElseThrow();
        AmbientEmbedding embedding = g.capability(AmbientEmbedding.class).orElseThrow();
        double[] sink = new double[1];
        Runnable body = () -> {
            basis.basis(z, frame);
            shapes.preshape(raw, out);
            shapes.align(w, z, out);
            sink[0] += shapes.alignmentAngle(w, z) + embedding.ambientRadius(z, 0.3);
            embedding.project(raw, out);
            embedding.toAmbient(z, out);
        };
        assertThat(Allocations.bytesPerCall(body, 20_000)).isLessThan(1.0);
    }
}
