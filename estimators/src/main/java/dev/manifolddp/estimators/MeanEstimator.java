package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;

/**
 * A non-private estimate of the centre of manifold-valued data, e.g. the sample Frechet mean. It is the reference a
 * private release is compared with in experiments. Implementations are immutable and thread-safe.
 */
public interface MeanEstimator {

    /**
     * The estimate for {@code data} (at least one point of {@code geometry}), a point in the geometry's layout.
     *
     * @throws IllegalArgumentException when the data are invalid for this estimator
     * @throws IllegalStateException when the estimate cannot be computed to the configured accuracy
     */
    double[] estimate(Geometry geometry, double[][] data);
}
