package dev.manifolddp.sampling.exact;

import dev.manifolddp.sampling.Arguments;

/**
 * What {@link ExactKngSampler} needs to know about one K-norm gradient density
 * {@code f(x) ∝ exp(-|grad U(x)|_x / sigma)} on the closed geodesic ball {@code B_r(p0)} (Soto et al. 2022, §2.2;
 * the sampler in {@code docs/exact-sampling.md}).
 *
 * @param gradient   {@code x -> |grad U(x)|_x}, evaluated only at points of the ball
 * @param ballCenter the ball's centre p0 (public)
 * @param ballRadius the ball's radius r (public), finite and {@code > 0}
 * @param convexity  a constant h > 0 such that U is h-strongly geodesically convex on the ball; for the Frechet mean
 *                   of data in the ball under Assumption 1 of Soto et al. 2022 it is {@code h_max(2r, kmax)}
 *                   ({@link ExactKngSampler#frechetMeanConvexity}), a public value
 * @param anchor     the centre of the Laplace envelope: any point of the ball, ideally the (computed, so only
 *                   approximate) minimiser of U; the sampler is exact for every anchor in the ball, and a better
 *                   anchor only raises the acceptance rate
 */
public record KngTarget(GradientNorm gradient, double[] ballCenter, double ballRadius, double convexity,
        double[] anchor) {

    /** Checks what can be checked without the geometry; {@link ExactKngSampler} checks the points. */
    public KngTarget {
        Arguments.requireNonNull("gradient", gradient);
        Arguments.requireNonNull("ballCenter", ballCenter);
        Arguments.requirePositiveFinite("ballRadius", ballRadius);
        Arguments.requirePositiveFinite("convexity", convexity);
        Arguments.requireNonNull("anchor", anchor);
        ballCenter = ballCenter.clone();
        anchor = anchor.clone();
    }

    @Override
    public double[] ballCenter() {
        return ballCenter.clone();
    }

    @Override
    public double[] anchor() {
        return anchor.clone();
    }
}
