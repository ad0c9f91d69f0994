package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.geometry.Geometry;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A differentially private release of an {@link Estimator}'s estimate for data that lie in a public geodesic ball.
 * A mechanism asks the estimator for what it needs (a gradient field and its sensitivity, or the estimate's own
 * sensitivity, or a particular estimand) and refuses by name an estimator that lacks it. Implementations are
 * immutable and thread-safe; all per-release state lives inside {@link #release}.
 */
public interface Mechanism {

    /** The registered name, e.g. {@code kng}, {@code riemannian-laplace}, {@code tangent-gaussian}. */
    String name();

    /**
     * Releases a private estimate.
     *
     * @param estimator the estimand to release
     * @param geometry  the manifold and metric the data live on
     * @param data      the records, each a point of {@code geometry}, all inside {@code ball}
     * @param ball      the public ball the records lie in; its radius sets the sensitivity
     * @param budget    the privacy budget to spend
     * @param random    the random stream to draw the noise from (a seeded stream in experiments, a secure one for a
     *                  person's release)
     * @throws IllegalArgumentException when an input is invalid, or the geometry or the estimator lacks what the
     *                                  mechanism needs
     */
    Release<double[]> release(Estimator estimator, Geometry geometry, double[][] data, DataBall ball,
            PrivacyBudget budget, UniformRandomProvider random);

    /** Releases a private Frechet mean ({@link FrechetMeanEstimator#DEFAULT}). */
    default Release<double[]> release(Geometry geometry, double[][] data, DataBall ball, PrivacyBudget budget,
            UniformRandomProvider random) {
        return release(FrechetMeanEstimator.DEFAULT, geometry, data, ball, budget, random);
    }
}
