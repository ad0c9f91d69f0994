package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact Riemannian Laplace on a geometry with a global {@link IsometricChart} (log-Euclidean SPD through
 * {@code vecd o Logm}, Utpala et al. 2023, Lemma A.1): geodesic distance is the Euclidean distance of chart coordinates and the
 * Riemannian volume is Lebesgue measure in the chart, so the law is the Euclidean K-norm (l2) Laplace around
 * {@code toChart(center)} mapped back with {@code fromChart} ({@code docs/exact-sampling.md}).
 *
 * <p><b>Grid mode</b> ({@link #onGrid}): the chart draw is {@link EuclideanLaplace#sampleOnGrid} at scale at least
 * sigma, so the released chart coordinates live on a power-of-two lattice and depend on the centre only through its
 * grid index; {@code fromChart} is then post-processing of an integer vector. The law is the l2 Laplace restricted to
 * the lattice (not the continuous Riemannian Laplace), with privacy loss at most
 * {@code Delta / sigma + EuclideanLaplace.gridEpsilonLoss(d)} for centres whose chart images are {@code Delta} apart:
 * a release calibrates with {@code epsilon - gridEpsilonLoss(d)}. The default (continuous) mode keeps the exact
 * density, which the KNG envelope needs (docs/floating-point-noise.md).
 *
 * <p>Allocation-free per call after the first call with a given provider; not thread-safe.
 */
public final class ChartLaplaceSampler implements ExactLaplaceSampler {

    private final Geometry geometry;
    private final IsometricChart chart;
    private final EuclideanLaplace laplace = new EuclideanLaplace();
    private final double[] chartCenter;
    private final double[] chartDraw;

    private final boolean grid;

    /** A continuous-mode sampler for {@code geometry}, which must have the {@link IsometricChart} capability. */
    public ChartLaplaceSampler(Geometry geometry) {
        this(geometry, false);
    }

    /** A grid-mode sampler (for releases) for {@code geometry}, which must have the {@link IsometricChart}. */
    public static ChartLaplaceSampler onGrid(Geometry geometry) {
        return new ChartLaplaceSampler(geometry, true);
    }

    private ChartLaplaceSampler(Geometry geometry, boolean grid) {
        this.grid = grid;
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.chart = Capabilities.require(geometry, IsometricChart.class, "ChartLaplaceSampler");
        this.chartCenter = new double[chart.chartDimension()];
        this.chartDraw = new double[chart.chartDimension()];
    }

    /** True in grid mode. */
    public boolean onGrid() {
        return grid;
    }

    @Override
    public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        Arguments.requirePoint(geometry, "center", center);
        Arguments.requirePositiveFinite("sigma", sigma);
        Arguments.requireNonNull("rng", rng);
        Arguments.requireOutput("out", out, geometry.layout().length());
        chart.toChart(center, chartCenter);
        if (grid) {
            laplace.sampleOnGrid(chartCenter, sigma, rng, chartDraw);
        } else {
            laplace.sampleUnchecked(chartCenter, sigma, rng, chartDraw);
        }
        chart.fromChart(chartDraw, out);
        return 1;
    }
}
