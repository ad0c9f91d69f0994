package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Allocations;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.HiddenCapabilities;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link FrechetMean.Method#NEWTON} ({@link FrechetMeanNewton}) against the papers' gradient descent. */
class FrechetMeanNewtonTest {

    private static final double[] NORTH = {0, 0, 1};
    private final Geometry sphere = Geometries.parse("sphere:d=2");

    private static FrechetMean.Builder newton(Geometry geometry) {
        return FrechetMean.builder().geometry(geometry).method(FrechetMean.Method.NEWTON);
    }

    /** The last-axis pole of a sphere of radius {@code scale}. */
    private static double[] pole(Geometry geometry, double scale) {
        double[] p = new double[geometry.layout().length()];
        p[p.length - 1] = scale;
        return p;
    }

    /** Seeded balls of several sizes and spreads on S^2, S^5 and S^3 of radius 2.5: both methods give one mean. */
    @Test
    void agreesWithGradientDescentTo1e10() {
        Map<String, Double> radii = Map.of("sphere:d=2", 1.0, "sphere:d=5", 1.0, "sphere:d=3,radius=2.5", 2.5);
        for (String spec : List.of("sphere:d=2", "sphere:d=5", "sphere:d=3,radius=2.5")) {
            Geometry geometry = Geometries.parse(spec);
            double scale = radii.get(spec);
            for (int n : new int[] {1, 2, 7, 100, 1000}) {
                for (double spread : new double[] {1e-3, 0.2, 0.7}) {
                    long seed = 31L * n + (long) (1000 * spread);
                    double[][] data = BallData.inBall(geometry, pole(geometry, scale), spread * scale, n,
                            new SplittableRandom(seed));
                    FrechetMeanResult gradient = FrechetMean.builder().geometry(geometry).tolerance(1e-12)
                            .method(FrechetMean.Method.GRADIENT)
                            .maxIterations(10_000).build().fit(data);
                    FrechetMeanResult newton = newton(geometry).tolerance(1e-12).build().fit(data);
                    String where = spec + ", n = " + n + ", spread = " + spread;
                    assertThat(gradient.converged()).as(where).isTrue();
                    assertThat(newton.converged()).as(where).isTrue();
                    assertThat(newton.method()).isEqualTo(FrechetMean.NEWTON);
                    assertThat(newton.gradientNorm()).as(where).isLessThan(1e-12);
                    assertThat(geometry.distance(newton.mean(), gradient.mean())).as(where)
                            .isLessThan(1e-10 * scale);
                    if (n > 1) {
                        assertThat(newton.iterations()).as(where).isLessThanOrEqualTo(gradient.iterations());
                    }
                }
            }
        }
    }

    /**
     * The sphere's fused {@link HessianSums} kernel and the generic per-record loop (the same sphere with the kernel
     * hidden) run the same iteration: the same number of updates, means within 1e-14 (the iterates differ by the
     * rounding of two ways to sum the same terms), both below the tolerance. Tight, polynomial-range and wide data
     * (where the kernel falls back to the per-record form for some evaluations), and a start at a data point.
     */
    @Test
    void fusedKernelRunsTheSameIterationAsThePerRecordLoop() {
        for (String spec : List.of("sphere:d=2", "sphere:d=5", "sphere:d=3,radius=2.5")) {
            Geometry fused = Geometries.parse(spec);
            assertThat(fused.capability(HessianSums.class)).as(spec).isPresent();
            Geometry perRecord = new HiddenCapabilities(fused, HessianSums.class);
            double scale = spec.contains("radius") ? 2.5 : 1.0;
            for (double spread : new double[] {1e-6, 0.1, 0.5, 0.75}) {
                double[][] data = BallData.inBall(fused, pole(fused, scale), spread * scale, 400,
                        new SplittableRandom(Double.hashCode(spread)));
                FrechetMeanResult a = newton(fused).tolerance(1e-12).build().fit(data);
                FrechetMeanResult b = newton(perRecord).tolerance(1e-12).build().fit(data);
                String where = spec + ", spread " + spread;
                assertThat(a.converged()).as(where).isTrue();
                assertThat(b.converged()).as(where).isTrue();
                assertThat(a.iterations()).as(where).isEqualTo(b.iterations());
                assertThat(a.gradientNorm()).as(where).isLessThan(1e-12);
                assertThat(fused.distance(a.mean(), b.mean())).as(where).isLessThan(1e-14 * scale);
            }
        }
    }

