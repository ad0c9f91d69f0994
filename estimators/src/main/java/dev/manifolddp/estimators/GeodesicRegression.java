package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Locale;

/**
 * Non-private geodesic regression (Fletcher 2011; Kulkarni and Soto 2025, §2.2): the geodesic
 * {@code x -> exp(p, x v)} that minimises {@code E(p, v) = (1/2n) sum_i rho(exp(p, x_i v), y_i)^2} over the
 * tangent bundle, for real covariates {@code x_i} and responses {@code y_i} on the manifold.
 *
 * <p><b>Covariates.</b> The fit works on {@code x' = (x - low)/(high - low)} in [0, 1], as Kulkarni and Soto 2025 does (its
 * sensitivity bounds need {@code |x'| <= 1}). The range is a public input ({@link Builder#covariateRange}); by
 * default it is the data's own minimum and maximum, which the result records as data-derived (a private release
 * refuses that). The result is reported on the caller's covariate: {@link GeodesicRegressionResult#footpoint()} is
 * the geodesic at x = 0 and the shooting vector its velocity per unit of x; the rescaled parameters are kept too.
 * Converting between the two is exact: the footpoint moves along the geodesic to {@code gamma(t0)} and the vector
 * becomes the geodesic's velocity there, {@code d_v Exp(p, t0 v)[v]}, times the scale factor.
 *
 * <p><b>Optimiser.</b> Riemannian Levenberg-Marquardt with Jacobi-field Jacobians (see
 * {@code GeodesicRegressionOptimizer}), from a start that is public ({@link Builder#start}) or, by default, the
 * (approximate) Frechet mean of the responses with v = 0 (as geomstats' {@code initialization="frechet"}), recorded
 * as data-derived. On a geometry with an {@link IsometricChart} (log-Euclidean SPD) the regression is ordinary
 * least squares of the chart coordinates on x', solved in closed form: geodesics are straight lines there.
 * Gradients come from the geometry's {@link JacobiFields}, or from {@link NumericalJacobiFields} when it has none.
 *
 * <p>Needs the {@link ParallelTransport} and {@link TangentBasis} capabilities. Immutable and thread-safe; each
 * {@link #fit} allocates its workspace once and the iteration allocates nothing.
 *
 * <pre>{@code
 * GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(g).build().fit(x, y);
 * double[] prediction = g.exp(fit.footpoint(), scaled(fit.shootingVector(), x0));
 * }</pre>
 */
public final class GeodesicRegression {

    /** Default stop rule: {@code |grad E| <= 1e-10} (metric units; E is half a mean squared distance). */
    public static final double DEFAULT_TOLERANCE = 1e-10;
    /** Default iteration limit of the optimiser. */
    public static final int DEFAULT_MAX_ITERATIONS = 200;
    /** {@link GeodesicRegressionResult#method()} of the closed form in an isometric chart. */
    public static final String CHART_LEAST_SQUARES = "chart-least-squares";
    /** {@link GeodesicRegressionResult#method()} of the iterative fit. */
    public static final String LEVENBERG_MARQUARDT = GeodesicRegressionOptimizer.METHOD;
    /** {@link GeodesicRegressionResult#start()} of the default, data-derived start. */
    public static final String FRECHET_MEAN_START = "frechet-mean";
    /** {@link GeodesicRegressionResult#start()} of a start given to the builder. */
    public static final String PUBLIC_START = "public";
    /** {@link GeodesicRegressionResult#start()} of the closed form, which needs none. */
    public static final String NO_START = "none";

    /** Karcher steps of the default start; it only seeds the optimiser, so it need not be exact. */
    private static final int START_STEPS = 50;
    private static final double START_TOLERANCE = 1e-8;

    private final Geometry geometry;
    private final CovariateRange publicRange;
    private final double tolerance;
    private final int maxIterations;
    private final double[] startFootpoint;
    private final double[] startShooting;

