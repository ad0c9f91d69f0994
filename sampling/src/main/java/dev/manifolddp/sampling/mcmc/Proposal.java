package dev.manifolddp.sampling.mcmc;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A Metropolis-Hastings proposal kernel on a geometry: a random point near the current one.
 *
 * <p><b>Symmetry.</b> Metropolis-Hastings accepts with {@code min(1, f(y) q(y, x) / (f(x) q(x, y)))}, where
 * {@code q} is the proposal density with respect to the Riemannian volume (the measure the target density refers
 * to). When {@code q(x, y) = q(y, x)} the ratio reduces to {@code f(y)/f(x)} ({@link #symmetric()} true). On a
 * Riemannian symmetric space (all built-in geometries: spheres, SPD with either metric, Kendall's CP^(k-2)) a
 * proposal {@code y = exp(x, V)} whose tangent law is isotropic (its density depends on |V| only) is exactly
 * symmetric: the geodesic symmetry at the midpoint of x and y is an isometry that swaps them, maps
 * {@code log_x y} to {@code -log_y x} and preserves the Jacobian of exp, so the volume densities in both directions
 * agree. This needs {@code |V|} below the injectivity radius, so tangent proposals at least that long are refused,
 * which keeps the kernel symmetric. A proposal refuses a move by writing {@code out} equal to {@code current} (a
 * genuine move lands exactly on the current point with probability 0); {@link MetropolisHastings} counts it as a
 * rejection, for the acceptance rate and for step adaptation alike.
 *
 * <p>A proposal that is not symmetric either supplies the Hastings ratio ({@link #hastingsRatioKnown()},
 * {@link #logHastingsRatio}) or, when its density is intractable, is run uncorrected: the chain then targets a law
 * that differs from f, and {@link MetropolisHastings} records a warning.
 *
 * <p>Implementations hold per-instance scratch and are not thread-safe; {@link #propose} allocates nothing once the
 * instance has seen the provider.
 */
public interface Proposal {

    /**
     * Writes a proposal from {@code current} into {@code out} (must not alias {@code current}).
     *
     * @param step the scale of the move (its meaning is given by each implementation), {@code > 0}
     */
    void propose(double[] current, double step, UniformRandomProvider rng, double[] out);

    /** True when {@code q(x, y) = q(y, x)} with respect to the Riemannian volume (see the class comment). */
    boolean symmetric();

    /** True when {@link #logHastingsRatio} is exact; by default only symmetric proposals (ratio 1). */
    default boolean hastingsRatioKnown() {
        return symmetric();
    }

    /**
     * {@code log(q(proposed, current) / q(current, proposed))}; 0 for a symmetric proposal, {@code -infinity} when
     * the reverse move is impossible. Only called when {@link #hastingsRatioKnown()} and not {@link #symmetric()}.
     */
    default double logHastingsRatio(double[] current, double[] proposed, double step) {
        return 0.0;
    }

    /** A short description for reports. */
    default String describe() {
        return getClass().getSimpleName();
    }
}
