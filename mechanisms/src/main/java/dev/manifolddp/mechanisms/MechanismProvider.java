package dev.manifolddp.mechanisms;

import dev.manifolddp.spi.Provider;
import dev.manifolddp.spi.Registry;

/**
 * Creates a {@link Mechanism} by name from configuration parameters. Implementations are listed in
 * {@code META-INF/services/dev.manifolddp.mechanisms.MechanismProvider} and need a public no-argument constructor,
 * so a plugin jar can add a mechanism without changing any module.
 */
public interface MechanismProvider extends Provider<Mechanism> {

    /** The words of this kind in listings and messages. */
    Registry.Kind KIND = new Registry.Kind("mechanism", "mechanisms");

    /** An example specification, shown when a specification is missing. */
    String EXAMPLE = "tangent-gaussian:calibration=classical";

    /** The mechanism providers visible to {@code loader}. */
    static Registry<MechanismProvider> registry(ClassLoader loader) {
        return Registry.load(MechanismProvider.class, KIND, loader);
    }
}