    /** SPD affine-invariant (a closed-form Hessian with a coth factor) and log-Euclidean forced to iterate. */
    @Test
    void agreesWithGradientDescentOnSpd() {
        for (String spec : List.of("spd/affine-invariant:k=2", "spd/affine-invariant:k=3", "spd/log-euclidean:k=3")) {
            Geometry spd = Geometries.parse(spec);
            int k = spec.endsWith("2") ? 2 : 3;
            double[] identity = new double[k * k];
            for (int i = 0; i < k; i++) {
                identity[i * k + i] = 1;
            }
            for (double spread : new double[] {0.1, 1.5}) {
                double[][] data = BallData.inBall(spd, identity, spread, 60, new SplittableRandom(k * 100L + 7));
                FrechetMeanResult gradient = FrechetMean.builder().geometry(spd).tolerance(1e-11)
                        .method(FrechetMean.Method.GRADIENT)
                        .maxIterations(10_000).forceGradientDescent(true).build().fit(data);
                FrechetMeanResult newton = newton(spd).tolerance(1e-11).forceGradientDescent(true).build().fit(data);
                String where = spec + ", spread = " + spread;
                assertThat(newton.converged()).as(where).isTrue();
                assertThat(newton.method()).as(where).isEqualTo(FrechetMean.NEWTON);
                assertThat(spd.distance(newton.mean(), gradient.mean())).as(where).isLessThan(1e-10);
                assertThat(newton.iterations()).as(where).isLessThan(gradient.iterations());
            }
        }
    }

    /** Kendall shapes (curvature 1 across, 4 along the complex direction), inside Assumption 1's pi/8 and beyond. */
    @Test
    void agreesWithGradientDescentOnKendallShapes() {
        for (int landmarks : new int[] {3, 6, 20}) {
            Geometry kendall = Geometries.parse("kendall:landmarks=" + landmarks);
            double[] base = TestPoints.base(kendall);
            for (double spread : new double[] {0.05, 0.35}) {
                double[][] data = BallData.inBall(kendall, base, spread, 80, new SplittableRandom(landmarks));
                FrechetMeanResult gradient = FrechetMean.builder().geometry(kendall).tolerance(1e-12)
                        .method(FrechetMean.Method.GRADIENT)
                        .maxIterations(10_000).build().fit(data);
                FrechetMeanResult newton = newton(kendall).tolerance(1e-12).build().fit(data);
                String where = landmarks + " landmarks, spread = " + spread;
                assertThat(newton.converged()).as(where).isTrue();
                assertThat(kendall.distance(newton.mean(), gradient.mean())).as(where).isLessThan(1e-10);
                assertThat(newton.iterations()).as(where).isLessThan(gradient.iterations());
            }
        }
    }

    /**
     * The gradient-norm sequence e_k (the residual after k updates, from runs capped at k) contracts
     * quadratically once close: {@code e_(k+1) <= C e_k^2 + 1e-16} with C = 10 while {@code 1e-12 < e_k < 0.05}; the
     * 1e-16 is the rounding floor of a mean of 500 unit-length logarithms. (Seed 17 gives 0.45, 1.4e-3, 8.1e-10,
     * 7.9e-18: linear convergence, even with rate 1/2, would fail the second check by nine orders of magnitude.)
     */
    @Test
    void convergesQuadratically() {
        double[][] data = BallData.inBall(sphere, NORTH, 0.7, 500, new SplittableRandom(17));
        List<Double> norms = new ArrayList<>();
        norms.add(new FrechetGradient(sphere, data).gradientNorm(data[0]));
        for (int k = 1; k <= 8; k++) {
            norms.add(newton(sphere).tolerance(1e-300).maxIterations(k).build().fit(data).gradientNorm());
        }
        int checked = 0;
        for (int k = 0; k + 1 < norms.size(); k++) {
            double e = norms.get(k);
            if (e < 0.05 && e > 1e-12) {
                assertThat(norms.get(k + 1)).as("e_%d = %s, e_%d", k, e, k + 1)
                        .isLessThanOrEqualTo(10 * e * e + 1e-16);
                checked++;
            }
        }
        assertThat(checked).as("steps in the quadratic regime, sequence %s", norms).isGreaterThanOrEqualTo(2);
        assertThat(norms.get(norms.size() - 1)).isLessThan(1e-14);
    }

