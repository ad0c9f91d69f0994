package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.Records;

/**
 * The closed-form Frechet mean on a geometry with a global {@link IsometricChart} c: the chart is an isometry onto
 * R^d, so the mean is {@code c^-1(cbar)} with {@code cbar = (1/n) sum_i c(x_i)} (Utpala et al. 2023, §3 and
 * Lemma A.1), the gradient norm at a point x is {@code |cbar - c(x)|} and the distance to a record is
 * {@code |c(x) - c(x_i)|}. Each record's chart coordinates are computed once and serve the mean, the residual and
 * the certificate's distances, instead of one chart evaluation (a matrix logarithm on log-Euclidean SPD) per use.
 */
final class ChartMean {

    private ChartMean() {
    }

    /**
     * The mean of {@code data} (n >= 1 rows) with its residual and certificate, method closed-form. {@code known}
     * holds the records' chart coordinates when the caller has them (the records are then already validated);
     * when it is null, each record is validated by the chart evaluation itself
     * ({@link IsometricChart#toChartCheckedAll}, failing as {@code requirePoint} on {@code data[i]}).
     */
    static FrechetMeanResult fit(FrechetMean owner, IsometricChart chart, Records data, double[][] known) {
        Geometry geometry = owner.geometry();
        int d = chart.chartDimension();
        int n = data.size();
        double[][] coordinates = known != null ? requireCoordinates(known, n, d) : new double[n][d];
        if (known == null) {
            chart.toChartCheckedAll(geometry, data, i -> "data[" + i + "]", coordinates);
        }
        double[] chartMean = new double[d];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                chartMean[j] += coordinates[i][j];
            }
        }
        for (int j = 0; j < d; j++) {
            chartMean[j] /= n;
        }
        double[] mean = new double[geometry.layout().length()];
        chart.fromChart(chartMean, mean);
        // the residual is evaluated at the point returned, not at cbar, so it shows the chart's round trip error
        double[] atMean = new double[d];
        chart.toChart(mean, atMean);
        double residual = IsometricChart.chartDistance(chartMean, atMean);
        int farthest = 0;
        double farthestDistance = -1;
        for (int i = 0; i < n; i++) {
            double distance = IsometricChart.chartDistance(coordinates[i], atMean);
            if (distance > farthestDistance) {
                farthestDistance = distance;
                farthest = i;
            }
        }
        return owner.certified(mean, 0, residual, FrechetMean.CLOSED_FORM, data, farthest, farthestDistance);
    }

    private static double[][] requireCoordinates(double[][] coordinates, int n, int d) {
        if (coordinates.length != n) {
            throw new IllegalArgumentException(String.format("chartCoordinates must have one row per record (%d). "
                    + "Provided value: %d rows", n, coordinates.length));
        }
        for (int i = 0; i < n; i++) {
            double[] row = coordinates[i];
            if (row == null || row.length != d) {
                throw new IllegalArgumentException(String.format("chartCoordinates[%d] must have the chart dimension "
                        + "%d. Provided value: %s", i, d, row == null ? "null" : "length " + row.length));
            }
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(row[j])) {
                    throw new IllegalArgumentException(String.format("chartCoordinates[%d][%d] must be finite; pass "
                            + "the chart coordinates of data[%d]. Provided value: %s", i, j, i, row[j]));
                }
            }
        }
        return coordinates;
    }
}
