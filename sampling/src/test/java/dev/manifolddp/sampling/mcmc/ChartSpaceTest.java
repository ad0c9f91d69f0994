package dev.manifolddp.sampling.mcmc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.sampling.Allocation;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The chain in chart coordinates is the manifold chain: run side by side from one seed on log-Euclidean SPD(3), the
 * two give the same states (up to the manifold chain's rounding through the chart) and the same acceptance rate.
 */
class ChartSpaceTest {

    private static final Geometry SPD = Geometries.parse("spd/log-euclidean:k=3");
    private static final IsometricChart CHART = SPD.capability(IsometricChart.class).orElseThrow();

    /** A point of SPD(3) from chart coordinates (no symmetry in the choice, so every entry matters). */
    private static double[] point(double... y) {
        return CHART.fromChart(y, SPD.layout().length());
    }

    /**
     * 1000 steps of both chains from one seed, with a ball (radius 1.0) that the chain hits (about a tenth of the
     * proposals leave it) and without: every kept state agrees to 1e-10 and the acceptance counts agree exactly.
     */
    @ParameterizedTest(name = "ball radius {0}")
    @ValueSource(doubles = {1.0, Double.NaN})
    void theChartChainReproducesTheManifoldChainDrawForDraw(double radius) {
        double[] ballCenter = point(0.1, -0.2, 0.05, 0.3, 0.0, -0.1);
        double[] laplaceCenter = point(0.4, -0.1, 0.2, 0.1, 0.25, -0.3);
        double sigma = 0.3;
        double step = 0.2;
        ChartSpace space = ChartSpace.of(SPD).orElseThrow();
        MetropolisHastings.Builder manifold = MetropolisHastings.builder().geometry(SPD)
                .target(new LaplaceLogDensity(SPD, laplaceCenter, sigma)).proposal(new ChartRandomWalkProposal(SPD))
                .step(step).burnIn(0).thin(1).samples(1000);
        MetropolisHastings.Builder chart = MetropolisHastings.builder().geometry(space)
                .target(new LaplaceLogDensity(space, space.toChartCoordinates(laplaceCenter), sigma))
                .proposal(new ChartRandomWalkProposal(space)).step(step).burnIn(0).thin(1).samples(1000)
                .reference(space.toChartCoordinates(ballCenter));
        manifold.reference(ballCenter);
        if (!Double.isNaN(radius)) {
            manifold.restrictTo(ballCenter, radius);
            chart.restrictTo(space.toChartCoordinates(ballCenter), radius);
        }
        McmcResult onManifold = manifold.build().run(ballCenter, RandomStreams.seeded(91L).stream(0, 0));
        McmcResult inChart = chart.build().run(space.toChartCoordinates(ballCenter),
                RandomStreams.seeded(91L).stream(0, 0));

        double worst = 0;
        double moved = 0;
        for (int i = 0; i < 1000; i++) {
            double[] mapped = space.toSourcePoint(inChart.samples()[i]);
            double[] expected = onManifold.samples()[i];
            for (int j = 0; j < expected.length; j++) {
                worst = Math.max(worst, Math.abs(mapped[j] - expected[j]));
            }
            moved = Math.max(moved, SPD.distance(ballCenter, expected));
        }
        assertThat(worst).as("largest entry difference over 1000 steps").isLessThan(1e-10);
        assertThat(moved).as("the chain moves away from its start").isGreaterThan(0.3);
        assertThat(inChart.diagnostics().acceptanceRate()).isEqualTo(onManifold.diagnostics().acceptanceRate())
                .isBetween(0.1, 0.9);
        // the diagnostic summary (distance to the reference) is the geodesic one in both
        assertThat(inChart.diagnostics().effectiveSampleSize())
                .isCloseTo(onManifold.diagnostics().effectiveSampleSize(), org.assertj.core.data.Offset.offset(1e-6));
        if (!Double.isNaN(radius)) {
            for (double[] y : inChart.samples()) {
                assertThat(SPD.distance(ballCenter, space.toSourcePoint(y))).isLessThanOrEqualTo(radius + 1e-12);
            }
        }
    }

    /** The chart space's distance is the source's geodesic distance, and the coordinate maps invert each other. */
    @Test
    void distancesAndCoordinatesMatchTheSource() {
        ChartSpace space = ChartSpace.of(SPD).orElseThrow();
        double[] a = point(0.3, 0.1, -0.4, 0.2, 0.0, 0.5);
        double[] b = point(-0.2, 0.6, 0.1, -0.3, 0.4, 0.0);
        double[] ya = space.toChartCoordinates(a);
        double[] yb = space.toChartCoordinates(b);
        assertThat(space.distance(ya, yb)).isCloseTo(SPD.distance(a, b), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(space.toSourcePoint(ya)).containsExactly(a, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(space.dimension()).isEqualTo(SPD.dimension());
        assertThat(space.source()).isSameAs(SPD);
        double[] moved = new double[6];
        space.exp(ya, new double[] {1, 2, 3, 4, 5, 6}, moved);
        double[] back = new double[6];
        space.log(ya, moved, back);
        assertThat(back).containsExactly(new double[] {1, 2, 3, 4, 5, 6}, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aGeometryWithoutAChartHasNoChartSpace() {
        assertThat(ChartSpace.of(Geometries.parse("sphere:d=2"))).isEmpty();
        assertThatThrownBy(() -> ChartSpace.of(SPD).orElseThrow().toChartCoordinates(new double[] {1, 0, 0, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("point");
        assertThatThrownBy(() -> ChartSpace.of(SPD).orElseThrow().distance(new double[3], new double[6]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length 6");
    }

    /** The chart chain's steps allocate nothing: two runs differing by 200 000 burn-in steps allocate the same. */
    @Test
    void theChartStepLoopAllocatesNothing() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Allocation.supported());
        ChartSpace space = ChartSpace.of(Geometries.parse("spd/log-euclidean:k=5")).orElseThrow();
        double[] start = new double[space.dimension()];
        MetropolisHastings.Builder builder = MetropolisHastings.builder().geometry(space)
                .target(new LaplaceLogDensity(space, start, 0.3)).proposal(new ChartRandomWalkProposal(space))
                .step(0.1).thin(1).samples(10).restrictTo(start, 2.0);
        MetropolisHastings shortRun = builder.burnIn(10_000).build();
        MetropolisHastings longRun = builder.burnIn(210_000).build();
        UniformRandomProvider rng = RandomStreams.seeded(85L).stream(0, 0);
        shortRun.run(start, rng);
        longRun.run(start, rng);
        long before = Allocation.allocatedBytes();
        shortRun.run(start, rng);
        long middle = Allocation.allocatedBytes();
        longRun.run(start, rng);
        long after = Allocation.allocatedBytes();
        double perStep = ((after - middle) - (middle - before)) / 200_000.0;
        assertThat(perStep).as("bytes per chart MH step").isLessThan(1.0);
    }
}
