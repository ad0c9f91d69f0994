package dev.manifolddp.geometry.kendall;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.LandmarkShapesContract;
import dev.manifolddp.geometry.SubstitutedCapability;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The contract's check of Kendall's {@link LandmarkShapes} fails on deliberately wrong versions of it: the real
 * capability wrapped and perturbed by a little, as a slip in a formula would. (The real one passes:
 * {@link KendallContractTest}.)
 */
class KendallWrongCapabilitiesTest {

    private final KendallShapeSpace kendall = new KendallShapeSpace(5);
    private final Function<Random, double[]> points = random -> KendallFixtures.randomPreshape(kendall, random);

    @Test
    void anAlignmentOffByAFewDegreesFails() {
        double extra = 0.05; // radians, about 3 degrees
        Geometry misaligned = withShapes(new ForwardingShapes(kendall) {
            @Override
            public void align(double[] point, double[] reference, double[] out) {
                double angle = alignmentAngle(point, reference);
                System.arraycopy(KendallFixtures.rotate(point, angle), 0, out, 0, point.length);
            }

            @Override
            public double alignmentAngle(double[] point, double[] reference) {
                return kendall.alignmentAngle(point, reference) + extra;
            }
        });
        assertThatThrownBy(() -> LandmarkShapesContract.check(misaligned, points))
                .isInstanceOf(AssertionError.class).hasMessageContaining("the nearest rotation of point");
    }

    @Test
    void aPreshapeThatIsNotCentredFails() {
        Geometry uncentred = withShapes(new ForwardingShapes(kendall) {
            @Override
            public void preshape(double[] configuration, double[] out) {
                // scaled to unit norm, but the landmarks' mean left in
                double norm = Math.sqrt(KendallFixtures.dot(configuration, configuration));
                for (int i = 0; i < out.length; i++) {
                    out[i] = configuration[i] / norm;
                }
            }
        });
        assertThatThrownBy(() -> LandmarkShapesContract.check(uncentred, points))
                .isInstanceOf(AssertionError.class).hasMessageContaining("landmark mean");
    }

    private Geometry withShapes(LandmarkShapes shapes) {
        return new SubstitutedCapability<>(kendall, LandmarkShapes.class, shapes);
    }

    /** Landmark shapes that forward to Kendall's; subclasses change one method. */
    private static class ForwardingShapes implements LandmarkShapes {

        private final LandmarkShapes shapes;

        ForwardingShapes(LandmarkShapes shapes) {
            this.shapes = shapes;
        }

        @Override
        public int landmarks() {
            return shapes.landmarks();
        }

        @Override
        public void preshape(double[] configuration, double[] out) {
            shapes.preshape(configuration, out);
        }

        @Override
        public void align(double[] point, double[] reference, double[] out) {
            shapes.align(point, reference, out);
        }

        @Override
        public double alignmentAngle(double[] point, double[] reference) {
            return shapes.alignmentAngle(point, reference);
        }
    }
}
