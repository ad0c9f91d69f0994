package dev.manifolddp.geometry.kendall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.FrechetGradientBound;
import dev.manifolddp.geometry.FrechetGradientBoundContract;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.LandmarkShapesContract;
import dev.manifolddp.geometry.RadialLowerBound;
import dev.manifolddp.geometry.SubstitutedCapability;
import java.util.Random;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The contract's checks of Kendall's {@link FrechetGradientBound} and {@link LandmarkShapes} fail on deliberately wrong
 * versions of them: the real capability wrapped and perturbed by a little, as a slip in a proof or a formula would.
 * (The real ones pass: {@link KendallContractTest}.)
 */
class KendallWrongCapabilitiesTest {

    private final KendallShapeSpace kendall = new KendallShapeSpace(5);
    private final Function<Random, double[]> points = random -> KendallFixtures.randomPreshape(kendall, random);

    @Test
    void aGradientBoundTenPercentTooHighFails() {
        // L + 10% |L|: a lower bound 10% less conservative than the proven one
        Geometry raised = withBound(bound -> new Perturbed(bound) {
            @Override
            public double value(double t) {
                double value = bound.value(t);
                return value + 0.1 * Math.abs(value);
            }
        });
        assertThatThrownBy(() -> FrechetGradientBoundContract.check(raised, points))
                .isInstanceOf(AssertionError.class).hasMessageContaining("exceeds |grad U(x)|");
    }

    @Test
    void aLipschitzConstantTenPercentBelowTheSlopeFails() {
        Geometry understated = withBound(bound -> new Perturbed(bound) {
            @Override
            public double lipschitz() {
                return 0.9 * steepestSlope(bound);
            }
        });
        assertThatThrownBy(() -> FrechetGradientBoundContract.check(understated, points))
                .isInstanceOf(AssertionError.class).hasMessageContaining("above its lipschitz()");
    }

    @Test
    void aReachThatIgnoresTheAnchorsOffsetFails() {
        FrechetGradientBound real = kendall;
        Geometry shortReach = new SubstitutedCapability<>(kendall, FrechetGradientBound.class,
                (data, anchor, center, radius) -> real.frechetGradientBound(data, anchor, center, radius)
                        .map(bound -> new Perturbed(bound) {
                            @Override
                            public double reach() {
                                return radius;
                            }
                        }));
        assertThatThrownBy(() -> FrechetGradientBoundContract.check(shortReach, points))
                .isInstanceOf(AssertionError.class).hasMessageContaining("reach() must cover");
    }

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

    private Geometry withBound(UnaryOperator<RadialLowerBound> perturb) {
        FrechetGradientBound real = kendall;
        return new SubstitutedCapability<>(kendall, FrechetGradientBound.class,
                (data, anchor, center, radius) -> real.frechetGradientBound(data, anchor, center, radius)
                        .map(perturb));
    }

    private Geometry withShapes(LandmarkShapes shapes) {
        return new SubstitutedCapability<>(kendall, LandmarkShapes.class, shapes);
    }

    /** The largest slope of L between neighbours of a fine grid on [0, reach]. */
    private static double steepestSlope(RadialLowerBound bound) {
        int grid = 100_000;
        double step = bound.reach() / grid;
        double steepest = 0;
        for (int g = 1; g <= grid; g++) {
            steepest = Math.max(steepest, Math.abs(bound.value(g * step) - bound.value((g - 1) * step)) / step);
        }
        assertThat(steepest).as("the real bound is not constant").isPositive();
        return steepest;
    }

    /** A bound that forwards to another; subclasses change one method. */
    private static class Perturbed implements RadialLowerBound {

        private final RadialLowerBound bound;

        Perturbed(RadialLowerBound bound) {
            this.bound = bound;
        }

        @Override
        public double reach() {
            return bound.reach();
        }

        @Override
        public double value(double t) {
            return bound.value(t);
        }

        @Override
        public double lipschitz() {
            return bound.lipschitz();
        }
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
