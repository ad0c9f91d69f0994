package dev.manifolddp.geometry;

import java.util.Optional;

/**
 * A data-dependent lower bound on the gradient norm of the Frechet functional
 * {@code U(x) = (1/2n) sum_i rho(x, x_i)^2} in geodesic polar coordinates around an anchor: a function L with
 * <pre>    |grad U(x)|_x >= L(rho(x, anchor))    for every x in the closed ball B_r(center),</pre>
 * valid whenever every data point and the anchor lie in that ball and r is inside the geometry's Assumption 1 limit.
 *
 * <p>An exact K-norm gradient sampler may build its rejection envelope from such a bound: the envelope depends on the
 * data, but the law of an accepted draw does not ({@code docs/exact-sampling.md}, "A data-dependent envelope"). The
 * public Lemma-1 bound {@code h_max(2r, kmax) rho(x, xbar)} assumes the worst curvature for every pair of points; a
 * geometry that can see the directions in which its data actually lie may do much better. A bound that is wrong
 * shows up as an acceptance ratio above 1, which the sampler reports loudly.
 */
public interface FrechetGradientBound {

    /**
     * The bound for {@code data} (n points, not modified) with the given anchor, on the ball {@code B_r(center)}; its
     * {@link RadialLowerBound#reach()} is at least {@code r + rho(anchor, center)}, so that it covers the whole ball.
     * Empty when the geometry cannot give one for these arguments (e.g. r beyond the limit its proof needs).
     *
     * @throws IllegalArgumentException on arrays of the wrong length, an empty data set or a radius that is not
     *                                  finite and {@code > 0}
     */
    Optional<RadialLowerBound> frechetGradientBound(double[][] data, double[] anchor, double[] center, double radius);
}
