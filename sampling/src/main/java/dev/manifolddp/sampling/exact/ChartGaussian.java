package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The isotropic Gaussian {@code N(toChart(center), sigma^2 I_d)} in a global {@link IsometricChart}, mapped back
 * to the manifold: the tangent Gaussian mechanism of 004 (MATH §3.5). Because the chart is an isometry,
 * {@code rho(x, center)^2 / sigma^2 ~ chi^2_d} exactly (004 Thm 4).
 *
 * <p>Allocation-free per call after the first call with a given provider; not thread-safe.
 */
public final class ChartGaussian {

    private final Geometry geometry;
    private final IsometricChart chart;
    private final NormalSource normals = new NormalSource();
    private final double[] chartPoint;

    /** A sampler for {@code geometry}, which must have the {@link IsometricChart} capability. */
    public ChartGaussian(Geometry geometry) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.chart = Capabilities.require(geometry, IsometricChart.class, "ChartGaussian");
        this.chartPoint = new double[chart.chartDimension()];
    }

    /** Writes one draw into {@code out} (point layout length; must not alias {@code center}). */
    public void sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        Arguments.requirePoint(geometry, "center", center);
        Arguments.requirePositiveFinite("sigma", sigma);
        Arguments.requireNonNull("rng", rng);
        Arguments.requireOutput("out", out, geometry.layout().length());
        chart.toChart(center, chartPoint);
        for (int i = 0; i < chartPoint.length; i++) {
            chartPoint[i] += sigma * normals.next(rng);
        }
        chart.fromChart(chartPoint, out);
    }
}
