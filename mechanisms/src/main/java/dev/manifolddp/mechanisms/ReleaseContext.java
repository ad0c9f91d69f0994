package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorFit;
import dev.manifolddp.estimators.FrechetMeanEstimand;
import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.Records;
import dev.manifolddp.spi.PublicInput;
import dev.manifolddp.spi.PublicInputException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

/**
 * The checks and bookkeeping every {@link Mechanism#release} shares: validated inputs, the release builder
 * pre-filled with the public inputs that determine the guarantee, capability look-ups that name what is missing, and
 * the non-private Frechet mean.
 */
final class ReleaseContext {

    /** Gradient-norm tolerance of the non-private estimate ({@link NonPrivateEstimate#TOLERANCE}). */
    static final double MEAN_TOLERANCE = NonPrivateEstimate.TOLERANCE;
    /** Iteration limit of the non-private estimate ({@link NonPrivateEstimate#MAX_ITERATIONS}). */
    static final int MEAN_MAX_ITERATIONS = NonPrivateEstimate.MAX_ITERATIONS;

    private ReleaseContext() {
    }

    /**
     * Validates the public arguments of a calibration: non-null estimator, geometry, ball and budget; at least one
     * record; the ball's centre a point of the geometry; a data-derived ball only when the mechanism was configured
     * non-private. Returns a release builder with the budget, the public inputs and, for a data-derived ball, the
     * non-private mark.
     */
    /**
     * The smallest declared radius a mechanism calibrates for: with {@code n <= 2^31} and epsilon at most
     * {@code GaussianCalibration.MAX_EPSILON} every noise scale then stays above 1e-121, far inside the normal doubles
     * and the noise grids' {@code 2^-1000} floor.
     */
    static final double MIN_RADIUS = 1e-100;

    static Release.Builder<double[]> calibration(String mechanism, Estimator estimator, Geometry geometry,
            DataBall ball, int n, PrivacyBudget budget, boolean nonPrivate) {
        requireNonNull("estimator", estimator, mechanism);
        requireNonNull("geometry", geometry, mechanism);
        requireNonNull("ball", ball, mechanism);
        requireNonNull("budget", budget, mechanism);
        Calibration.requireCount(mechanism, n);
        GeometryChecks.requirePoint(geometry, "the ball's centre", ball.center());
        if (budget.epsilon() > GaussianCalibration.MAX_EPSILON) {
            throw new PublicInputException(PublicInput.EPSILON, String.format(Locale.ROOT, "%s: epsilon must be at most %s, far beyond "
                    + "any meaningful guarantee; above it the noise scales fall toward the limits of the doubles. "
                    + "Provided value: epsilon = %s", mechanism, GaussianCalibration.MAX_EPSILON, budget.epsilon()));
        }
        if (!(ball.radius() >= MIN_RADIUS) && !ball.dataDerived()) {
            throw new PublicInputException(PublicInput.RADIUS, String.format(Locale.ROOT, "%s: the ball's radius must be at least %s; "
                    + "below it the sensitivity and the noise scale leave the range the floating-point-safe samplers "
                    + "represent (their grids stop at 2^-1000). Provided value: radius = %s", mechanism, MIN_RADIUS,
                    ball.radius()));
        }
        if (ball.dataDerived() && !nonPrivate) {
            throw new PublicInputException(PublicInput.RADIUS, String.format(
                    "%s: the data ball was computed from the data (DataBall.fromData), which gives no privacy "
                            + "guarantee; declare a public ball, or configure the mechanism with non-private: true "
                            + "to reproduce a paper that did so. Provided value: dataDerived = true", mechanism));
        }
        Release.Builder<double[]> release = Release.<double[]>builder(mechanism).budget(budget)
                .publicScale(ball.radius())
                .parameter("estimator", estimator.name())
                .parameter("geometry", geometry.spec())
                .parameter("n", n)
                .parameter("ballCenter", asList(ball.center()))
                .parameter("ballRadius", ball.radius())
                .parameter("nonPrivate", nonPrivate);
        if (ball.dataDerived()) {
            release.dataDerived("the data ball's radius");
        }
        return release;
    }

    /**
     * The estimator bound to the public ball ({@link Estimator#forBall}): an estimand defined relative to the ball
     * (a variance about its centre) learns it here, in calibration, from public values only.
     */
    static Estimator bind(Estimator estimator, Geometry geometry, DataBall ball) {
        Estimator bound = estimator.forBall(geometry, ball.center(), ball.radius());
        if (bound == null) {
            throw new IllegalStateException(estimator.name() + ": forBall returned null; return this or a bound "
                    + "estimator. Provided value: null");
        }
        return bound;
    }

    /** The capability {@code type}, or an error naming it, the geometry and the mechanism that needs it. */
    static <C> C requireCapability(Geometry geometry, Class<C> type, String mechanism, String purpose) {
        return geometry.capability(type).orElseThrow(() -> new PublicInputException(EnumSet.of(PublicInput.GEOMETRY,
                PublicInput.MECHANISM), String.format(
                "%s needs the capability %s (%s), which the geometry %s does not have; choose a geometry that "
                        + "provides %s or another mechanism. Provided value: %s",
                mechanism, type.getSimpleName(), purpose, geometry.spec(), type.getSimpleName(), geometry.spec())));
    }

