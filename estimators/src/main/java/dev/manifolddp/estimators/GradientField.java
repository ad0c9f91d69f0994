package dev.manifolddp.estimators;

/**
 * The norm {@code |grad U(x)|_x} of the Riemannian gradient of an objective U on a manifold, as a function of the
 * point x. The K-norm gradient mechanism (Soto et al. 2022, §2.2) samples from the density
 * {@code ∝ exp(-|grad U(x; D)|_x / sigma)}, so a sampler evaluates this at every proposal: implementations must
 * not allocate per call.
 *
 * <p>Implementations may keep per-instance scratch arrays, which makes an instance unsafe to share between
 * threads; {@link #copy()} gives an independent instance for another thread.
 */
@FunctionalInterface
public interface GradientField {

    /**
     * {@code |grad U(x)|_x} at the point {@code x} (point layout of the underlying geometry). Allocates nothing.
     * The domain is implementation-specific (e.g. {@link FrechetGradient} needs x within the injectivity radius of
     * every data point).
     */
    double gradientNorm(double[] x);

    /**
     * {@link #gradientNorm} at each of {@code xs[0 .. count-1]} into {@code out[0 .. count-1]}, each value bit for bit
     * the one {@link #gradientNorm} gives: the exact K-norm gradient sampler evaluates a fixed budget's proposals in
     * batches through this, so that a field over records can serve a batch with one pass over them. This default
     * evaluates the points one by one.
     */
    default void gradientNorms(double[][] xs, int count, double[] out) {
        for (int j = 0; j < count; j++) {
            out[j] = gradientNorm(xs[j]);
        }
    }

    /**
     * An instance computing the same field that shares no mutable state with this one, for use on another thread.
     * Stateless implementations (such as lambdas that allocate nothing) may return {@code this}; implementations
     * with scratch arrays must override this.
     */
    default GradientField copy() {
        return this;
    }
}
