package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometry;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A differentially private release of the Frechet mean of data that lie in a public geodesic ball. Implementations
 * are immutable and thread-safe; all per-release state lives inside {@link #release}.
 */
public interface MeanMechanism {

    /** The registered name, e.g. {@code kng}, {@code riemannian-laplace}, {@code tangent-gaussian}. */
    String name();

    /**
     * Releases a private mean.
     *
     * @param geometry the manifold and metric the data live on
     * @param data     the records, each a point of {@code geometry}, all inside {@code ball}
     * @param ball     the public ball the records lie in; its radius sets the sensitivity
     * @param budget   the privacy budget to spend
     * @param random   the random stream to draw the noise from (a seeded stream in experiments, a secure one for a
     *                 person's release)
     * @throws IllegalArgumentException when an input is invalid or the geometry lacks a capability the mechanism needs
     */
    Release<double[]> release(Geometry geometry, double[][] data, DataBall ball, PrivacyBudget budget,
            UniformRandomProvider random);
}