    /**
     * Started at 1.8 rad from a small cap, {@code rho cot rho < 0} across the geodesic: the Hessian is not positive
     * definite, so the first update must be the gradient step (length t |v|), and the run still finds the mean.
     */
    @Test
    void fallsBackToAGradientStepWhenTheHessianIsNotPositiveDefinite() {
        double[][] data = BallData.inBall(sphere, NORTH, 0.1, 50, new SplittableRandom(23));
        double[] start = {Math.sin(1.8), 0, Math.cos(1.8)};
        double startNorm = new FrechetGradient(sphere, data).gradientNorm(start);
        FrechetMeanResult first = newton(sphere).start(start).maxIterations(1).build().fit(data);
        assertThat(sphere.distance(start, first.mean())).isCloseTo(0.5 * startNorm, within(1e-12));

        FrechetMeanResult newton = newton(sphere).start(start).tolerance(1e-12).build().fit(data);
        FrechetMeanResult gradient = FrechetMean.builder().geometry(sphere).tolerance(1e-12)
                .method(FrechetMean.Method.GRADIENT).build()
                .fit(data);
        assertThat(newton.converged()).isTrue();
        assertThat(sphere.distance(newton.mean(), gradient.mean())).isLessThan(1e-10);
    }

    @Test
    void stepLengthRuleAndIterationLimitAreReportedAsForGradientDescent() {
        double[][] data = BallData.inBall(sphere, NORTH, 0.5, 40, new SplittableRandom(4));
        FrechetMeanResult byStep = newton(sphere).tolerance(1e-8).stopRule(FrechetMean.StopRule.STEP_LENGTH)
                .build().fit(data);
        assertThat(byStep.converged()).isTrue();
        // Quadratic convergence: after a Newton step of length < 1e-8 the residual is of order 1e-16.
        assertThat(byStep.gradientNorm()).isLessThan(1e-12);

        FrechetMeanResult capped = newton(sphere).tolerance(1e-300).maxIterations(2).build().fit(data);
        assertThat(capped.converged()).isFalse();
        assertThat(capped.iterations()).isEqualTo(2);
        assertThat(capped.reason()).isEqualTo(FrechetMeanResult.ITERATION_LIMIT);
        assertThat(capped.method()).isEqualTo(FrechetMean.NEWTON);
    }

    /** Three points 120 degrees apart: a critical point that is not certified is not reported as the mean. */
    @Test
    void uncertifiedCriticalPointIsNotConverged() {
        double[][] data = {{1, 0, 0}, {-0.5, Math.sqrt(3) / 2, 0}, {-0.5, -Math.sqrt(3) / 2, 0}};
        FrechetMeanResult result = newton(sphere).start(NORTH).tolerance(1e-10).build().fit(data);
        assertThat(result.converged()).isFalse();
        assertThat(result.reason()).isNotEmpty();
    }

