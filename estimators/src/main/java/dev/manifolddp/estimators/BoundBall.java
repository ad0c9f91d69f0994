package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import java.util.Locale;

/**
 * The public ball an estimand defined relative to it is bound to ({@link Estimator#forBall}), with the distance
 * {@code offset} of the estimand's reference point (a variance's centre, tangent PCA's base) from the ball's centre:
 * 0 when the reference is the ball's centre itself.
 */
record BoundBall(double[] center, double radius, double offset) {

    /**
     * Checks the ball and the reference point ({@code reference} null: the ball's centre) and measures the offset.
     *
     * @throws IllegalArgumentException naming the estimator and the value when either is not valid
     */
    static BoundBall of(String estimator, Geometry dataSpace, double[] center, double radius, double[] reference,
            String referenceName) {
        DataChecks.requireGeometry(dataSpace);
        GeometryChecks.requirePoint(dataSpace, "the ball's centre", center);
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException(estimator + ": the public ball's radius must be finite and > 0. "
                    + "Provided value: " + radius);
        }
        double offset = 0;
        if (reference != null) {
            GeometryChecks.requirePoint(dataSpace, estimator + "'s " + referenceName, reference);
            offset = dataSpace.distance(reference, center);
        }
        return new BoundBall(center.clone(), radius, offset);
    }

    /**
     * Fails unless {@code ball} is bound and {@code radius} is its radius (a sensitivity asked for another radius would
     * rest on the wrong offset).
     */
    static void require(BoundBall ball, String estimator, String why, double radius) {
        if (ball == null) {
            throw new IllegalStateException(String.format("%s: %s; call forBall(geometry, center, radius) with the "
                    + "public ball first (mechanisms do). Provided value: no ball", estimator, why));
        }
        if (radius != ball.radius) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s was bound to a ball of radius %s; "
                    + "bind it again for radius %s. Provided value: %s", estimator, ball.radius, radius, radius));
        }
    }

    /**
     * The estimand's reference point: the configured one, else the bound ball's centre; checked as a point.
     *
     * @throws IllegalStateException when neither is known yet (an unbound default), naming the parameter to set
     */
    static double[] referenceOf(BoundBall ball, double[] configured, Geometry dataSpace, String estimator,
            String referenceName) {
        DataChecks.requireGeometry(dataSpace);
        double[] point = configured != null ? configured : ball == null ? null : ball.center;
        if (point == null) {
            throw new IllegalStateException(String.format("%s defaults its %s to the public ball's centre, which this "
                    + "instance does not know yet: set the estimator's %s, or call forBall(geometry, center, radius) "
                    + "with the public ball first (mechanisms do). Provided value: no %s", estimator, referenceName,
                    referenceName, referenceName));
        }
        GeometryChecks.requirePoint(dataSpace, estimator + "'s " + referenceName, point);
        return point;
    }
}
