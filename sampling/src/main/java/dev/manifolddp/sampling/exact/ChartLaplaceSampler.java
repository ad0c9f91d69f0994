package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact Riemannian Laplace on a geometry with a global {@link IsometricChart} (log-Euclidean SPD through
 * {@code vecd o Logm}, 004 Lemma A.1): geodesic distance is the Euclidean distance of chart coordinates and the
 * Riemannian volume is Lebesgue measure in the chart, so the law is the Euclidean K-norm (l2) Laplace around
 * {@code toChart(center)} mapped back with {@code fromChart} (MATH §3.7).
 *
 * <p>Allocation-free per call after the first call with a given provider; not thread-safe.
 */
public final class ChartLaplaceSampler implements ExactLaplaceSampler {

    private final Geometry geometry;
    private final IsometricChart chart;
    private final EuclideanLaplace laplace = new EuclideanLaplace();
    private final double[] chartCenter;
    private final double[] chartDraw;

    /** A sampler for {@code geometry}, which must have the {@link IsometricChart} capability. */
    public ChartLaplaceSampler(Geometry geometry) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.chart = Capabilities.require(geometry, IsometricChart.class, "ChartLaplaceSampler");
        this.chartCenter = new double[chart.chartDimension()];
        this.chartDraw = new double[chart.chartDimension()];
    }

    @Override
    public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        Arguments.requirePoint(geometry, "center", center);
        Arguments.requirePositiveFinite("sigma", sigma);
        Arguments.requireNonNull("rng", rng);
        Arguments.requireOutput("out", out, geometry.layout().length());
        chart.toChart(center, chartCenter);
        laplace.sampleUnchecked(chartCenter, sigma, rng, chartDraw);
        chart.fromChart(chartDraw, out);
        return 1;
    }
}
