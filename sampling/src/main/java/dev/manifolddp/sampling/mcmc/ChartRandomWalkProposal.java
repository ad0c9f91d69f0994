package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A Gaussian random walk in a global {@link IsometricChart}: {@code y = fromChart(toChart(x) + step Z)},
 * {@code Z ~ N(0, I_d)}. For log-Euclidean SPD with the chart {@code vecd o Logm} this is the log-normal proposal of
 * Utpala et al. 2023, App. B.1. Exactly symmetric: the chart is an isometry, so the Riemannian volume is Lebesgue measure in chart
 * coordinates and the Gaussian kernel is symmetric there. Needs {@link IsometricChart}. Not thread-safe.
 */
public final class ChartRandomWalkProposal implements Proposal {

    private final IsometricChart chart;
    private final double[] chartPoint;
    private final NormalSource normals = new NormalSource();

    /** A proposal on {@code geometry}, which must have the {@link IsometricChart} capability. */
    public ChartRandomWalkProposal(Geometry geometry) {
        Arguments.requireNonNull("geometry", geometry);
        this.chart = Capabilities.require(geometry, IsometricChart.class, "ChartRandomWalkProposal");
        this.chartPoint = new double[chart.chartDimension()];
    }

    @Override
    public void propose(double[] current, double step, UniformRandomProvider rng, double[] out) {
        TangentMove.requireStep(step);
        chart.toChart(current, chartPoint);
        for (int i = 0; i < chartPoint.length; i++) {
            chartPoint[i] += step * normals.next(rng);
        }
        chart.fromChart(chartPoint, out);
    }

    @Override
    public boolean symmetric() {
        return true;
    }

    @Override
    public String describe() {
        return "Gaussian random walk N(0, step^2 I) in the isometric chart (Utpala et al. 2023, App. B.1 log-normal proposal)";
    }
}
