package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorFit;
import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import java.util.Locale;

/**
 * The non-private estimate of a data set: the estimator's minimiser from its public start at the ball's centre, to
 * {@link #TOLERANCE} (the closed form where the estimator has one, in the chart where the ball check charted the
 * records). It is the one point a release centres its noise on ({@link Mechanism#release}) and the one an experiment
 * or a plan measures the releases of the same records against, so that a utility measures the mechanism, not a second
 * optimiser run with other settings.
 */
public final class NonPrivateEstimate {

    /** Gradient-norm tolerance of the minimiser: far below any noise scale a release uses. */
    public static final double TOLERANCE = 1e-10;
    /** Iteration limit of the minimiser (linear convergence with rate about 1/2 at step 0.5). */
    public static final int MAX_ITERATIONS = 2000;

    private NonPrivateEstimate() {
    }

    /**
     * The minimiser of {@code estimator} (already bound to the ball) on {@code data}, from its public start at the
     * ball's centre, over the records {@code charted} by the ball check where given (null: the records themselves).
     */
    public static EstimatorFit fit(Estimator estimator, Geometry geometry, double[][] data, ChartedRecords charted,
            DataBall ball) {
        return fit(estimator, geometry, ReleaseContext.data(geometry, data, charted), charted, ball);
    }

    /** {@link #fit(Estimator, Geometry, double[][], ChartedRecords, DataBall)} of records in either layout. */
    public static EstimatorFit fit(Estimator estimator, Geometry geometry, Records data, ChartedRecords charted,
            DataBall ball) {
        double[] start = estimator.publicStart(geometry, ball.center());
        return charted != null && charted.covers(geometry, data)
                ? estimator.minimise(geometry, charted, start, TOLERANCE, MAX_ITERATIONS)
                : estimator.minimise(geometry, data, start, TOLERANCE, MAX_ITERATIONS);
    }

    /**
     * The estimate a release of {@code data} in {@code ball} centres on, for a caller outside a release (a run's
     * replicate, a plan's simulation): the estimator bound to the ball as a calibration binds it, the records checked
     * and charted as {@link Calibration#start} checks them, then {@link #fit}.
     *
     * @throws IllegalArgumentException when a record leaves the ball or the minimiser does not converge (the reason
     *     named): there is then no certified estimate to measure against
     */
    public static double[] of(Estimator estimator, Geometry geometry, double[][] data, DataBall ball) {
        return of(estimator, geometry, Records.of(data), ball);
    }

    /** {@link #of(Estimator, Geometry, double[][], DataBall)} of records in either layout. */
    public static double[] of(Estimator estimator, Geometry geometry, Records data, DataBall ball) {
        Estimator bound = estimator.forBall(geometry, ball.center(), ball.radius());
        Records points = CovariateRecords.ballPoints(bound, geometry, data);
        ChartedRecords charted = ball.requireContainsCharted(geometry, points);
        EstimatorFit fit = fit(bound, geometry, data, points != data ? null : charted, ball);
        if (!fit.converged()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: the non-private estimate did not "
                    + "converge (%d iterations, gradient norm %.3g; %s); put the records in a smaller ball",
                    estimator.name(), fit.iterations(), fit.gradientNorm(), fit.reason()));
        }
        return fit.point();
    }
}
