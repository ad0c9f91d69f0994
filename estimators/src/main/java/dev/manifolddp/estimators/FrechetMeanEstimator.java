package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The sample Frechet mean {@code argmin (1/2n) sum_i rho(x, x_i)^2} as an {@link Estimator}: the estimand of Soto et
 * al. 2022, Reimherr et al. 2021 and Utpala et al. 2023. Its parameter space is the data's manifold; its gradient is
 * {@code -(1/n) sum_i log(x, x_i)} ({@link FrechetGradient}); under Assumption 1 its gradient sensitivity is
 * {@link SensitivityBounds#kngMean}, its estimate's sensitivity {@link SensitivityBounds#laplaceMean}, and Lemma 1
 * gives {@code h_max(2r, kmax) rho <= |grad U| <= h_min(2r, kmin) rho} on the ball.
 *
 * <p>The configured step, tolerance, iteration limit and stop rule govern {@link #estimate} (a public template's mean,
 * a caller's own estimate); {@link #minimise} uses the caller's tolerance and iteration limit with the default step
 * and stop rule, and the configured method. A release centres on {@code minimise} from the public start, and an
 * experiment measures its releases against that same point ({@code NonPrivateEstimate} in module mechanisms), so a
 * utility measures the mechanism, not a second optimiser run. {@link #estimate} accepts a mean that
 * {@link FrechetMeanResult#stagnated()} at the rounding floor above a tolerance too small to be met: it is the
 * certified mean to within rounding (a tolerance of 1e-300 means "as accurate as double precision allows" instead of
 * a failure). Immutable and thread-safe.
 *
 * @param step          gradient-descent step size in (0, 1]
 * @param tolerance     the stop rule's threshold for {@link #estimate}
 * @param maxIterations the iteration limit for {@link #estimate}
 * @param stopRule      the stop rule for {@link #estimate}
 * @param method        the iteration for {@link #estimate} and {@link #minimise} ({@link FrechetMean.Method#AUTO} by
 *                      default: Newton where the geometry has the Hessian, gradient descent elsewhere)
 */
public record FrechetMeanEstimator(double step, double tolerance, int maxIterations, FrechetMean.StopRule stopRule,
                                   FrechetMean.Method method) implements Estimator, FrechetMeanEstimand {

    /** The registered name. */
    public static final String NAME = "frechet-mean";

    /** The Frechet mean with the papers' defaults; what a mechanism releases when no estimator is named. */
    public static final FrechetMeanEstimator DEFAULT = new FrechetMeanEstimator(FrechetMean.DEFAULT_STEP,
            FrechetMean.DEFAULT_TOLERANCE, FrechetMean.DEFAULT_MAX_ITERATIONS, FrechetMean.StopRule.GRADIENT_NORM,
            FrechetMean.Method.AUTO);

    public FrechetMeanEstimator {
        // the builder checks every range and names the setting
        FrechetMean.builder().step(step).tolerance(tolerance).maxIterations(maxIterations).stopRule(stopRule)
                .method(method);
    }

    /** These settings with the default method, {@link FrechetMean.Method#AUTO}. */
    public FrechetMeanEstimator(double step, double tolerance, int maxIterations, FrechetMean.StopRule stopRule) {
        this(step, tolerance, maxIterations, stopRule, FrechetMean.Method.AUTO);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Geometry parameterSpace(Geometry dataSpace) {
        return dataSpace;
    }

    @Override
    public double[] estimate(Geometry dataSpace, double[][] data) {
        return FrechetMean.builder().geometry(dataSpace).step(step).tolerance(tolerance).maxIterations(maxIterations)
                .stopRule(stopRule).method(method).build().fit(data).requireAttained();
    }

    @Override
    public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
            int maxIterations) {
        return minimise(dataSpace, DataChecks.records(data), start, tolerance, maxIterations);
    }

    /** The mean of records in either layout, read one at a time. */
    @Override
    public EstimatorFit minimise(Geometry dataSpace, Records data, double[] start, double tolerance,
            int maxIterations) {
        return fitted(mean(dataSpace, start, tolerance, maxIterations).fit(data));
    }

    /** A closed-form mean in the chart uses the records' coordinates ({@link FrechetMean#fitCharted(ChartedRecords)}). */
    @Override
    public EstimatorFit minimise(Geometry dataSpace, ChartedRecords records, double[] start, double tolerance,
            int maxIterations) {
        return fitted(mean(dataSpace, start, tolerance, maxIterations).fitCharted(records));
    }

    private FrechetMean mean(Geometry dataSpace, double[] start, double tolerance, int maxIterations) {
        return FrechetMean.builder().geometry(dataSpace).start(start).tolerance(tolerance)
                .maxIterations(maxIterations).method(method).build();
    }

    private static EstimatorFit fitted(FrechetMeanResult result) {
        return new EstimatorFit(result.mean(), result.iterations(), result.gradientNorm(), result.converged(),
                result.method(), result.reason());
    }

    @Override
    public GradientField gradientField(Geometry dataSpace, double[][] data) {
        return new FrechetGradient(dataSpace, data);
    }

    /** The gradient field over records in either layout, read in place ({@link FrechetGradient}). */
    @Override
    public GradientField gradientField(Geometry dataSpace, Records data) {
        return new FrechetGradient(dataSpace, data);
    }

    @Override
    public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
        return SensitivityBounds.kngMean(dataSpace, radius, n);
    }

    @Override
    public OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n) {
        return OptionalDouble.of(SensitivityBounds.laplaceMean(dataSpace, radius, n));
    }

    /**
     * On a manifold of constant curvature {@code kappa >= 0} with {@code r < domainRadius} below Assumption 1's
     * limit: the domain's sensitivity {@link SensitivityBounds#logDifference(Geometry, double, double)} / n and the
     * normaliser bound of {@link FrechetNormaliserShift} (docs/kng-normaliser.md); empty elsewhere.
     */
    @Override
    public Optional<DensityDomain> densityDomain(Geometry dataSpace, double radius, double domainRadius, int n) {
        return FrechetNormaliserShift.of(dataSpace, radius, domainRadius, n).map(shift -> new DensityDomain(
                domainRadius, SensitivityBounds.logDifference(dataSpace, domainRadius, radius) / n, shift));
    }

    @Override
    public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius) {
        SensitivityBounds.requireAssumption1(dataSpace, radius);
        return Optional.of(new GradientBounds(CurvatureFunctions.hMax(2 * radius, dataSpace.curvature().max()),
                CurvatureFunctions.hMin(2 * radius, dataSpace.curvature().min())));
    }
}