    private GeodesicRegression(Builder builder) {
        this.geometry = builder.geometry;
        this.publicRange = builder.range;
        this.tolerance = builder.tolerance;
        this.maxIterations = builder.maxIterations;
        this.startFootpoint = builder.startFootpoint;
        this.startShooting = builder.startShooting;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Geometry geometry() {
        return geometry;
    }

    public double tolerance() {
        return tolerance;
    }

    public int maxIterations() {
        return maxIterations;
    }

    /**
     * Fits the geodesic to the records {@code (x[i], y[i])} (n >= 1; with the default range at least two distinct
     * covariates).
     *
     * @throws IllegalArgumentException when the records are invalid (the message names the row), a covariate lies
     *     outside the public range, or a response is at the cut locus of the start's prediction
     */
    public GeodesicRegressionResult fit(double[] x, double[][] y) {
        RegressionData.requireRecords(geometry, x, y);
        CovariateRange range;
        if (publicRange != null) {
            publicRange.requireContains(x);
            range = publicRange;
        } else {
            range = CovariateRange.ofData(x);
        }
        double[] scaled = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            scaled[i] = range.scale(x[i]);
        }
        double[][] responses = DataChecks.deepCopy(y);
        JacobiFields jacobi = NumericalJacobiFields.forGeometry(geometry);
        int length = geometry.layout().length();

        double[] p;
        double[] v;
        int iterations;
        boolean converged;
        String reason;
        String method;
        String start;
        boolean dataStart;
        IsometricChart chart = geometry.capability(IsometricChart.class).orElse(null);
        if (chart != null) {
            double[][] fitted = chartLeastSquares(chart, scaled, responses);
            p = fitted[0];
            v = fitted[1];
            iterations = 0;
            converged = true;
            reason = "";
            method = CHART_LEAST_SQUARES;
            start = NO_START;
            dataStart = false;
        } else {
            double[] p0 = new double[length];
            double[] v0 = new double[length];
            if (startFootpoint != null) {
                reparametrise(geometry, jacobi, startFootpoint, startShooting, range.low(), range.width(), p0, v0);
                start = PUBLIC_START;
                dataStart = false;
            } else {
                frechetStart(responses, p0);
                start = FRECHET_MEAN_START;
                dataStart = true;
            }
            GeodesicRegressionOptimizer.Outcome outcome = new GeodesicRegressionOptimizer(geometry, jacobi, scaled,
                    responses).run(p0, v0, tolerance, maxIterations);
            p = outcome.footpoint();
            v = outcome.shooting();
            iterations = outcome.iterations();
            converged = outcome.converged();
            reason = outcome.reason();
            method = LEVENBERG_MARQUARDT;
        }

        GeodesicRegressionGradient field = new GeodesicRegressionGradient(geometry, jacobi, scaled, responses);
        double[][] gradP = new double[x.length][length];
        double[][] gradV = new double[x.length][length];
        double[] sumP = new double[length];
        double[] sumV = new double[length];
        double energy = 0;
        for (int i = 0; i < x.length; i++) {
            energy += field.recordGradients(i, p, v, gradP[i], gradV[i]);
            for (int j = 0; j < length; j++) {
                sumP[j] += gradP[i][j] / x.length;
                sumV[j] += gradV[i][j] / x.length;
            }
        }
        energy /= x.length;
        double gradientNorm = Math.sqrt(geometry.inner(p, sumP, sumP) + geometry.inner(p, sumV, sumV));
        if (chart != null && !(gradientNorm <= tolerance)) {
            converged = false;
            reason = String.format(Locale.ROOT, "the closed-form fit has gradient norm %.3g above the tolerance %.3g "
                    + "(rounding in the chart maps); raise the tolerance", gradientNorm, tolerance);
        }
        double[] footpoint = new double[length];
        double[] shooting = new double[length];
        reparametrise(geometry, jacobi, p, v, -range.low() / range.width(), 1 / range.width(), footpoint, shooting);
        return new GeodesicRegressionResult(footpoint, shooting, p, v, energy, iterations, gradientNorm, converged,
                reason, method, range, start, dataStart, gradP, gradV);
    }

    /**
     * The geodesic {@code gamma(t) = exp(p, t v)} seen from {@code t0}: {@code outP = gamma(t0)} and
     * {@code outV = factor gamma'(t0)}, with {@code gamma'(t0) = d_v Exp(p, t0 v)[v]} (the derivative of
     * {@code exp(p, (t0 + s) v)} in s).
     */
    static void reparametrise(Geometry geometry, JacobiFields jacobi, double[] p, double[] v, double t0,
                              double factor, double[] outP, double[] outV) {
        double[] shifted = new double[v.length];
        for (int j = 0; j < v.length; j++) {
            shifted[j] = t0 * v[j];
        }
        geometry.exp(p, shifted, outP);
        jacobi.dvExp(p, shifted, v, outV);
        for (int j = 0; j < outV.length; j++) {
            outV[j] *= factor;
        }
    }

