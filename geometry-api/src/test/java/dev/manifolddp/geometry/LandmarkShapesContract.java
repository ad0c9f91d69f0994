package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.function.Function;

/**
 * The promise of {@link LandmarkShapes}, checked for every geometry that claims it (run by
 * {@link GeometryContractTest}), against direct computations on the landmark coordinates:
 * <ul>
 *   <li>{@code preshape} centres (landmark mean 0) and scales to unit Frobenius norm, gives a point of the geometry,
 *   ignores translation and scale of the configuration and commutes with rotating it; coincident landmarks fail;</li>
 *   <li>{@code align(point, reference)} is the rotation of point nearest to reference: its distance to reference
 *   equals the minimum over rotation angles found by a scan of 720 angles refined by golden sections; it is the
 *   rotation by {@code alignmentAngle}; it is the same point of the geometry (distance 0: a shape space identifies
 *   rotations); and {@code out} may alias point;</li>
 *   <li>with an {@link AmbientEmbedding}, the aligned representative of a point of {@code B_r(c)} lies within
 *   {@code ambientRadius(c, r)} of c's ambient coordinates: the sensitivity the extrinsic baselines and the
 *   landmark Laplace compute from, which holds for the representative aligned to c and not for an arbitrary one.</li>
 * </ul>
 * The mechanisms average aligned records and add noise scaled to that radius: an alignment that is not the nearest
 * rotation leaves records farther from the centre than the noise assumes.
 */
public final class LandmarkShapesContract {

    private static final int TRIALS = 30;
    private static final int SCAN = 720;
    private static final double TOLERANCE = 1e-10;

    private LandmarkShapesContract() {
    }

