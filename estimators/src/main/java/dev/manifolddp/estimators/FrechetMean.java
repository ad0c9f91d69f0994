package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.ClosedFormMean;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Arrays;
import java.util.Optional;

/**
 * The sample Frechet mean {@code argmin_x F(x)}, {@code F(x) = (1/2n) sum_i rho(x, x_i)^2} (Soto et al. 2022, §3).
 *
 * <p>Riemannian gradient descent as in Soto et al. 2022, supplement §2.1, and Reimherr et al. 2021, supplement §1.1:
 * start at a data point (the first, unless {@link Builder#start(double[])} says otherwise) and iterate
 * {@code mu_k = exp(mu_(k-1), t v_k)} with {@code v_k = (1/n) sum_i log(mu_(k-1), x_i) = -grad F(mu_(k-1))}. The
 * papers' defaults are t = 0.5, stop when {@code |grad F| < 1e-5} ({@link StopRule#GRADIENT_NORM}, Soto et al. 2022, suppl.) or, as in Reimherr et al. 2021, suppl.,
 * when the step length {@code rho(mu_k, mu_(k-1)) < 1e-5} ({@link StopRule#STEP_LENGTH}), at most 500 updates. When the
 * geometry has the {@link ClosedFormMean} capability (log-Euclidean SPD), that is used instead unless
 * {@link Builder#forceGradientDescent(boolean)} asks for the iteration; when it also has an {@link IsometricChart},
 * the closed form is taken in the chart ({@link ChartMean}), evaluating each record's chart coordinates once.
 *
 * <p>{@link Method#NEWTON} replaces the fixed-step update by a safeguarded Riemannian Newton iteration
 * ({@link FrechetMeanNewton}; Absil, Mahony, Sepulchre 2008, §6) on geometries with the {@link SquaredDistanceHessian}
 * and {@link TangentBasis} capabilities: quadratic convergence near the mean, the same start, stop rules, iteration
 * limit, cut-locus failures and certificate. The default, {@link Method#AUTO}, runs Newton where the geometry has
 * both capabilities (every built-in geometry without a closed form) and the papers' gradient descent elsewhere;
 * {@link Method#GRADIENT} asks for the papers' algorithm explicitly. Both iterations find the same unique mean under
 * Assumption 1; they differ in the last digits allowed by the tolerance and in the number of updates.
 *
 * <p>The mean exists and is unique, and the iteration converges to it, when the data lie in a geodesic ball of
 * Assumption 1 (radius below {@code (1/2) min{inj M, pi/(2 sqrt(kmax))}}, see
 * {@link SensitivityBounds#requireAssumption1}). Without it, an iterate may reach the cut locus of a data point,
 * where {@code log} is not unique: {@link #fit} then fails with an {@link IllegalArgumentException} instead of
 * returning an arbitrary point. An iteration that hits its limit is reported with
 * {@link FrechetMeanResult#converged()} false, never silently. So is one whose gradient norm stops decreasing
 * above the tolerance ({@link FrechetMeanResult#stagnated()}: the tolerance is below the rounding floor of the data,
 * e.g. {@code tolerance(Double.MIN_VALUE)}); it stops after 64 updates without a new smallest gradient norm
 * and returns the iterate with the smallest one, with a reason that gives the floor reached. So is a critical point
 * that may not be the mean: when the curvature is positive the Frechet function can have several critical points
 * (three points 120 degrees apart on a great circle: each is one), so before reporting convergence {@link #fit} checks from the data that
 * they lie in a ball of Assumption 1 holding the point found ({@link FrechetMeanCertificate}); if not, the result
 * has {@code converged = false} and a {@link FrechetMeanResult#reason()} that says why.
 *
 * <p>Immutable and thread-safe: each {@link #fit} call allocates its own workspace once; the loop itself allocates
 * nothing per iteration (given a geometry whose {@code out}-form operations allocate nothing).
 *
 * <pre>{@code
 * FrechetMeanResult result = FrechetMean.builder().geometry(g).tolerance(1e-12).maxIterations(1000).build()
 *         .fit(data);
 * }</pre>
 */
