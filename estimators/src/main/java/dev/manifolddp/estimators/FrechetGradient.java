package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.Records;
import java.util.Arrays;

/**
 * The Riemannian gradient of the Frechet functional {@code F(x; D) = (1/2n) sum_i rho(x, x_i)^2} of a fixed data
 * set D = {x_1, ..., x_n}: {@code grad F(x) = -(1/n) sum_i log(x, x_i)} (Soto et al. 2022, §3), and its norm
 * {@code |grad U(x; D)|_x = (1/n) |sum_i log(x, x_i)|_x} with U = -F, which is the exponent of the K-norm
 * gradient mechanism's density for the mean (Soto et al. 2022, §2.2 and §3).
 *
 * <p>Domain: x must lie within the injectivity radius of every data point, so that every {@code log(x, x_i)} is
 * the unique minimising one; under Assumption 1 (data in {@code B_r(p0)}, x in {@code B_r(p0)}) this always holds.
 * The geometry's {@code log} throws at the cut locus. The hot-path methods check only array lengths.
 *
 * <p>When the geometry has an {@link IsometricChart} (log-Euclidean SPD), the chart maps {@code log(x, x_i)} to
 * {@code c(x_i) - c(x)} isometrically, so {@code |grad F(x)|_x = |cbar - c(x)|} with {@code cbar} the mean of the
 * data's chart coordinates, computed once: {@link #gradientNorm} then costs one chart evaluation instead of n
 * logarithms. {@link #gradient} always sums the logarithms.
 *
 * <p>When the geometry has a {@link LogSums} kernel (and no chart), both sums go through it: the geometry's own fused
 * loop over the data, which agrees with the generic loop to 1e-13 (the capability's contract).
 *
 * <p>Not thread-safe: an instance owns scratch vectors that every call overwrites. Use {@link #copy()} to get
 * an instance for another thread (the data, which is never modified, is shared).
 */
public final class FrechetGradient implements GradientField {

    private final Geometry geometry;
    private final Records data;
    private final int n;
    /** Where a flat record is copied to be read ({@link Records#row}). */
    private final double[] row;
    private final double[] logScratch;
    private final double[] sum;
    /** Null unless the geometry has an isometric chart. */
    private final IsometricChart chart;
    private final double[] chartMean;
    private final double[] chartScratch;
    /** Null unless the geometry has a {@link LogSums} kernel; used only when there is no chart. */
    private final LogSums.Batch kernel;

    /**
     * A gradient field over a copy of {@code data}. Every point is validated (length, finite entries, on the
     * manifold).
     *
     * @throws IllegalArgumentException if the geometry is null, the data set is empty or a point is invalid
     */
    public FrechetGradient(Geometry geometry, double[][] data) {
        this(geometry, DataChecks.records(data), true);
    }

    /**
     * {@link #FrechetGradient(Geometry, double[][])} of records in either layout, not copied: {@link Records} are read
     * only, and their holder keeps them unchanged while they are in use (a release's records, which at 10^7 points
     * a copy would hold twice). Every point is validated.
     *
     * @throws IllegalArgumentException if the geometry is null, the data set is empty or a point is invalid
     */
    public FrechetGradient(Geometry geometry, Records data) {
        this(geometry, data, false);
    }

    private FrechetGradient(Geometry geometry, Records data, boolean copy) {
        DataChecks.requireGeometry(geometry);
        DataChecks.requirePoints(geometry, "data", data);
        this.geometry = geometry;
        this.data = copy ? data.copy() : data;
        this.n = this.data.size();
        this.row = this.data.scratch();
        int length = geometry.layout().length();
        this.logScratch = new double[length];
        this.sum = new double[length];
        this.chart = geometry.capability(IsometricChart.class).orElse(null);
        if (chart != null) {
            this.chartScratch = new double[chart.chartDimension()];
            this.chartMean = new double[chart.chartDimension()];
            for (int i = 0; i < n; i++) {
                chart.toChart(this.data.row(i, row), chartScratch);
                for (int j = 0; j < chartMean.length; j++) {
                    chartMean[j] += chartScratch[j];
                }
            }
            for (int j = 0; j < chartMean.length; j++) {
                chartMean[j] /= n;
            }
        } else {
            this.chartScratch = null;
            this.chartMean = null;
        }
        this.kernel = chart != null ? null
                : geometry.capability(LogSums.class).map(sums -> sums.prepare(this.data)).orElse(null);
    }