    /**
     * Karcher iteration {@code m <- exp(m, (1/n) sum_i log(m, y_i))} from {@code y[0]} until the step is below
     * {@code 1e-8} times the length scale, or 50 steps: an approximate Frechet mean, only a start.
     */
    private void frechetStart(double[][] y, double[] out) {
        int length = out.length;
        double[] mean = new double[length];
        double[] log = new double[length];
        double[] next = new double[length];
        System.arraycopy(y[0], 0, out, 0, length);
        double threshold = START_TOLERANCE * NumericalJacobiFields.lengthScale(geometry);
        for (int step = 0; step < START_STEPS; step++) {
            java.util.Arrays.fill(mean, 0.0);
            for (int i = 0; i < y.length; i++) {
                try {
                    geometry.log(out, y[i], log);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT,
                            "the Frechet-mean start of the regression reached the cut locus of y[%d]: the responses "
                                    + "are too spread out for a unique mean on %s; give a public start with "
                                    + "start(footpoint, shootingVector). Provided value: %s",
                            i, geometry.spec(), e.getMessage()), e);
                }
                for (int j = 0; j < length; j++) {
                    mean[j] += log[j] / y.length;
                }
            }
            geometry.projectToTangent(out, mean, log);
            geometry.exp(out, log, next);
            System.arraycopy(next, 0, out, 0, length);
            if (geometry.norm(out, log) <= threshold) {
                break;
            }
        }
    }

    /**
     * Ordinary least squares {@code c_i ~ a + x'_i b} of the chart coordinates {@code c_i}; the footpoint is the
     * point with coordinates a and the vector {@code log(p, point at a + b)}, exact because the chart is a global
     * isometry onto R^d, so geodesics are straight lines there.
     */
    private double[][] chartLeastSquares(IsometricChart chart, double[] x, double[][] y) {
        int dim = chart.chartDimension();
        int n = x.length;
        double[][] coordinates = new double[n][dim];
        double xMean = 0;
        double[] cMean = new double[dim];
        for (int i = 0; i < n; i++) {
            chart.toChart(y[i], coordinates[i]);
            xMean += x[i] / n;
            for (int j = 0; j < dim; j++) {
                cMean[j] += coordinates[i][j] / n;
            }
        }
        double sxx = 0;
        double[] sxc = new double[dim];
        for (int i = 0; i < n; i++) {
            double dx = x[i] - xMean;
            sxx += dx * dx;
            for (int j = 0; j < dim; j++) {
                sxc[j] += dx * (coordinates[i][j] - cMean[j]);
            }
        }
        double[] a = new double[dim];
        double[] ab = new double[dim];
        for (int j = 0; j < dim; j++) {
            double b = sxx > 0 ? sxc[j] / sxx : 0.0; // one distinct covariate: the slope is not identified; take 0
            a[j] = cMean[j] - b * xMean;
            ab[j] = a[j] + b;
        }
        int length = geometry.layout().length();
        double[] p = new double[length];
        double[] end = new double[length];
        double[] v = new double[length];
        chart.fromChart(a, p);
        chart.fromChart(ab, end);
        geometry.log(p, end, v);
        return new double[][] {p, v};
    }

    /** Configures a {@link GeodesicRegression}; every setter validates its argument. */
    public static final class Builder {
        private Geometry geometry;
        private CovariateRange range;
        private double tolerance = DEFAULT_TOLERANCE;
        private int maxIterations = DEFAULT_MAX_ITERATIONS;
        private double[] startFootpoint;
        private double[] startShooting;

        private Builder() {
        }

        /** The manifold of the responses (required). */
        public Builder geometry(Geometry geometry) {
            DataChecks.requireGeometry(geometry);
            this.geometry = geometry;
            return this;
        }

        /**
         * A public covariate range {@code [low, high]}, fixed before seeing the data, mapped onto [0, 1]. Without
         * it the data's minimum and maximum are used and recorded as data-derived.
         */
        public Builder covariateRange(double low, double high) {
            this.range = new CovariateRange(low, high, true);
            return this;
        }

        /** The stop rule's gradient-norm threshold, finite and > 0 (default 1e-10). */
        public Builder tolerance(double tolerance) {
            if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
                throw new IllegalArgumentException(
                        "tolerance must be finite and > 0 (default 1e-10). Provided value: " + tolerance);
            }
            this.tolerance = tolerance;
            return this;
        }

        /** The optimiser's iteration limit, >= 1 (default 200). */
        public Builder maxIterations(int maxIterations) {
            if (maxIterations < 1) {
                throw new IllegalArgumentException("maxIterations must be >= 1 (default 200). Provided value: "
                        + maxIterations);
            }
            this.maxIterations = maxIterations;
            return this;
        }

        /**
         * A public start in the caller's parametrisation: the footpoint at covariate x = 0 and the velocity per
         * unit of x (checked against the geometry in {@link #build()}). Both null restore the default, the
         * data-derived Frechet-mean start.
         */
        public Builder start(double[] footpoint, double[] shootingVector) {
            if ((footpoint == null) != (shootingVector == null)) {
                throw new IllegalArgumentException("start needs both a footpoint and a shooting vector, or neither. "
                        + "Provided value: " + (footpoint == null ? "footpoint null" : "shootingVector null"));
            }
            this.startFootpoint = footpoint == null ? null : footpoint.clone();
            this.startShooting = shootingVector == null ? null : shootingVector.clone();
            return this;
        }

        /**
         * @throws IllegalArgumentException without a geometry, when the geometry lacks ParallelTransport or
         *     TangentBasis, or when the start is not a point with a tangent vector of it
         */
        public GeodesicRegression build() {
            if (geometry == null) {
                throw new IllegalArgumentException(
                        "geometry is required; call geometry(g) before build(). Provided value: null");
            }
            boolean transport = geometry.capability(ParallelTransport.class).isPresent();
            boolean basis = geometry.capability(TangentBasis.class).isPresent();
            if (!transport || !basis) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "geodesic regression on %s needs the ParallelTransport and TangentBasis capabilities "
                                + "(missing: %s); choose a geometry that has them. Provided value: %s",
                        geometry.spec(), !transport ? (!basis ? "both" : "ParallelTransport") : "TangentBasis",
                        geometry.spec()));
            }
            if (startFootpoint != null) {
                GeometryChecks.requirePoint(geometry, "start footpoint", startFootpoint);
                GeometryChecks.requireTangent(geometry, startFootpoint, "start shootingVector", startShooting);
            }
            return new GeodesicRegression(this);
        }
    }
}