public final class FrechetMean {

    /** The papers' step size t (Soto et al. 2022, suppl. §2.1, Reimherr et al. 2021, suppl. §1.1). */
    public static final double DEFAULT_STEP = 0.5;
    /** The papers' stopping threshold beta_2 = lambda = 1e-5. */
    public static final double DEFAULT_TOLERANCE = 1e-5;
    /** The papers' iteration limit. */
    public static final int DEFAULT_MAX_ITERATIONS = 500;
    /** {@link FrechetMeanResult#method()} of a mean from {@link ClosedFormMean}. */
    public static final String CLOSED_FORM = "closed-form";
    /** {@link FrechetMeanResult#method()} of a mean from the iteration. */
    public static final String GRADIENT_DESCENT = "gradient-descent";
    /** {@link FrechetMeanResult#method()} of a mean from the Newton iteration. */
    public static final String NEWTON = "newton";

    /** Which iteration {@link #fit} runs when the geometry has no closed form (or it is not used). */
    public enum Method {
        /**
         * {@link #NEWTON} on a geometry with the {@link SquaredDistanceHessian} and {@link TangentBasis} capabilities,
         * {@link #GRADIENT} on any other (the default). The choice depends on the geometry only, never on the data.
         */
        AUTO,
        /** Riemannian gradient descent with the fixed step t (the papers' algorithm). */
        GRADIENT,
        /**
         * Riemannian Newton steps {@code exp(mu, H^-1 v)} with {@code H} the Hessian of F, falling back to a gradient
         * step when H is not positive definite or the Newton step does not decrease F ({@link FrechetMeanNewton}).
         * Needs the geometry's {@link SquaredDistanceHessian} and {@link TangentBasis}.
         */
        NEWTON
    }

    /** When the gradient descent stops. */
    public enum StopRule {
        /** Stop when {@code |grad F(mu_k)|_(mu_k) < tolerance} (Soto et al. 2022, suppl. §2.1). */
        GRADIENT_NORM,
        /**
         * Stop when the last step {@code rho(mu_k, mu_(k-1)) = t |grad F(mu_(k-1))|} is below the tolerance (paper
         * Reimherr et al. 2021, suppl. §1.1). The reported gradient norm is still evaluated at the returned mean.
         */
        STEP_LENGTH
    }

    private final Geometry geometry;
    private final double step;
    private final double tolerance;
    private final int maxIterations;
    private final double[] start;
    private final StopRule stopRule;
    private final boolean forceGradientDescent;
    private final Method method;

    private FrechetMean(Builder builder) {
        this.geometry = builder.geometry;
        this.step = builder.step;
        this.tolerance = builder.tolerance;
        this.maxIterations = builder.maxIterations;
        this.start = builder.start == null ? null : builder.start.clone();
        this.stopRule = builder.stopRule;
        this.forceGradientDescent = builder.forceGradientDescent;
        this.method = builder.method;
    }

    /** A builder with the papers' defaults; only the geometry is required. */
    public static Builder builder() {
        return new Builder();
    }

    public Geometry geometry() {
        return geometry;
    }

    public double step() {
        return step;
    }

    public double tolerance() {
        return tolerance;
    }

    public int maxIterations() {
        return maxIterations;
    }

    public StopRule stopRule() {
        return stopRule;
    }

    public Method method() {
        return method;
    }

    /** The configured start point, or empty for "the first data point". */
    public Optional<double[]> start() {
        return Optional.ofNullable(start).map(double[]::clone);
    }

    /** Whether the iteration runs even when the geometry has a closed form. */
    public boolean forcesGradientDescent() {
        return forceGradientDescent;
    }

