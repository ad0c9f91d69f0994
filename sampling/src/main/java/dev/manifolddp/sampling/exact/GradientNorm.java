package dev.manifolddp.sampling.exact;

/**
 * The norm {@code |grad U(x)|_x} of the Riemannian gradient of an objective U, the exponent of the K-norm gradient
 * mechanism's density {@code ∝ exp(-|grad U(x)|_x / sigma)} (Soto et al. 2022, §2.2). The sampling module
 * declares its own interface so that it need not depend on the estimators; the estimators' gradient fields fit it
 * by a method reference ({@code field::gradientNorm}).
 *
 * <p>{@link ExactKngSampler} calls it once per proposal that lands in the ball (and, with a fixed budget, once per
 * proposal through {@link #gradientNorms}), so implementations should not allocate per call or per point. They may keep scratch arrays, which makes them unsafe to share between threads.
 */
@FunctionalInterface
public interface GradientNorm {

    /** {@code |grad U(x)|_x} at the point {@code x} (not modified); finite and {@code >= 0}. */
    double gradientNorm(double[] x);

    /**
     * {@link #gradientNorm} at each of {@code points[0 .. count-1]} into {@code out[0 .. count-1]}, each value bit for
     * bit the one {@link #gradientNorm} gives. The fixed-budget sampler evaluates its proposals through this, a batch
     * at a time, so that an implementation may serve the whole batch in one pass over the records (e.g. a geometry's
     * {@code LogSums.Batch#normsOfSumsOfLogs}). This default evaluates the points one by one.
     */
    default void gradientNorms(double[][] points, int count, double[] out) {
        for (int j = 0; j < count; j++) {
            out[j] = gradientNorm(points[j]);
        }
    }
}