    /** Fails unless the budget has {@code delta > 0} (the Gaussian mechanisms are (epsilon, delta)-DP only). */
    static void requireApproximateBudget(PrivacyBudget budget, String mechanism) {
        if (budget.isPure()) {
            throw new PublicInputException(PublicInput.DELTA, mechanism + " adds Gaussian noise, which gives (epsilon, delta)-DP "
                    + "only: the budget needs delta strictly between 0 and 1 (e.g. 1e-6, below 1/n). Provided value: "
                    + "delta = " + budget.delta());
        }
    }

    /**
     * The estimator's non-private minimiser from the ball's centre ({@link NonPrivateEstimate#fit}, the closed form
     * where the estimator has one); its iteration count, gradient norm and any non-convergence go to the release's
     * diagnostics, not its public part.
     */
    static double[] estimate(Estimator estimator, Geometry geometry, double[][] data, DataBall ball,
            Release.Builder<?> release) {
        return estimate(estimator, geometry, Records.of(data), null, ball, release);
    }

    /** {@link #estimate(Estimator, Geometry, double[][], DataBall, Release.Builder)} of records in either layout. */
    static double[] estimate(Estimator estimator, Geometry geometry, Records data, DataBall ball,
            Release.Builder<?> release) {
        return estimate(estimator, geometry, data, null, ball, release);
    }

    /**
     * {@link #estimate} given the records charted by {@link Calibration#start}'s ball check ({@code charted} null when
     * the geometry has no chart), so that a mean taken in the chart checks and evaluates none of them again.
     */
    static double[] estimate(Estimator estimator, Geometry geometry, double[][] data, ChartedRecords charted,
            DataBall ball, Release.Builder<?> release) {
        return estimate(estimator, geometry, data(geometry, data, charted), charted, ball, release);
    }

    /**
     * The records of {@code data} as a release reads them: the ones {@code charted} holds when it covers them (so
     * that the estimate finds them charted), else {@code data} as given.
     */
    static Records data(Geometry geometry, double[][] data, ChartedRecords charted) {
        return charted != null && charted.covers(geometry, data) ? charted.data() : Records.of(data);
    }

    /** {@link #estimate(Estimator, Geometry, double[][], ChartedRecords, DataBall, Release.Builder)} of records. */
    static double[] estimate(Estimator estimator, Geometry geometry, Records data, ChartedRecords charted,
            DataBall ball, Release.Builder<?> release) {
        EstimatorFit result = NonPrivateEstimate.fit(estimator, geometry, data, charted, ball);
        // the method is reported by the fit, after the data were read (a fallback could depend on them): diagnostics
        release.diagnostic("meanMethod", result.method())
                .diagnostic("meanIterations", result.iterations())
                .diagnostic("meanGradientNorm", result.gradientNorm());
        if (!result.converged()) {
            release.diagnosticWarning(String.format(Locale.ROOT, "the non-private estimate did not converge (%d "
                    + "iterations, gradient norm %.3g; %s): the release is centred at an approximate minimiser",
                    result.iterations(), result.gradientNorm(), result.reason()));
        }
        return result.point();
    }

    /**
     * Fails unless {@code estimator} is the Frechet mean: chart and ambient mechanisms compute a mean of their own
     * coordinates, so they release that estimand and no other.
     */
    static void requireFrechetMean(Estimator estimator, String mechanism, String why) {
        requireNonNull("estimator", estimator, mechanism);
        if (!isFrechetMean(estimator)) {
            throw new PublicInputException(EnumSet.of(PublicInput.ESTIMATOR, PublicInput.MECHANISM), String.format("%s releases a mean only (%s), so it cannot release "
                    + "the estimator '%s'; use kng (any estimator with a gradient field and its sensitivity) or "
                    + "riemannian-laplace (any estimator with a bound on its estimate's sensitivity). Provided value: "
                    + "%s", mechanism, why, estimator.name(), estimator.name()));
        }
    }

    /** True when the estimator declares the Frechet mean as its estimand ({@link FrechetMeanEstimand}). */
    static boolean isFrechetMean(Estimator estimator) {
        return estimator.capability(FrechetMeanEstimand.class).isPresent();
    }

    /** What a mechanism needs from an estimator and did not get: an error naming both. */
    static IllegalArgumentException lacks(Estimator estimator, String mechanism, String what) {
        return new PublicInputException(EnumSet.of(PublicInput.ESTIMATOR, PublicInput.MECHANISM), String.format(
                "%s needs %s, which the estimator '%s' does not provide; "
                + "use another mechanism or estimator. Provided value: %s", mechanism, what, estimator.name(),
                estimator.name()));
    }

    /**
     * Records that the released value's noise was computed in floating point ({@code how}), so its low-order bits
     * are not protected against floating-point attacks (Mironov 2012; docs/floating-point-noise.md says what
     * remains open on curved spaces).
     */
    static void floatingPointWarning(Release.Builder<?> release, String how) {
        release.warning("the noise is computed in floating point (" + how + "): its low-order bits are not "
                + "protected against floating-point attacks (docs/floating-point-noise.md)");
    }

    static List<Double> asList(double[] values) {
        List<Double> list = new ArrayList<>(values.length);
        for (double value : values) {
            list.add(value);
        }
        return list;
    }

    private static void requireNonNull(String name, Object value, String mechanism) {
        if (value == null) {
            throw new IllegalArgumentException(String.format("%s: %s must not be null. Provided value: null",
                    mechanism, name));
        }
    }
}