    /** Shares the (already copied, never modified) data with {@code other}; fresh scratch. */
    private FrechetGradient(FrechetGradient other) {
        this.geometry = other.geometry;
        this.data = other.data;
        this.n = other.n;
        this.row = data.scratch();
        int length = geometry.layout().length();
        this.logScratch = new double[length];
        this.sum = new double[length];
        this.chart = other.chart;
        this.chartMean = other.chartMean;
        this.chartScratch = chart == null ? null : new double[other.chartScratch.length];
        this.kernel = other.kernel == null ? null : other.kernel.copy();
    }

    /** The geometry the data live on. */
    public Geometry geometry() {
        return geometry;
    }

    /** The number n of data points. */
    public int size() {
        return n;
    }

    /** A copy of data point {@code i}. */
    public double[] point(int i) {
        return data.copyOfRow(i);
    }

    /**
     * {@code |grad F(x)|_x = (1/n) |sum_i log(x, x_i)|_x}. Allocates nothing; n calls of the geometry's
     * {@code log} and one norm, one chart evaluation when the geometry has an {@link IsometricChart}, or the
     * geometry's {@link LogSums} kernel.
     */
    @Override
    public double gradientNorm(double[] x) {
        if (chart != null) {
            DataChecks.requireLength(geometry, "x", x);
            chart.toChart(x, chartScratch);
            return IsometricChart.chartDistance(chartMean, chartScratch);
        }
        if (kernel != null) {
            DataChecks.requireLength(geometry, "x", x);
            return kernel.normOfSumOfLogs(x) / n;
        }
        sumOfLogs(x);
        return geometry.norm(x, sum) / n;
    }

    /**
     * {@link #gradientNorm} at each point: through the geometry's {@link LogSums.Batch#normsOfSumsOfLogs}, one pass
     * over the records for the whole batch, when the geometry has a {@link LogSums} kernel and no chart; one by one
     * otherwise. Either way each value has the bits of {@link #gradientNorm} at that point.
     */
    @Override
    public void gradientNorms(double[][] xs, int count, double[] out) {
        if (chart != null || kernel == null) {
            GradientField.super.gradientNorms(xs, count, out);
            return;
        }
        for (int j = 0; j < count; j++) {
            DataChecks.requireLength(geometry, "x", xs[j]);
        }
        kernel.normsOfSumsOfLogs(xs, count, out);
        for (int j = 0; j < count; j++) {
            out[j] /= n;
        }
    }

    /**
     * Writes {@code grad F(x) = -(1/n) sum_i log(x, x_i)}, a tangent vector at x, into {@code out} (which must not
     * alias x). Allocates nothing. Gradient descent moves along {@code -grad F}.
     */
    public void gradient(double[] x, double[] out) {
        DataChecks.requireLength(geometry, "out", out);
        sumOfLogs(x);
        double scale = -1.0 / n;
        for (int j = 0; j < out.length; j++) {
            out[j] = scale * sum[j];
        }
    }

    /** The Frechet functional {@code F(x) = (1/2n) sum_i rho(x, x_i)^2}. */
    public double objective(double[] x) {
        DataChecks.requireLength(geometry, "x", x);
        double total = 0;
        for (int i = 0; i < n; i++) {
            double distance = geometry.distance(x, data.row(i, row));
            total += distance * distance;
        }
        return total / (2.0 * n);
    }

    /** An independent instance over the same data, for another thread. */
    @Override
    public FrechetGradient copy() {
        return new FrechetGradient(this);
    }

    private void sumOfLogs(double[] x) {
        DataChecks.requireLength(geometry, "x", x);
        if (kernel != null) {
            kernel.sumOfLogs(x, sum);
            return;
        }
        Arrays.fill(sum, 0.0);
        for (int i = 0; i < n; i++) {
            geometry.log(x, data.row(i, row), logScratch);
            for (int j = 0; j < sum.length; j++) {
                sum[j] += logScratch[j];
            }
        }
    }

    @Override
    public String toString() {
        return "FrechetGradient[" + geometry.spec() + ", n = " + n + "]";
    }
}
