package dev.manifolddp.experiments.spi;

import dev.manifolddp.mechanisms.DataBall;

/**
 * The records of one replicate and the ball they are declared to lie in.
 *
 * @param points the records
 * @param ball   the public (or, when marked, data-derived) ball
 */
public record Dataset(double[][] points, DataBall ball) {
}
