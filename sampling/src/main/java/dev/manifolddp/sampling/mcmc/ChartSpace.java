package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.sampling.Arguments;
import java.util.Optional;

/**
 * The chart coordinates R^d of a geometry with an {@link IsometricChart}, as a flat geometry a chain can run on.
 *
 * <p><b>Why.</b> A chain whose proposal is the chart random walk ({@link ChartRandomWalkProposal}) and whose target and
 * ball are functions of geodesic distances never needs the manifold point between two steps: the chart is an
 * isometry, so {@code rho(x, z) = |c(x) - c(z)|}, the Riemannian volume is Lebesgue measure in chart coordinates (a
 * density w.r.t. the volume is the same function of {@code c(x)}), and the proposal {@code fromChart(c(x) + step Z)}
 * read in the chart is {@code c(x) + step Z}. Running {@link MetropolisHastings} here, with the target and the ball
 * expressed in chart coordinates (e.g. {@code new LaplaceLogDensity(space, space.toChart(center), sigma)}), gives the
 * same chain as on the manifold, draw for draw from the same provider, up to rounding (the manifold chain also
 * rounds each state through {@code fromChart} and {@code toChart}); each step then costs O(d) instead of a chart
 * evaluation in both directions per proposal and per distance (eigendecompositions on log-Euclidean SPD). Only the
 * states the caller keeps go back through {@code fromChart}.
 *
 * <p>One difference in principle: the manifold chain rejects a candidate whose {@code fromChart} is not a valid
 * point (e.g. an exponential that overflows); here every finite candidate is a point. Such candidates lie at chart
 * radii no chain of a finite-scale target reaches (about 700 on log-Euclidean SPD), so both chains agree in practice.
 *
 * <p>The identity is this space's own isometric chart, so chart proposals work on it unchanged. Immutable.
 */
public final class ChartSpace implements Geometry, IsometricChart {

    private final Geometry source;
    private final IsometricChart chart;
    private final int dimension;
    private final PointLayout layout;

    private ChartSpace(Geometry source, IsometricChart chart) {
        this.source = source;
        this.chart = chart;
        this.dimension = chart.chartDimension();
        this.layout = PointLayout.vector(dimension);
    }

    /** The chart space of {@code geometry}, or empty when it has no {@link IsometricChart}. */
    public static Optional<ChartSpace> of(Geometry geometry) {
        Arguments.requireNonNull("geometry", geometry);
        return geometry.capability(IsometricChart.class).map(chart -> new ChartSpace(geometry, chart));
    }

    /** The geometry whose chart this is. */
    public Geometry source() {
        return source;
    }

    /** The chart coordinates of {@code point}, a point of {@link #source()} (checked). */
    public double[] toChartCoordinates(double[] point) {
        Arguments.requirePoint(source, "point", point);
        double[] out = new double[dimension];
        chart.toChart(point, out);
        return out;
    }

    /** The point of {@link #source()} with chart coordinates {@code y} (finite, length d; checked). */
    public double[] toSourcePoint(double[] y) {
        return chart.fromChart(y, source.layout().length());
    }

    @Override
    public String name() {
        return "chart";
    }

    @Override
    public String spec() {
        return "chart coordinates of " + source.spec();
    }

    @Override
    public PointLayout layout() {
        return layout;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public CurvatureBounds curvature() {
        return CurvatureBounds.constant(0);
    }

    @Override
    public double injectivityRadius() {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public void exp(double[] p, double[] v, double[] out) {
        requireLengths(p, v, out);
        for (int i = 0; i < dimension; i++) {
            out[i] = p[i] + v[i];
        }
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        requireLengths(p, q, out);
        for (int i = 0; i < dimension; i++) {
            out[i] = q[i] - p[i];
        }
    }

    @Override
    public double distance(double[] p, double[] q) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        return IsometricChart.chartDistance(p, q);
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        requireLengths(p, u, v);
        double sum = 0;
        for (int i = 0; i < dimension; i++) {
            sum += u[i] * v[i];
        }
        return sum;
    }

    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        requireLengths(p, ambient, out);
        System.arraycopy(ambient, 0, out, 0, dimension);
    }

    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        return Optional.empty(); // every finite vector of length d is a point (length and finiteness checked apart)
    }

    @Override
    public int chartDimension() {
        return dimension;
    }

    /** The identity: these are already chart coordinates. */
    @Override
    public void toChart(double[] p, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(p, 0, out, 0, dimension);
    }

    /** The identity: these are already chart coordinates. */
    @Override
    public void fromChart(double[] y, double[] out) {
        GeometryChecks.requireLength(this, "y", y);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(y, 0, out, 0, dimension);
    }

    private void requireLengths(double[] a, double[] b, double[] c) {
        GeometryChecks.requireLength(this, "p", a);
        GeometryChecks.requireLength(this, "second argument", b);
        GeometryChecks.requireLength(this, "third argument", c);
    }
}