    /**
     * The Frechet mean of {@code data} (n >= 1 points of the geometry, each of the layout's length, finite and on
     * the manifold).
     *
     * <p>{@link FrechetMeanResult#converged()} is true only when the stop rule was met and the data lie in a ball of
     * Assumption 1 that holds the point found (then it is the unique mean); otherwise the reason says which failed.
     *
     * @throws IllegalArgumentException if the data are empty or invalid, or an iterate reaches the cut locus of a
     *     data point (the data then do not satisfy Assumption 1)
     * @throws IllegalStateException if the gradient becomes non-finite (a geometry defect)
     */
    public FrechetMeanResult fit(double[][] data) {
        return fit(DataChecks.records(data), null);
    }

    /** {@link #fit(double[][])} of records in either layout ({@link Records}). */
    public FrechetMeanResult fit(Records data) {
        return fit(data, null);
    }

    /**
     * {@link #fit(double[][])} for a caller that has already evaluated every record's coordinates in the geometry's
     * {@link IsometricChart} c, {@code chartCoordinates[i] = c(data[i])} (a release's ball check does): the
     * closed-form path then evaluates the chart only at the mean. The coordinates are trusted to be c of the data;
     * they are ignored when the mean is not taken in the chart (no closed form or chart, or a forced iteration).
     * Null means "not known".
     *
     * @throws IllegalArgumentException as {@link #fit(double[][])}, or if {@code chartCoordinates} is not n finite
     *     rows of the chart dimension
     */
    public FrechetMeanResult fit(double[][] data, double[][] chartCoordinates) {
        return fit(DataChecks.records(data), chartCoordinates);
    }

    /** {@link #fit(double[][], double[][])} of records in either layout ({@link Records}). */
    public FrechetMeanResult fit(Records data, double[][] chartCoordinates) {
        Optional<IsometricChart> chart = chartPath();
        if (chart.isPresent() && chartCoordinates == null) {
            // each record is checked by the chart evaluation that the mean needs anyway (one decomposition, not two)
            DataChecks.requireNonEmpty("data", data);
            return ChartMean.fit(this, chart.get(), data, null);
        }
        DataChecks.requirePoints(geometry, "data", data);
        if (chart.isPresent()) {
            return ChartMean.fit(this, chart.get(), data, chartCoordinates);
        }
        return fitValidated(data);
    }

    /**
     * {@link #fit(double[][])} of records already checked and charted on this mean's geometry (a release's ball
     * check makes them): the closed-form path in the chart reuses their coordinates and checks nothing again; any
     * other path validates and evaluates as {@link #fit(double[][])}.
     *
     * @throws IllegalArgumentException if {@code records} is null or was checked on another geometry object
     */
    public FrechetMeanResult fitCharted(ChartedRecords records) {
        if (records == null || records.geometry() != geometry) {
            throw new IllegalArgumentException(String.format("records must be charted on this mean's geometry %s "
                    + "(the same object); chart them with ChartedRecords.check. Provided value: %s", geometry.spec(),
                    records == null ? "null" : "records charted on " + records.geometry().spec()));
        }
        Optional<IsometricChart> chart = chartPath();
        if (chart.isEmpty()) {
            return fit(records.data());
        }
        double[][] coordinates = new double[records.size()][];
        for (int i = 0; i < coordinates.length; i++) {
            coordinates[i] = records.coordinates(i);
        }
        return ChartMean.fit(this, chart.get(), records.data(), coordinates);
    }

    /** The chart when the mean is taken in it: a closed form, an isometric chart and no forced iteration. */
    private Optional<IsometricChart> chartPath() {
        if (forceGradientDescent || geometry.capability(ClosedFormMean.class).isEmpty()) {
            return Optional.empty();
        }
        return geometry.capability(IsometricChart.class);
    }

    /** The mean of validated data without a chart: the closed form, Newton or gradient descent. */
    private FrechetMeanResult fitValidated(Records data) {
        if (!forceGradientDescent) {
            Optional<ClosedFormMean> closedForm = geometry.capability(ClosedFormMean.class);
            if (closedForm.isPresent()) {
                return closedForm(closedForm.get(), data);
            }
        }
        if (iteration(geometry, method) == Method.NEWTON) {
            return new FrechetMeanNewton(this, data, start != null ? start : data.copyOfRow(0)).run();
        }
        return new Descent(data).run();
    }

