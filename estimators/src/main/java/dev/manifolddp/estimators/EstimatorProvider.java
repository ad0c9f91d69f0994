package dev.manifolddp.estimators;

import dev.manifolddp.spi.Provider;
import dev.manifolddp.spi.Registry;

/**
 * Creates an {@link Estimator} by name from configuration parameters. Implementations are listed in
 * {@code META-INF/services/dev.manifolddp.estimators.EstimatorProvider} and need a public no-argument constructor, so
 * a plugin jar can add an estimator without changing any module.
 */
public interface EstimatorProvider extends Provider<Estimator> {

    /** The words of this kind in listings and messages. */
    Registry.Kind KIND = new Registry.Kind("estimator", "estimators");

    /** The estimator providers visible to {@code loader}. */
    static Registry<EstimatorProvider> registry(ClassLoader loader) {
        return Registry.load(EstimatorProvider.class, KIND, loader);
    }
}
