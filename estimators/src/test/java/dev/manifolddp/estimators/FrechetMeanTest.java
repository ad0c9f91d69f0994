package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FrechetMeanTest {

    private static final double[] NORTH = {0, 0, 1};
    private final Geometry sphere = Geometries.parse("sphere:d=2");

    private double[][] sphereData(double r, int n, long seed) {
        return BallData.inBall(sphere, NORTH, r, n, new SplittableRandom(seed));
    }

    @Test
    void defaultsAreThePapers() {
        FrechetMean mean = FrechetMean.builder().geometry(sphere).build();
        assertThat(mean.step()).isEqualTo(0.5);
        assertThat(mean.tolerance()).isEqualTo(1e-5);
        assertThat(mean.maxIterations()).isEqualTo(500);
        assertThat(mean.stopRule()).isEqualTo(FrechetMean.StopRule.GRADIENT_NORM);
        assertThat(mean.start()).isEmpty();
        assertThat(mean.forcesGradientDescent()).isFalse();

        FrechetMeanResult result = mean.fit(sphereData(Math.PI / 8, 50, 1));
        assertThat(result.converged()).isTrue();
        assertThat(result.gradientNorm()).isLessThan(1e-5);
    }

    @Test
    void singlePointIsItsOwnMean() {
        double[] point = sphereData(0.3, 1, 2)[0];
        FrechetMeanResult result = FrechetMean.builder().geometry(sphere).build().fit(new double[][] {point});
        assertThat(result.iterations()).isZero();
        assertThat(result.converged()).isTrue();
        assertThat(result.gradientNorm()).isZero();
        assertThat(result.mean()).containsExactly(point);
    }

    @Test
    void startPointDoesNotChangeTheMean() {
        double[][] data = sphereData(0.6, 40, 3);
        FrechetMeanResult fromFirst = FrechetMean.builder().geometry(sphere).tolerance(1e-13).build().fit(data);
        FrechetMeanResult fromNorth = FrechetMean.builder().geometry(sphere).tolerance(1e-13).start(NORTH).build()
                .fit(data);
        assertThat(sphere.distance(fromFirst.mean(), fromNorth.mean())).isLessThan(1e-12);
    }

    @Test
    void stepLengthRuleStopsOnTheStep() {
        double[][] data = sphereData(0.6, 40, 4);
        FrechetMeanResult byStep = FrechetMean.builder().geometry(sphere).tolerance(1e-8)
                .stopRule(FrechetMean.StopRule.STEP_LENGTH).build().fit(data);
        FrechetMeanResult byGradient = FrechetMean.builder().geometry(sphere).tolerance(1e-13).build().fit(data);
        assertThat(byStep.converged()).isTrue();
        // The last step was t |grad| < 1e-8 at the previous iterate; the gradient contracts, so it is smaller now.
        assertThat(byStep.gradientNorm()).isLessThan(1e-8 / 0.5);
        assertThat(sphere.distance(byStep.mean(), byGradient.mean())).isLessThan(1e-7);

        // Its last step was the first one below the tolerance: one update fewer misses it.
        FrechetMeanResult shorter = FrechetMean.builder().geometry(sphere).tolerance(1e-8)
                .stopRule(FrechetMean.StopRule.STEP_LENGTH).maxIterations(byStep.iterations() - 1).build().fit(data);
        assertThat(shorter.converged()).isFalse();
    }

    @Test
    void unitStepIsTheKarcherIterationAndConvergesFaster() {
        double[][] data = sphereData(0.6, 40, 5);
        FrechetMeanResult half = FrechetMean.builder().geometry(sphere).tolerance(1e-12)
                .method(FrechetMean.Method.GRADIENT).build()
                .fit(data);
        FrechetMeanResult unit = FrechetMean.builder().geometry(sphere).tolerance(1e-12).step(1)
                .method(FrechetMean.Method.GRADIENT)
                .build().fit(data);
        assertThat(unit.iterations()).isLessThan(half.iterations());
        assertThat(sphere.distance(unit.mean(), half.mean())).isLessThan(1e-11);
    }

    @Test
    void nonConvergenceIsReported() {
        double[][] data = sphereData(0.7, 30, 6);
        FrechetMeanResult result = FrechetMean.builder().geometry(sphere).maxIterations(1)
                .method(FrechetMean.Method.GRADIENT).build()
                .fit(data);
        assertThat(result.converged()).isFalse();
        assertThat(result.iterations()).isEqualTo(1);
        assertThat(result.gradientNorm()).isGreaterThan(1e-5);
        assertThat(result.method()).isEqualTo(FrechetMean.GRADIENT_DESCENT);
        assertThatThrownBy(result::requireConverged).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not converge").hasMessageContaining("maxIterations");
    }

    @Test
    void cutLocusFailsClearly() {
        double[][] antipodal = {NORTH, {0, 0, -1}};
        FrechetMean mean = FrechetMean.builder().geometry(sphere).build();
        assertThatThrownBy(() -> mean.fit(antipodal)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("injectivity radius").hasMessageContaining("Assumption 1")
                .hasMessageContaining("data[1]").hasMessageContaining("Provided value:");
    }

    @Test
    void invalidDataIsRejected() {
        FrechetMean mean = FrechetMean.builder().geometry(sphere).build();
        assertThatThrownBy(() -> mean.fit(new double[0][])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty").hasMessageContaining("Provided value: 0 points");
        assertThatThrownBy(() -> mean.fit((double[][]) null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Provided value: null");
        assertThatThrownBy(() -> mean.fit(new double[][] {NORTH, {0, 0, 2}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("data[1]");
        assertThatThrownBy(() -> mean.fit(new double[][] {NORTH, {0, Double.NaN, 1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("data[1]");
        assertThatThrownBy(() -> mean.fit(new double[][] {NORTH, {0, 1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("data[1]");
        assertThatThrownBy(() -> mean.fit(new double[][] {NORTH, null}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("data[1]");
    }

    @Test
    void invalidConfigurationIsRejected() {
        assertThatThrownBy(() -> FrechetMean.builder().build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("geometry");
        assertThatThrownBy(() -> FrechetMean.builder().step(0)).hasMessageContaining("Provided value: 0.0");
        assertThatThrownBy(() -> FrechetMean.builder().step(1.5)).hasMessageContaining("Provided value: 1.5");
        assertThatThrownBy(() -> FrechetMean.builder().tolerance(-1)).hasMessageContaining("Provided value: -1.0");
        assertThatThrownBy(() -> FrechetMean.builder().tolerance(Double.NaN)).hasMessageContaining("NaN");
        assertThatThrownBy(() -> FrechetMean.builder().maxIterations(0)).hasMessageContaining("Provided value: 0");
        assertThatThrownBy(() -> FrechetMean.builder().stopRule(null)).hasMessageContaining("Provided value: null");
        assertThatThrownBy(() -> FrechetMean.builder().geometry(sphere).start(new double[] {1, 1, 1}).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("start");
    }

    /**
     * Regression: a long run with an unreachable tolerance must keep its iterate on the manifold (rounding drift off
     * the sphere once fed back through log and grew ~1.3x per update).
     */
    @Test
    void iterateStaysOnTheManifold() {
        double[][] data = {sphere.exp(NORTH, new double[] {0.78, 0, 0}), sphere.exp(NORTH, new double[] {-0.78, 0, 0}),
                sphere.exp(NORTH, new double[] {0.78, 0, 0})};
        FrechetMeanResult result = FrechetMean.builder().geometry(sphere).tolerance(1e-300).maxIterations(1000)
                .build().fit(data);
        double[] mean = result.mean();
        assertThat(Math.sqrt(mean[0] * mean[0] + mean[1] * mean[1] + mean[2] * mean[2]) - 1).isCloseTo(0,
                within(1e-14));
        // Collinear data: the mean is the weighted midpoint, at angle (0.78 + 0.78 - 0.78)/3 = 0.26 along x.
        assertThat(Math.atan2(mean[0], mean[2])).isCloseTo(0.26, within(1e-14));
        assertThat(result.gradientNorm()).isLessThan(1e-14);
    }

    @Test
    void resultIsDefensivelyCopied() {
        FrechetMeanResult result = FrechetMean.builder().geometry(sphere).build().fit(sphereData(0.3, 5, 7));
        double[] mean = result.mean();
        mean[0] = 42;
        assertThat(result.mean()[0]).isNotEqualTo(42);
    }

    /**
     * The loop preallocates its workspace: the bytes allocated by a fit of 65 updates and one of 5 updates differ
     * by less than one byte per update (tolerance 1e-300 is never met, and both reach their limit before the
     * stagnation test, which needs 64 updates without progress at the rounding floor, stops them).
     */
    @Test
    void iterationAllocatesNothing() {
        assertThat(Allocations.supported()).isTrue();
        double[][] data = sphereData(0.6, 20, 8);
        FrechetMean few = FrechetMean.builder().geometry(sphere).tolerance(1e-300).maxIterations(5).build();
        FrechetMean many = FrechetMean.builder().geometry(sphere).tolerance(1e-300).maxIterations(65).build();
        assertThat(many.fit(data).reason()).isEqualTo(FrechetMeanResult.ITERATION_LIMIT);
        double fewBytes = Allocations.bytesPerCall(() -> few.fit(data), 200);
        double manyBytes = Allocations.bytesPerCall(() -> many.fit(data), 200);
        assertThat((manyBytes - fewBytes) / 60).isLessThan(1.0);
    }

    @Test
    void spdAffineMeanOfCommutingMatricesIsTheGeometricMean() {
        // For diagonal (commuting) matrices the affine-invariant mean is the entry-wise geometric mean.
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double[][] data = {{1, 0, 0, 4}, {4, 0, 0, 1}, {2, 0, 0, 2}};
        FrechetMeanResult result = FrechetMean.builder().geometry(spd).tolerance(1e-13).build().fit(data);
        double[] mean = result.mean();
        assertThat(mean[0]).isCloseTo(2, within(1e-12));
        assertThat(mean[3]).isCloseTo(2, within(1e-12));
        assertThat(mean[1]).isCloseTo(0, within(1e-12));
    }
}