    /**
     * The iteration {@code method} runs on {@code geometry}: {@link Method#AUTO} resolved to {@link Method#NEWTON}
     * where the geometry has the {@link SquaredDistanceHessian} and {@link TangentBasis} capabilities and to
     * {@link Method#GRADIENT} elsewhere; the other two as they are.
     */
    public static Method iteration(Geometry geometry, Method method) {
        if (method != Method.AUTO) {
            return method;
        }
        return hasNewtonCapabilities(geometry) ? Method.NEWTON : Method.GRADIENT;
    }

    private static boolean hasNewtonCapabilities(Geometry geometry) {
        return geometry.capability(SquaredDistanceHessian.class).isPresent()
                && geometry.capability(TangentBasis.class).isPresent();
    }

    private FrechetMeanResult closedForm(ClosedFormMean closedForm, Records data) {
        double[] mean = new double[geometry.layout().length()];
        closedForm.mean(data.rows(), mean);
        double residual = new FrechetGradient(geometry, data).gradientNorm(mean);
        return certified(mean, 0, residual, CLOSED_FORM, data);
    }

    /** A result that reports convergence only when the data certify that the critical point is the mean. */
    FrechetMeanResult certified(double[] mean, int iterations, double residual, String method,
                                Records data) {
        return result(mean, iterations, residual, method, FrechetMeanCertificate.check(geometry, data, mean));
    }

    /** {@link #certified} given the data point farthest from the mean and its distance. */
    FrechetMeanResult certified(double[] mean, int iterations, double residual, String method, Records data,
                                int farthestIndex, double farthestDistance) {
        return result(mean, iterations, residual, method,
                FrechetMeanCertificate.check(geometry, data, mean, farthestIndex, farthestDistance));
    }

    /**
     * The result of a run stopped by {@code stagnation} at {@code best}, the iterate with the smallest gradient norm:
     * reported as stagnated (the mean to within rounding) when the data certify that it is the mean, and otherwise
     * with the certificate's reason followed by the stagnation's.
     */
    FrechetMeanResult stagnated(double[] best, int iterations, Stagnation stagnation, String method,
                                Records data) {
        String why = stagnation.reason(tolerance, iterations);
        Optional<String> uncertified = FrechetMeanCertificate.check(geometry, data, best);
        return uncertified.isEmpty()
                ? new FrechetMeanResult(best, iterations, stagnation.floor(), false, method, why, true)
                : new FrechetMeanResult(best, iterations, stagnation.floor(), false, method,
                        uncertified.get() + "; " + why, false);
    }

    private static FrechetMeanResult result(double[] mean, int iterations, double residual, String method,
                                            Optional<String> why) {
        return new FrechetMeanResult(mean, iterations, residual, why.isEmpty(), method, why.orElse(""));
    }

    /** The workspace of one gradient-descent run; every array is allocated once, before the loop. */
    private final class Descent {
        private final Records data;
        /** Where a flat record is copied to be read ({@link Records#row}). */
        private final double[] row;
        private final double[] current;
        private final double[] next;
        private final double[] direction;
        private final double[] logScratch;
        /** The iterate with the smallest gradient norm so far: what a stagnated run returns. */
        private final double[] best;
        private final double cutLocus;

        Descent(Records data) {
            this.data = data;
            this.row = data.scratch();
            int length = geometry.layout().length();
            this.current = start != null ? start.clone() : data.copyOfRow(0);
            this.next = new double[length];
            this.direction = new double[length];
            this.logScratch = new double[length];
            this.best = new double[length];
            this.cutLocus = geometry.injectivityRadius() * (1 - GeometryChecks.CUT_LOCUS_MARGIN);
        }