    public static void check(Geometry geometry, Function<Random, double[]> points) {
        LandmarkShapes shapes = geometry.capability(LandmarkShapes.class).orElseThrow();
        int k = shapes.landmarks();
        assertThat(geometry.layout().length()).as("%s: a point of %d landmarks holds 2k numbers", geometry.spec(), k)
                .isEqualTo(2 * k);
        Random random = new Random(111);
        for (int t = 0; t < TRIALS; t++) {
            checkPreshape(geometry, shapes, random);
            double[] reference = points.apply(random);
            // from near the reference (a small rotation and perturbation of it) to an unrelated shape
            double[] point = t % 3 == 0 ? points.apply(random)
                    : perturbedRotation(shapes, reference, t % 3 == 1 ? 0.05 : 1.0, random);
            checkAlignment(geometry, shapes, point, reference);
        }
        assertThatThrownBy(() -> shapes.preshape(repeated(1.5, -0.25, k)))
                .as("%s: preshape of coincident landmarks (no shape)", geometry.spec())
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static void checkPreshape(Geometry geometry, LandmarkShapes shapes, Random random) {
        int k = shapes.landmarks();
        double[] configuration = new double[2 * k];
        for (int i = 0; i < configuration.length; i++) {
            configuration[i] = random.nextGaussian();
        }
        double[] z = shapes.preshape(configuration);
        double meanX = 0;
        double meanY = 0;
        for (int j = 0; j < k; j++) {
            meanX += z[2 * j] / k;
            meanY += z[2 * j + 1] / k;
        }
        String what = geometry.spec() + ": preshape of a Gaussian configuration";
        assertThat(Math.hypot(meanX, meanY)).as("%s: its landmark mean", what).isLessThan(TOLERANCE);
        assertThat(Math.sqrt(dot(z, z))).as("%s: its Frobenius norm", what)
                .isCloseTo(1.0, org.assertj.core.data.Offset.offset(TOLERANCE));
        assertThat(geometry.pointViolation(z, 1e-10)).as("%s: is it a point", what).isEmpty();
        double scale = Math.exp(3 * random.nextGaussian());
        double dx = 10 * random.nextGaussian();
        double dy = 10 * random.nextGaussian();
        double[] moved = new double[configuration.length];
        for (int j = 0; j < k; j++) {
            moved[2 * j] = scale * configuration[2 * j] + dx;
            moved[2 * j + 1] = scale * configuration[2 * j + 1] + dy;
        }
        assertClose(shapes.preshape(moved), z, what + " after scaling by " + scale + " and translating");
        double angle = 2 * Math.PI * random.nextDouble();
        assertClose(shapes.preshape(rotate(configuration, angle)), rotate(z, angle),
                what + " of the configuration rotated by " + angle + ", against the rotated pre-shape");
    }

    private static void checkAlignment(Geometry geometry, LandmarkShapes shapes, double[] point, double[] reference) {
        String what = geometry.spec() + ": align(point, reference)";
        double[] aligned = shapes.align(point, reference);
        double nearest = nearestRotationDistance(point, reference);
        assertThat(euclidean(aligned, reference)).as("%s is %.12g from reference, the nearest rotation of point %.12g",
                what, euclidean(aligned, reference), nearest).isCloseTo(nearest,
                org.assertj.core.data.Offset.offset(TOLERANCE));
        double angle = shapes.alignmentAngle(point, reference);
        assertClose(aligned, rotate(point, angle), what + " against point rotated by alignmentAngle " + angle);
        double[] inPlace = point.clone();
        shapes.align(inPlace, reference, inPlace);
        assertClose(inPlace, aligned, what + " with out aliasing point");
        assertThat(geometry.distance(aligned, point)).as("%s: the aligned configuration must be the same point",
                what).isLessThan(1e-7);
        geometry.capability(AmbientEmbedding.class).ifPresent(embedding -> {
            double r = geometry.distance(point, reference);
            double[] a = embedding.toAmbient(aligned);
            double[] c = embedding.toAmbient(reference);
            assertThat(euclidean(a, c)).as("%s: the aligned point lies at ambient distance %.10g from the centre, "
                    + "beyond ambientRadius(center, rho = %.6g) = %.10g", what, euclidean(a, c), r,
                    embedding.ambientRadius(reference, r))
                    .isLessThanOrEqualTo(embedding.ambientRadius(reference, r) * (1 + 1e-9) + 1e-12);
        });
    }

    /**
     * {@code min_phi |R_phi point - reference|} over planar rotations, independently of the implementation: the best of
     * {@link #SCAN} equally spaced angles, refined by golden-section search on the bracket around it.
     */
    static double nearestRotationDistance(double[] point, double[] reference) {
        double step = 2 * Math.PI / SCAN;
        int best = 0;
        double bestValue = Double.POSITIVE_INFINITY;
        for (int i = 0; i < SCAN; i++) {
            double value = euclidean(rotate(point, i * step), reference);
            if (value < bestValue) {
                bestValue = value;
                best = i;
            }
        }
        double low = (best - 1) * step;
        double high = (best + 1) * step;
        double golden = (Math.sqrt(5) - 1) / 2;
        for (int i = 0; i < 100; i++) {
            double a = high - golden * (high - low);
            double b = low + golden * (high - low);
            if (euclidean(rotate(point, a), reference) < euclidean(rotate(point, b), reference)) {
                high = b;
            } else {
                low = a;
            }
        }
        return Math.min(bestValue, euclidean(rotate(point, (low + high) / 2), reference));
    }

    /** A rotation of {@code reference} by a random angle, perturbed by {@code noise} and made a pre-shape again. */
    private static double[] perturbedRotation(LandmarkShapes shapes, double[] reference, double noise,
            Random random) {
        double[] configuration = rotate(reference, 2 * Math.PI * random.nextDouble());
        for (int i = 0; i < configuration.length; i++) {
            configuration[i] += noise * random.nextGaussian() / Math.sqrt(configuration.length);
        }
        return shapes.preshape(configuration);
    }

    /** Every landmark turned counter-clockwise by {@code angle}. */
    static double[] rotate(double[] z, double angle) {
        double c = Math.cos(angle);
        double s = Math.sin(angle);
        double[] out = new double[z.length];
        for (int j = 0; j < z.length; j += 2) {
            out[j] = c * z[j] - s * z[j + 1];
            out[j + 1] = s * z[j] + c * z[j + 1];
        }
        return out;
    }

    private static double[] repeated(double x, double y, int k) {
        double[] out = new double[2 * k];
        for (int j = 0; j < k; j++) {
            out[2 * j] = x;
            out[2 * j + 1] = y;
        }
        return out;
    }

    private static void assertClose(double[] actual, double[] expected, String what) {
        double worst = 0;
        for (int i = 0; i < actual.length; i++) {
            worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
        }
        assertThat(worst).as("%s: largest coordinate difference", what).isLessThan(TOLERANCE);
    }

    private static double euclidean(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(sum);
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
