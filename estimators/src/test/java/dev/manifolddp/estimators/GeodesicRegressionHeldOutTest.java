package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HiddenCapabilities;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Held-out regression cases: synthetic data from a known geodesic with small tangent noise on every geometry (other
 * seeds, sizes and covariate ranges than the oracle). The fit must be a local minimum that is at least as good as
 * the truth: converged, energy at most the truth's, every small perturbation of (p, v) raises the energy, and the
 * directional derivatives of the energy vanish by finite differences.
 */
class GeodesicRegressionHeldOutTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("sphere:d=2", 11L, 30, 1.0, 0.05, 0.0, 1.0),
                Arguments.of("sphere:d=2", 12L, 25, 1.2, 0.1, 20.0, 60.0),
                Arguments.of("sphere:d=3,radius=2.5", 13L, 40, 1.5, 0.05, -3.0, 2.0),
                Arguments.of("kendall:landmarks=5", 14L, 30, 0.4, 0.02, 0.0, 1.0),
                Arguments.of("kendall:landmarks=3", 15L, 20, 0.3, 0.02, 50.0, 90.0),
                Arguments.of("spd/affine-invariant:k=2", 16L, 30, 1.0, 0.05, 0.0, 1.0),
                Arguments.of("spd/affine-invariant:k=3", 17L, 25, 1.5, 0.05, 1.0, 4.0),
                Arguments.of("spd/log-euclidean:k=3", 18L, 25, 1.0, 0.05, 0.0, 1.0));
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("cases")
    void fitIsALocalMinimumNoWorseThanTheTruth(String spec, long seed, int n, double speed, double noise, double low,
                                              double high) {
        Geometry geometry = Geometries.parse(spec);
        RegressionFixtures data = RegressionFixtures.draw(geometry, seed, n, speed / (high - low), noise, low, high);
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(geometry).build().fit(data.x(), data.y());
        checkLocalMinimum(data, fit, seed);
        assertThat(fit.method()).isEqualTo(geometry.capability(IsometricChart.class).isPresent()
                ? GeodesicRegression.CHART_LEAST_SQUARES : GeodesicRegression.LEVENBERG_MARQUARDT);
    }

    /** Without the geometry's closed forms the numerical Jacobi fields reach the same optimum. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("numericalCases")
    void numericalJacobiFieldsReachTheSameOptimum(String spec, long seed, double speed) {
        Geometry geometry = Geometries.parse(spec);
        RegressionFixtures data = RegressionFixtures.draw(geometry, seed, 20, speed, 0.05, 0.0, 1.0);
        GeodesicRegressionResult closed = GeodesicRegression.builder().geometry(geometry).build()
                .fit(data.x(), data.y());
        Geometry numeric = new HiddenCapabilities(geometry, JacobiFields.class);
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(numeric).build().fit(data.x(), data.y());
        checkLocalMinimum(new RegressionFixtures(numeric, data.p(), data.v(), data.x(), data.y()), fit, seed);
        GeodesicRegressionOracleTest.assertClose(fit.footpoint(), closed.footpoint(), 1e-8, "footpoint");
        GeodesicRegressionOracleTest.assertClose(fit.shootingVector(), closed.shootingVector(), 1e-8, "vector");
        assertThat(fit.energy()).isCloseTo(closed.energy(), within(1e-12 * closed.energy()));
    }

    static Stream<Arguments> numericalCases() {
        return Stream.of(Arguments.of("sphere:d=2", 21L, 1.0), Arguments.of("kendall:landmarks=4", 22L, 0.4),
                Arguments.of("spd/affine-invariant:k=2", 23L, 1.0));
    }

    /** On log-Euclidean SPD the iterative fit (chart hidden) agrees with the closed form in the chart. */
    @Test
    void logEuclideanIterativeFitEqualsTheChartLeastSquares() {
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=2");
        RegressionFixtures data = RegressionFixtures.draw(geometry, 31L, 30, 1.0, 0.05, 5.0, 7.0);
        GeodesicRegressionResult chart = GeodesicRegression.builder().geometry(geometry).build()
                .fit(data.x(), data.y());
        GeodesicRegressionResult iterative = GeodesicRegression.builder()
                .geometry(new HiddenCapabilities(geometry, IsometricChart.class)).build().fit(data.x(), data.y());
        assertThat(chart.method()).isEqualTo(GeodesicRegression.CHART_LEAST_SQUARES);
        assertThat(chart.start()).isEqualTo(GeodesicRegression.NO_START);
        assertThat(iterative.method()).isEqualTo(GeodesicRegression.LEVENBERG_MARQUARDT);
        assertThat(iterative.converged()).as(iterative.toString()).isTrue();
        GeodesicRegressionOracleTest.assertClose(iterative.scaledFootpoint(), chart.scaledFootpoint(), 1e-9,
                "footpoint");
        GeodesicRegressionOracleTest.assertClose(iterative.scaledShootingVector(), chart.scaledShootingVector(), 1e-9,
                "vector");
        assertThat(iterative.energy()).isCloseTo(chart.energy(), within(1e-12 * chart.energy()));
    }

    static void checkLocalMinimum(RegressionFixtures data, GeodesicRegressionResult fit, long seed) {
        Geometry geometry = data.geometry();
        assertThat(fit.converged()).as(fit.toString()).isTrue();
        assertThat(fit.gradientNorm()).isLessThanOrEqualTo(GeodesicRegression.DEFAULT_TOLERANCE);
        double truth = data.energy(data.p(), data.v());
        assertThat(fit.energy()).as("fit energy vs the truth's %s", truth).isLessThanOrEqualTo(truth);
        assertThat(data.energy(fit.footpoint(), fit.shootingVector())).as("energy of the unscaled parameters")
                .isCloseTo(fit.energy(), within(1e-9 * fit.energy()));

        // Work in the rescaled parametrisation, where the optimiser ran.
        double[] scaled = new double[data.x().length];
        for (int i = 0; i < scaled.length; i++) {
            scaled[i] = fit.covariateRange().scale(data.x()[i]);
        }
        double[] p = fit.scaledFootpoint();
        double[] v = fit.scaledShootingVector();
        double energy = GeodesicRegressionOracleTest.energy(geometry, p, v, scaled, data.y());
        Random random = new Random(seed + 1000);
        ParallelTransport transport = geometry.capability(ParallelTransport.class).orElseThrow();
        for (int t = 0; t < 12; t++) {
            double[] a = RegressionFixtures.tangent(geometry, p, random, 1.0);
            double[] b = RegressionFixtures.tangent(geometry, p, random, random.nextDouble());
            double perturbed = energyAlong(geometry, transport, p, v, a, b, 1e-3, scaled, data.y());
            assertThat(perturbed).as("energy after a perturbation of size 1e-3 (trial %d)", t).isGreaterThan(energy);
            double h = 1e-4;
            double slope = (energyAlong(geometry, transport, p, v, a, b, h, scaled, data.y())
                    - energyAlong(geometry, transport, p, v, a, b, -h, scaled, data.y())) / (2 * h);
            assertThat(slope).as("directional derivative of E at the fit (trial %d)", t).isCloseTo(0.0, within(1e-7));
        }
        // The stored per-record gradients average to the (vanishing) gradient.
        double[] mean = new double[p.length];
        double[] row = new double[p.length];
        for (int i = 0; i < fit.size(); i++) {
            fit.footpointGradient(i, row);
            for (int j = 0; j < row.length; j++) {
                mean[j] += row[j] / fit.size();
            }
        }
        assertThat(geometry.norm(p, mean)).isLessThanOrEqualTo(GeodesicRegression.DEFAULT_TOLERANCE * 1.01);
    }

    /** {@code E(exp(p, s a), P_s(v) + s b)}: the curve through the tangent bundle used by the optimiser. */
    static double energyAlong(Geometry geometry, ParallelTransport transport, double[] p, double[] v, double[] a,
                              double[] b, double s, double[] x, double[][] y) {
        double[] moved = geometry.exp(p, GeodesicRegressionOracleTest.scaled(a, s));
        double[] carried = new double[v.length];
        for (int j = 0; j < v.length; j++) {
            carried[j] = v[j] + s * b[j];
        }
        double[] vs = transport.transport(p, moved, carried);
        return GeodesicRegressionOracleTest.energy(geometry, moved, vs, x, y);
    }
}
