package dev.manifolddp.geometry;

/**
 * A function {@code L} on {@code [0, reach()]} that bounds some quantity from below as a function of the geodesic
 * distance t to a fixed point (see {@link FrechetGradientBound}). Evaluating it allocates nothing.
 */
public interface RadialLowerBound {

    /** The largest distance the bound covers; {@link #value} is defined on {@code [0, reach()]}. */
    double reach();

    /** {@code L(t)} for t in {@code [0, reach()]}. */
    double value(double t);

    /** A Lipschitz constant of {@link #value} on {@code [0, reach()]}, finite and {@code >= 0}. */
    double lipschitz();
}
