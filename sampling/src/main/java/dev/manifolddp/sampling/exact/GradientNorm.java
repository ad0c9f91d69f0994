package dev.manifolddp.sampling.exact;

/**
 * The norm {@code |grad U(x)|_x} of the Riemannian gradient of an objective U, the exponent of the K-norm gradient
 * mechanism's density {@code ∝ exp(-|grad U(x)|_x / sigma)} (Soto et al. 2022, §2.2). The sampling module
 * declares its own interface so that it need not depend on the estimators; the estimators' gradient fields fit it
 * by a method reference ({@code field::gradientNorm}).
 *
 * <p>{@link ExactKngSampler} calls it once per proposal that lands in the ball, so implementations should not
 * allocate per call. They may keep scratch arrays, which makes them unsafe to share between threads.
 */
@FunctionalInterface
public interface GradientNorm {

    /** {@code |grad U(x)|_x} at the point {@code x} (not modified); finite and {@code >= 0}. */
    double gradientNorm(double[] x);
}
