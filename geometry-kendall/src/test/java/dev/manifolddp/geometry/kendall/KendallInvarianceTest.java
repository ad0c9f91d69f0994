package dev.manifolddp.geometry.kendall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Quotient invariances: results depend on shapes, not on the representatives or the raw configuration. */
class KendallInvarianceTest {

    private static final double[] ANGLES = {0.3, -1.7, Math.PI, 2.9, -Math.PI + 1e-3, 1e-9};

    private static Geometry geometry(int k) {
        return Geometries.parse("kendall:landmarks=" + k);
    }

    /** A shape at distance {@code angle} from z: {@code exp(z, angle u)} for a random unit horizontal u. */
    private static double[] atDistance(Geometry g, double[] z, Random random, double angle) {
        return g.exp(z, KendallFixtures.tangent(g, z, random, angle));
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 10, 50})
    void logIsInvariantUnderRotatingItsTarget(int k) {
        Geometry g = geometry(k);
        Random random = new Random(100 + k);
        for (int t = 0; t < 50; t++) {
            double[] z = KendallFixtures.randomPreshape(g, random);
            double[] w = t % 2 == 0 ? KendallFixtures.randomPreshape(g, random)
                    : atDistance(g, z, random, 1.5 * random.nextDouble());
            double[] expected = g.log(z, w);
            for (double a : ANGLES) {
                double[] rotated = g.log(z, KendallFixtures.rotate(w, a));
                assertThat(KendallFixtures.maxAbsDifference(rotated, expected)).as("log(z, e^(i %s) w)", a)
                        .isLessThan(1e-13);
            }
            assertThat(g.tangentViolation(z, expected, 1e-14)).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 10, 50})
    void distanceIsRotationInvariantInBothArguments(int k) {
        Geometry g = geometry(k);
        Random random = new Random(200 + k);
        for (int t = 0; t < 50; t++) {
            double[] z = KendallFixtures.randomPreshape(g, random);
            double[] w = t % 2 == 0 ? KendallFixtures.randomPreshape(g, random)
                    : atDistance(g, z, random, Math.pow(10, -8 * random.nextDouble()));
            double d = g.distance(z, w);
            // The textbook form, where it is well conditioned.
            if (d > 0.1) {
                double overlap = Math.hypot(KendallFixtures.dot(z, w), ComplexLandmarks.imaginaryProduct(z, w));
                assertThat(d).isCloseTo(Math.acos(overlap), offset(1e-13));
            }
            for (double a : ANGLES) {
                for (double b : ANGLES) {
                    double rotated = g.distance(KendallFixtures.rotate(z, a), KendallFixtures.rotate(w, b));
                    assertThat(rotated).isCloseTo(d, offset(1e-15 + 1e-14 * d));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 10, 50})
    void smallDistancesKeepTheirRelativeAccuracy(int k) {
        Geometry g = geometry(k);
        Random random = new Random(300 + k);
        double[] z = KendallFixtures.randomPreshape(g, random);
        for (double angle : new double[] {1e-3, 1e-6, 1e-9, 1e-12}) {
            double[] w = KendallFixtures.rotate(atDistance(g, z, random, angle), 0.8);
            assertThat(g.distance(z, w)).isCloseTo(angle, offset(1e-15));
            assertThat(g.norm(z, g.log(z, w))).isCloseTo(angle, offset(1e-15));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 10, 50})
    void preshapeIsInvariantUnderTranslationAndScaling(int k) {
        Geometry g = geometry(k);
        LandmarkShapes shapes = g.capability(LandmarkShapes.class).orElseThrow();
        Random random = new Random(400 + k);
        for (int t = 0; t < 20; t++) {
            double[] x = KendallFixtures.gaussianConfiguration(k, random);
            double[] expected = shapes.preshape(x);
            assertThat(g.pointViolation(expected, 1e-14)).isEmpty();
            for (double scale : new double[] {1e-6, 0.37, 1.0, 250.0, 1e8}) {
                double tx = 1e3 * random.nextGaussian();
                double ty = 1e3 * random.nextGaussian();
                double[] moved = x.clone();
                for (int i = 0; i < moved.length; i += 2) {
                    moved[i] = scale * x[i] + tx;
                    moved[i + 1] = scale * x[i + 1] + ty;
                }
                // Translating by 1e3 rounds each coordinate to 1e3 * 2^-53 absolute, relative to the spread.
                double allowed = 1e-14 * Math.max(1, 2e3 / scale);
                assertThat(KendallFixtures.maxAbsDifference(shapes.preshape(moved), expected))
                        .as("scale %s, translation (%s, %s)", scale, tx, ty).isLessThan(allowed);
            }
            // Rotation commutes with taking the pre-shape; a reflection-free flip (scale -1) is a rotation by pi.
            double[] flipped = x.clone();
            for (int i = 0; i < flipped.length; i++) {
                flipped[i] = -flipped[i];
            }
            assertThat(g.distance(shapes.preshape(flipped), expected)).isLessThan(1e-15);
            assertThat(KendallFixtures.maxAbsDifference(shapes.preshape(KendallFixtures.rotate(x, 1.1)),
                    KendallFixtures.rotate(expected, 1.1))).isLessThan(1e-14);
            // out may alias the configuration.
            double[] inPlace = x.clone();
            shapes.preshape(inPlace, inPlace);
            assertThat(inPlace).containsExactly(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 10, 50})
    void alignmentUndoesARotationAndMinimisesTheDistance(int k) {
        Geometry g = geometry(k);
        LandmarkShapes shapes = g.capability(LandmarkShapes.class).orElseThrow();
        Random random = new Random(500 + k);
        for (int t = 0; t < 20; t++) {
            double[] reference = KendallFixtures.randomPreshape(g, random);
            double angle = Math.PI * (2 * random.nextDouble() - 1);
            // point = e^(-i angle) reference, so align must rotate it counter-clockwise by angle.
            double[] point = KendallFixtures.rotate(reference, -angle);
            assertThat(shapes.alignmentAngle(point, reference)).isCloseTo(angle, offset(1e-14));
            assertThat(KendallFixtures.maxAbsDifference(shapes.align(point, reference), reference))
                    .isLessThan(1e-15);

            double[] other = KendallFixtures.randomPreshape(g, random);
            double[] aligned = shapes.align(other, reference);
            double phi = shapes.alignmentAngle(other, reference);
            assertThat(KendallFixtures.maxAbsDifference(aligned, KendallFixtures.rotate(other, phi)))
                    .isLessThan(1e-15);
            // After alignment reference* aligned is real and positive, and no other rotation does better.
            assertThat(ComplexLandmarks.imaginaryProduct(reference, aligned)).isCloseTo(0.0, offset(1e-15));
            assertThat(KendallFixtures.dot(reference, aligned)).isPositive();
            double best = chord(aligned, reference);
            assertThat(best).isCloseTo(2 * Math.sin(g.distance(other, reference) / 2), offset(1e-14));
            for (int step = 0; step < 64; step++) {
                double[] tried = KendallFixtures.rotate(other, step * 2 * Math.PI / 64);
                assertThat(chord(tried, reference)).isGreaterThanOrEqualTo(best - 1e-15);
            }
            // out may alias point.
            double[] inPlace = other.clone();
            shapes.align(inPlace, reference, inPlace);
            assertThat(inPlace).containsExactly(aligned);
            // Aligned representatives lie within the ambient radius of their shape distance.
            AmbientEmbedding embedding = g.capability(AmbientEmbedding.class).orElseThrow();
            double r = g.distance(other, reference);
            assertThat(best).isLessThanOrEqualTo(embedding.ambientRadius(reference, r) * (1 + 1e-12));
            assertThat(embedding.ambientRadius(reference, 3.0)).isCloseTo(Math.sqrt(2), offset(1e-15));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 10})
    void expReturnsARepresentativeAlignedWithItsBase(int k) {
        Geometry g = geometry(k);
        Random random = new Random(600 + k);
        for (int t = 0; t < 20; t++) {
            double[] z = KendallFixtures.randomPreshape(g, random);
            double[] w = atDistance(g, z, random, 1.5 * random.nextDouble());
            assertThat(ComplexLandmarks.imaginaryProduct(z, w)).isCloseTo(0.0, offset(1e-15));
            assertThat(KendallFixtures.dot(z, w)).isPositive();
            assertThat(g.pointViolation(w, 1e-14)).isEmpty();
        }
    }

    private static double chord(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(sum);
    }
}
