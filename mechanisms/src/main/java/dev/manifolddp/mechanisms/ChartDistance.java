package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;

/**
 * Geodesic distances from one fixed point through a global {@link IsometricChart}: {@code rho(x, y) = |c(x) - c(y)|},
 * so the fixed point's chart coordinates are computed once and each distance costs one chart evaluation instead of
 * the geometry's two-point {@code distance} (two matrix logarithms on log-Euclidean SPD). Not thread-safe.
 */
final class ChartDistance {

    private final IsometricChart chart;
    private final double[] from;
    private final double[] scratch;

    private ChartDistance(IsometricChart chart, double[] from) {
        this.chart = chart;
        this.from = chart.toChart(from);
        this.scratch = new double[chart.chartDimension()];
    }

    /** Distances from {@code point} in the geometry's chart, or null when it has none. */
    static ChartDistance from(Geometry geometry, double[] point) {
        return geometry.capability(IsometricChart.class).map(chart -> new ChartDistance(chart, point)).orElse(null);
    }

    /** {@code rho(from, point)}; allocates nothing. */
    double to(double[] point) {
        return to(point, scratch);
    }

    /** {@code rho(from, point)}, writing the chart coordinates of {@code point} into {@code coordinatesOut}. */
    double to(double[] point, double[] coordinatesOut) {
        chart.toChart(point, coordinatesOut);
        return IsometricChart.chartDistance(from, coordinatesOut);
    }

    /** A fresh array for one point's chart coordinates. */
    double[] coordinates() {
        return new double[from.length];
    }
}
