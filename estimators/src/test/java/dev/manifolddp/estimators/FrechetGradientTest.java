package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FrechetGradientTest {

    private static final String[] SPECS = {"sphere:d=2", "sphere:d=5", "spd/affine-invariant:k=2",
            "spd/affine-invariant:k=3", "spd/log-euclidean:k=3", "kendall:landmarks=10"};

    /** Data radius per geometry: inside Assumption 1 (pi/4 sphere, pi/8 Kendall, anything for SPD). */
    private static double radius(Geometry geometry) {
        return geometry.name().equals("kendall") ? 0.35 : geometry.name().equals("sphere") ? 0.7 : 1.2;
    }

    /**
     * {@code <grad F(x), e>_x} equals the central difference {@code (F(exp(x, h e)) - F(exp(x, -h e))) / 2h} along
     * every vector e of an orthonormal tangent basis; truncation O(h^2) ~ 1e-10 and rounding ~1e-16/h ~ 1e-11.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sphere:d=2", "sphere:d=5", "spd/affine-invariant:k=2", "spd/affine-invariant:k=3",
            "spd/log-euclidean:k=3", "kendall:landmarks=10"})
    void gradientIsTheDerivativeOfTheFrechetFunctional(String spec) {
        Geometry geometry = Geometries.parse(spec);
        SplittableRandom random = new SplittableRandom(spec.hashCode());
        double[] center = TestPoints.base(geometry);
        double r = radius(geometry);
        for (int trial = 0; trial < 5; trial++) {
            double[][] data = BallData.inBall(geometry, center, r, 15, random);
            FrechetGradient field = new FrechetGradient(geometry, data);
            double[] x = BallData.inBall(geometry, center, r, random);
            double[] gradient = new double[x.length];
            field.gradient(x, gradient);
            assertThat(geometry.tangentViolation(x, gradient, 1e-10)).isEmpty();
            // (log-Euclidean: gradientNorm goes through the isometric chart, gradient through the logarithms)
            assertThat(field.gradientNorm(x)).isCloseTo(geometry.norm(x, gradient), within(1e-12));

            double h = 1e-5;
            for (double[] e : BallData.basisOf(geometry).basis(x)) {
                double[] forward = geometry.exp(x, scaled(e, h));
                double[] backward = geometry.exp(x, scaled(e, -h));
                double difference = (field.objective(forward) - field.objective(backward)) / (2 * h);
                assertThat(geometry.inner(x, gradient, e)).as("%s, trial %d", spec, trial)
                        .isCloseTo(difference, within(1e-8));
            }
        }
    }

    @Test
    void gradientPointsAwayFromASinglePoint() {
        // n = 1: grad F(x) = -log(x, x_1), norm rho(x, x_1).
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[] x = {0, 0, 1};
        double[] y = {Math.sin(0.4), 0, Math.cos(0.4)};
        FrechetGradient field = new FrechetGradient(sphere, new double[][] {y});
        double[] gradient = new double[3];
        field.gradient(x, gradient);
        assertThat(gradient[0]).isCloseTo(-0.4, within(1e-15));
        assertThat(gradient[1]).isCloseTo(0, within(1e-15));
        assertThat(field.gradientNorm(x)).isCloseTo(0.4, within(1e-15));
        assertThat(field.objective(x)).isCloseTo(0.08, within(1e-15));
    }

    /** The KNG hot path: no allocation per call (measured with HotSpot's per-thread allocation counter). */
    @Test
    void gradientNormAllocatesNothing() {
        assertThat(Allocations.supported()).isTrue();
        for (String spec : SPECS) {
            Geometry geometry = Geometries.parse(spec);
            SplittableRandom random = new SplittableRandom(11);
            double[] center = TestPoints.base(geometry);
            FrechetGradient field = new FrechetGradient(geometry,
                    BallData.inBall(geometry, center, radius(geometry), 20, random));
            double[] x = BallData.inBall(geometry, center, radius(geometry), random);
            double[] out = new double[x.length];
            double[] sink = new double[1];
            assertThat(Allocations.bytesPerCall(() -> sink[0] += field.gradientNorm(x), 5_000)).as(spec)
                    .isLessThan(1.0);
            assertThat(Allocations.bytesPerCall(() -> field.gradient(x, out), 5_000)).as(spec).isLessThan(1.0);
        }
    }

    /** The chart shortcut of log-Euclidean SPD equals {@code (1/n) |sum_i log(x, x_i)|_x} computed directly. */
    @Test
    void logEuclideanChartShortcutMatchesTheLogarithms() {
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=3");
        assertThat(geometry.capability(dev.manifolddp.geometry.IsometricChart.class)).isPresent();
        SplittableRandom random = new SplittableRandom(13);
        double[] center = TestPoints.base(geometry);
        for (int trial = 0; trial < 10; trial++) {
            double[][] data = BallData.inBall(geometry, center, 2.0, 1 + random.nextInt(30), random);
            FrechetGradient field = new FrechetGradient(geometry, data);
            double[] x = BallData.inBall(geometry, center, 2.0, random);
            double[] sum = new double[x.length];
            for (double[] point : data) {
                double[] log = geometry.log(x, point);
                for (int j = 0; j < sum.length; j++) {
                    sum[j] += log[j];
                }
            }
            double direct = geometry.norm(x, sum) / data.length;
            assertThat(field.gradientNorm(x)).isCloseTo(direct, within(1e-12 * Math.max(1, direct)));
            assertThat(field.copy().gradientNorm(x)).isEqualTo(field.gradientNorm(x));
        }
    }

    @Test
    void copyComputesTheSameFieldIndependently() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        SplittableRandom random = new SplittableRandom(12);
        double[][] data = BallData.inBall(sphere, TestPoints.base(sphere), 0.5, 20, random);
        FrechetGradient field = new FrechetGradient(sphere, data);
        FrechetGradient copy = field.copy();
        assertThat(copy).isNotSameAs(field);
        assertThat(copy.size()).isEqualTo(20);
        double[] x = BallData.inBall(sphere, TestPoints.base(sphere), 0.5, random);
        double[] y = BallData.inBall(sphere, TestPoints.base(sphere), 0.5, random);
        double atX = field.gradientNorm(x);
        assertThat(copy.gradientNorm(y)).isEqualTo(field.gradientNorm(y));
        assertThat(field.gradientNorm(x)).isEqualTo(atX);
    }

    @Test
    void dataAreCopied() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[][] data = {{0, 0, 1}, {0, 1, 0}};
        FrechetGradient field = new FrechetGradient(sphere, data);
        double before = field.gradientNorm(new double[] {1, 0, 0});
        data[1][1] = 0;
        data[1][0] = 1;
        assertThat(field.gradientNorm(new double[] {1, 0, 0})).isEqualTo(before);
        assertThat(field.point(1)).containsExactly(0, 1, 0);
    }

    @Test
    void invalidInputsAreRejected() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        assertThatThrownBy(() -> new FrechetGradient(null, new double[][] {{0, 0, 1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("geometry");
        assertThatThrownBy(() -> new FrechetGradient(sphere, new double[0][]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> new FrechetGradient(sphere, new double[][] {{0, 0, 1}, {1, 1, 0}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("data[1]");
        FrechetGradient field = new FrechetGradient(sphere, new double[][] {{0, 0, 1}});
        assertThatThrownBy(() -> field.gradientNorm(new double[] {0, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value: length 2");
        assertThatThrownBy(() -> field.gradient(new double[] {0, 1, 0}, new double[2]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("out");
    }

    private static double[] scaled(double[] v, double factor) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = factor * v[i];
        }
        return out;
    }
}