        FrechetMeanResult run() {
            int iterations = 0;
            double gradientNorm = meanLog(iterations);
            Stagnation stagnation = new Stagnation();
            stagnation.record(gradientNorm, iterations);
            System.arraycopy(current, 0, best, 0, current.length);
            boolean converged = false;
            while (true) {
                if (stopRule == StopRule.GRADIENT_NORM && gradientNorm < tolerance) {
                    converged = true;
                    break;
                }
                if (iterations == maxIterations) {
                    break;
                }
                if (stagnation.stalled(iterations)) {
                    return stagnated(best, iterations, stagnation, GRADIENT_DESCENT, data);
                }
                // Re-project onto T_current: in exact arithmetic a no-op, but it stops rounding drift of the
                // iterate off the manifold from feeding back through log's normal component. Without it, on the
                // unit sphere with t = 0.5, |mu_k| - 1 grew by ~1.3x per update from 1e-16 to 1e-6 in 100 updates.
                geometry.projectToTangent(current, direction, logScratch);
                for (int j = 0; j < logScratch.length; j++) {
                    logScratch[j] *= step;
                }
                geometry.exp(current, logScratch, next);
                System.arraycopy(next, 0, current, 0, current.length);
                iterations++;
                // |t v| is the length of the geodesic step, i.e. rho(mu_k, mu_(k-1)), since t |v| <= max_i
                // rho(mu_(k-1), x_i) stays inside the injectivity radius.
                double stepLength = step * gradientNorm;
                gradientNorm = meanLog(iterations);
                if (stagnation.record(gradientNorm, iterations)) {
                    System.arraycopy(current, 0, best, 0, current.length);
                }
                if (stopRule == StopRule.STEP_LENGTH && stepLength < tolerance) {
                    converged = true;
                    break;
                }
            }
            if (!converged) {
                return new FrechetMeanResult(current, iterations, gradientNorm, false, GRADIENT_DESCENT,
                        FrechetMeanResult.ITERATION_LIMIT);
            }
            return certified(current, iterations, gradientNorm, GRADIENT_DESCENT, data);
        }

        /**
         * Writes {@code v = (1/n) sum_i log(current, x_i)} into {@code direction} and returns {@code |v|}, checking
         * on a manifold with a finite injectivity radius that no data point is at or beyond the cut locus.
         */
        private double meanLog(int iteration) {
            Arrays.fill(direction, 0.0);
            boolean bounded = Double.isFinite(cutLocus);
            for (int i = 0, n = data.size(); i < n; i++) {
                double[] record = data.row(i, row);
                try {
                    geometry.log(current, record, logScratch);
                } catch (IllegalArgumentException e) {
                    throw cutLocusFailure(geometry, iteration, i, geometry.distance(current, record), e);
                }
                if (bounded) {
                    double distance = geometry.norm(current, logScratch);
                    if (!(distance < cutLocus)) {
                        throw cutLocusFailure(geometry, iteration, i, distance, null);
                    }
                }
                for (int j = 0; j < direction.length; j++) {
                    direction[j] += logScratch[j];
                }
            }
            double scale = 1.0 / data.size();
            for (int j = 0; j < direction.length; j++) {
                direction[j] *= scale;
            }
            double norm = geometry.norm(current, direction);
            if (!Double.isFinite(norm)) {
                throw new IllegalStateException(String.format(
                        "the Frechet gradient at iteration %d is not finite (%s) on %s; the geometry returned a "
                                + "non-finite log or norm for finite points", iteration, norm, geometry.spec()));
            }
            return norm;
        }
    }

    /**
     * The failure when an iterate lies at or beyond the injectivity radius of {@code data[index]}: the data then do
     * not satisfy Assumption 1 and the mean is not well defined from this start.
     */
    static IllegalArgumentException cutLocusFailure(Geometry geometry, int iteration, int index, double distance,
                                                    IllegalArgumentException cause) {
        String message = String.format(
                "the Frechet mean is not well defined for these data: at iteration %d the iterate lies at "
                        + "distance %.6g from data[%d], at or beyond the injectivity radius %.6g of %s, so "
                        + "log is not unique there. Assumption 1 (Soto et al. 2022) needs the data in a ball of "
                        + "radius < %.6g; give data in a smaller ball or another start point. Provided value: "
                        + "distance %.17g",
                iteration, distance, index, geometry.injectivityRadius(), geometry.spec(),
                SensitivityBounds.assumption1RadiusLimit(geometry), distance);
        return cause == null ? new IllegalArgumentException(message)
                : new IllegalArgumentException(message, cause);
    }

