package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/**
 * Creates an {@link Estimator} by name from configuration parameters. Implementations are listed in
 * {@code META-INF/services/dev.manifolddp.estimators.EstimatorProvider} and need a public no-argument constructor, so
 * a plugin jar can add an estimator without changing any module.
 */
public interface EstimatorProvider {

    /** The name used in configurations, e.g. {@code frechet-mean}. */
    String name();

    /** A one-sentence description for listings. */
    String description();

    /** The parameters {@link #create(Map)} accepts. */
    List<ParameterSpec> parameters();

    /** Creates the estimator; unknown or invalid parameters fail with a message listing the accepted ones. */
    Estimator create(Map<String, String> parameters);
}
