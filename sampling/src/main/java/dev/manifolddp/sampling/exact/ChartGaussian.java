package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.noise.GridGaussian;
import dev.manifolddp.sampling.noise.NoiseGrid;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The isotropic Gaussian in a global {@link IsometricChart}, mapped back to the manifold: the tangent Gaussian
 * mechanism of Utpala et al. 2023 (§4, Algorithm 1), drawn floating-point safely as the discrete Gaussian on the
 * power-of-two lattice {@code g Z^d} ({@link GridGaussian}; Canonne, Kamath, Steinke 2020):
 * {@code g (rint(toChart(center) / g) + Y)}, {@code Y_i ~ N_Z(0, 2 s0^2)}, {@code g = NoiseGrid.granularity(sigma)},
 * {@code s0 = GridGaussian.s0(sigma, g)}, so the grid scale {@code sqrt(2) s0 g} is at least sigma and exceeds it by a
 * relative 2^-19 at most. Because the chart is an isometry, {@code rho(x, center)^2 / sigma^2} follows {@code chi^2_d}
 * up to that lattice resolution (Utpala et al. 2023, Theorem 4). A release accounts for the discrete law with
 * {@code GaussianCalibration.discreteSigma} (mechanisms) and the rounding of the centre ({@code +sqrt(d)} grid units of
 * l2 sensitivity).
 *
 * <p>Allocation-free per call after the first call with a given provider; not thread-safe.
 */
public final class ChartGaussian {

    private final Geometry geometry;
    private final IsometricChart chart;
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
        double granularity = NoiseGrid.granularity(sigma);
        GridGaussian.sample(chartPoint, chartPoint.length, granularity, GridGaussian.s0(sigma, granularity), rng,
                chartPoint);
        chart.fromChart(chartPoint, out);
    }
}