    /** Configures a {@link FrechetMean}; every setter validates its argument. */
    public static final class Builder {
        private Geometry geometry;
        private double step = DEFAULT_STEP;
        private double tolerance = DEFAULT_TOLERANCE;
        private int maxIterations = DEFAULT_MAX_ITERATIONS;
        private double[] start;
        private StopRule stopRule = StopRule.GRADIENT_NORM;
        private boolean forceGradientDescent;
        private Method method = Method.AUTO;

        private Builder() {
        }

        /** The manifold (required). */
        public Builder geometry(Geometry geometry) {
            DataChecks.requireGeometry(geometry);
            this.geometry = geometry;
            return this;
        }

        /** The step size t in (0, 1] (default 0.5). */
        public Builder step(double step) {
            if (!(step > 0 && step <= 1)) {
                throw new IllegalArgumentException(
                        "step must be in (0, 1] (the papers use 0.5). Provided value: " + step);
            }
            this.step = step;
            return this;
        }

        /** The threshold of the stop rule, finite and > 0 (default 1e-5). */
        public Builder tolerance(double tolerance) {
            if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
                throw new IllegalArgumentException(
                        "tolerance must be finite and > 0 (the papers use 1e-5). Provided value: " + tolerance);
            }
            this.tolerance = tolerance;
            return this;
        }

        /** The largest number of updates, >= 1 (default 500). */
        public Builder maxIterations(int maxIterations) {
            if (maxIterations < 1) {
                throw new IllegalArgumentException(
                        "maxIterations must be >= 1 (the papers use 500). Provided value: " + maxIterations);
            }
            this.maxIterations = maxIterations;
            return this;
        }

        /** The start point (checked against the geometry in {@link #build()}); null restores the first data point. */
        public Builder start(double[] start) {
            this.start = start == null ? null : start.clone();
            return this;
        }

        /** The stop rule (default {@link StopRule#GRADIENT_NORM}). */
        public Builder stopRule(StopRule stopRule) {
            if (stopRule == null) {
                throw new IllegalArgumentException(
                        "stopRule is null; use GRADIENT_NORM or STEP_LENGTH. Provided value: null");
            }
            this.stopRule = stopRule;
            return this;
        }

        /**
         * Run the iteration (gradient descent, or Newton under {@link Method#NEWTON}) even when the geometry has a
         * {@link ClosedFormMean} (default false).
         */
        public Builder forceGradientDescent(boolean force) {
            this.forceGradientDescent = force;
            return this;
        }

        /**
         * The iteration (default {@link Method#AUTO}); {@link Method#NEWTON} needs the capabilities it names.
         */
        public Builder method(Method method) {
            if (method == null) {
                throw new IllegalArgumentException(
                        "method is null; use AUTO, GRADIENT or NEWTON. Provided value: null");
            }
            this.method = method;
            return this;
        }

        /**
         * @throws IllegalArgumentException if no geometry was given, the start point is not a point of it, or the
         *     method is {@link Method#NEWTON} and the geometry lacks {@link SquaredDistanceHessian} or
         *     {@link TangentBasis}
         */
        public FrechetMean build() {
            if (geometry == null) {
                throw new IllegalArgumentException(
                        "geometry is required; call geometry(g) before build(). Provided value: null");
            }
            if (start != null) {
                GeometryChecks.requirePoint(geometry, "start", start);
            }
            if (method == Method.NEWTON && !hasNewtonCapabilities(geometry)) {
                throw new IllegalArgumentException(String.format(
                        "method NEWTON needs the SquaredDistanceHessian and TangentBasis capabilities, which %s "
                                + "does not have; use method GRADIENT on it. Provided value: NEWTON on %s",
                        geometry.spec(), geometry.spec()));
            }
            return new FrechetMean(this);
        }
    }
}
