package dev.manifolddp.experiments.audit;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.ForwardingMechanism;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.Release;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A planted fault for the auditor's tests, reproducing issue 21's hole 1: a mechanism that releases what the real
 * one releases, except that the release fails whenever the non-private minimiser, computed as KNG computes it, lies
 * outside the public ball. KNG with a fixed proposal budget used to move its envelope's anchor to the ball's centre
 * there, and its budget then failed with probability near 1 on exactly those data sets (n identical records on the
 * boundary or at the ball check's slack, whose mean lies outside by rounding), while the adjacent data set with one
 * record moved across released fine: a real delta near 1 against a claimed 1e-10. This double fails with
 * probability 1 there, and claims the real mechanism's budget, as the faulty code did.
 *
 * <p>It hands out the real mechanism's calibration and lets the real mechanism draw under it: the fault is only the
 * data-dependent failure in front of the draw.
 */
final class FailsWhenTheMeanLeavesTheBall extends ForwardingMechanism {

    /** The minimiser's accuracy and iteration limit, as the built-in mechanisms run it. */
    private static final double TOLERANCE = 1e-10;
    private static final int ITERATIONS = 2000;

    FailsWhenTheMeanLeavesTheBall(Mechanism real) {
        super(real);
    }

    @Override
    public String name() {
        return delegate.name() + "-failing-outside-the-ball";
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        Geometry geometry = calibration.geometry();
        DataBall ball = calibration.ball();
        double[] minimiser = calibration.estimator().minimise(geometry, data, ball.center(), TOLERANCE, ITERATIONS)
                .point();
        double distance = geometry.distance(ball.center(), minimiser);
        if (distance > ball.radius()) {
            // the fault: what the fixed budget did after anchoring the envelope at the centre
            throw new IllegalStateException(String.format(Locale.ROOT, "%s: no proposal accepted within the fixed "
                    + "budget (the envelope was anchored at the ball's centre: the minimiser lies at %.17g, outside "
                    + "r = %.17g)", name(), distance, ball.radius()));
        }
        return delegate.release(calibration, data, random);
    }
}