    @Test
    void cutLocusFailsAsForGradientDescent() {
        double[][] antipodal = {NORTH, {0, 0, -1}};
        assertThatThrownBy(() -> newton(sphere).build().fit(antipodal)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("injectivity radius").hasMessageContaining("data[1]")
                .hasMessageContaining("Provided value:");
    }

    @Test
    void refusals() {
        assertThatThrownBy(() -> FrechetMean.builder().method(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("method").hasMessageContaining("Provided value: null");
        for (Class<?> hidden : List.of(SquaredDistanceHessian.class, TangentBasis.class)) {
            Geometry without = new HiddenCapabilities(sphere, hidden);
            assertThatThrownBy(() -> newton(without).build()).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("SquaredDistanceHessian").hasMessageContaining("GRADIENT")
                    .hasMessageContaining("Provided value: NEWTON");
        }
        assertThatThrownBy(() -> new FrechetMeanEstimatorProvider().create(Map.of("method", "bfgs")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'method'")
                .hasMessageContaining("Provided value: bfgs");
    }

    @Test
    void estimatorOptionSelectsNewtonAndDefaultsToAuto() {
        double[][] data = BallData.inBall(sphere, NORTH, 0.5, 60, new SplittableRandom(9));
        FrechetMeanEstimatorProvider provider = new FrechetMeanEstimatorProvider();
        FrechetMeanEstimator byDefault = (FrechetMeanEstimator) provider.create(Map.of());
        FrechetMeanEstimator byNewton = (FrechetMeanEstimator) provider.create(Map.of("method", "newton",
                "tolerance", "1e-12"));
        assertThat(byDefault.method()).isEqualTo(FrechetMean.Method.AUTO);
        assertThat(FrechetMeanEstimator.DEFAULT.method()).isEqualTo(FrechetMean.Method.AUTO);
        assertThat(((FrechetMeanEstimator) provider.create(Map.of("method", "gradient"))).method())
                .isEqualTo(FrechetMean.Method.GRADIENT);
        assertThat(byNewton.method()).isEqualTo(FrechetMean.Method.NEWTON);
        double[] reference = FrechetMean.builder().geometry(sphere).tolerance(1e-12).build().fit(data).mean();
        assertThat(sphere.distance(byNewton.estimate(sphere, data), reference)).isLessThan(1e-10);
        EstimatorFit fit = byNewton.minimise(sphere, data, NORTH, 1e-12, 50);
        assertThat(fit.method()).isEqualTo(FrechetMean.NEWTON);
        assertThat(sphere.distance(fit.point(), reference)).isLessThan(1e-10);
    }

    /** AUTO, the default, runs Newton where both capabilities are present and gradient descent where one is not. */
    @Test
    void autoPicksNewtonWhereTheHessianIsKnownAndGradientDescentElsewhere() {
        double[][] data = BallData.inBall(sphere, NORTH, 0.5, 60, new SplittableRandom(12));
        assertThat(FrechetMean.builder().geometry(sphere).build().method()).isEqualTo(FrechetMean.Method.AUTO);
        FrechetMeanResult auto = FrechetMean.builder().geometry(sphere).tolerance(1e-12).build().fit(data);
        FrechetMeanResult explicitNewton = newton(sphere).tolerance(1e-12).build().fit(data);
        assertThat(auto.method()).isEqualTo(FrechetMean.NEWTON);
        assertThat(auto.mean()).containsExactly(explicitNewton.mean());
        assertThat(FrechetMean.iteration(sphere, FrechetMean.Method.AUTO)).isEqualTo(FrechetMean.Method.NEWTON);
        for (Class<?> hidden : List.of(SquaredDistanceHessian.class, TangentBasis.class)) {
            Geometry without = new HiddenCapabilities(sphere, hidden);
            FrechetMeanResult fallback = FrechetMean.builder().geometry(without).tolerance(1e-12).build().fit(data);
            assertThat(fallback.method()).as("without %s", hidden.getSimpleName())
                    .isEqualTo(FrechetMean.GRADIENT_DESCENT);
            assertThat(sphere.distance(fallback.mean(), auto.mean())).isLessThan(1e-10);
            assertThat(FrechetMean.iteration(without, FrechetMean.Method.AUTO)).isEqualTo(FrechetMean.Method.GRADIENT);
        }
        assertThat(FrechetMean.iteration(sphere, FrechetMean.Method.GRADIENT)).isEqualTo(FrechetMean.Method.GRADIENT);
    }

    /**
     * Bytes allocated by runs of 5 and 55 updates differ by less than one byte per update (both reach their limit
     * before the stagnation test stops them at the rounding floor).
     */
    @Test
    void iterationAllocatesNothing() {
        assertThat(Allocations.supported()).isTrue();
        double[][] data = BallData.inBall(sphere, NORTH, 0.6, 20, new SplittableRandom(8));
        FrechetMean few = newton(sphere).tolerance(1e-300).maxIterations(5).build();
        FrechetMean many = newton(sphere).tolerance(1e-300).maxIterations(55).build();
        assertThat(many.fit(data).reason()).isEqualTo(FrechetMeanResult.ITERATION_LIMIT);
        double fewBytes = Allocations.bytesPerCall(() -> few.fit(data), 200);
        double manyBytes = Allocations.bytesPerCall(() -> many.fit(data), 200);
        assertThat((manyBytes - fewBytes) / 50).isLessThan(1.0);
    }

    @Test
    void choleskySolvesAndRejectsIndefiniteMatrices() {
        double[] a = {4, 2, 0.4, 2, 5, 1, 0.4, 1, 3};
        double[] l = new double[9];
        assertThat(FrechetMeanNewton.cholesky(a, l, 3)).isTrue();
        double[] b = {1, -2, 0.5};
        double[] x = new double[3];
        FrechetMeanNewton.solve(l, b, x, 3);
        for (int i = 0; i < 3; i++) {
            double row = 0;
            for (int j = 0; j < 3; j++) {
                row += a[i * 3 + j] * x[j];
            }
            assertThat(row).isCloseTo(b[i], within(1e-14));
        }
        assertThat(FrechetMeanNewton.cholesky(new double[] {1, 2, 2, 1}, new double[4], 2)).isFalse();
        assertThat(FrechetMeanNewton.cholesky(new double[] {-1, 0, 0, 1}, new double[4], 2)).isFalse();
        assertThat(FrechetMeanNewton.cholesky(new double[] {Double.NaN, 0, 0, 1}, new double[4], 2)).isFalse();
    }
}
