package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/**
 * Creates a {@link Mechanism} by name from configuration parameters. Implementations are listed in
 * {@code META-INF/services/dev.manifolddp.mechanisms.MechanismProvider} and need a public no-argument constructor,
 * so a plugin jar can add a mechanism without changing any module.
 */
public interface MechanismProvider {

    /** The name used in configurations. */
    String name();

    /** A one-sentence description for listings. */
    String description();

    /** The parameters {@link #create(Map)} accepts. */
    List<ParameterSpec> parameters();

    /** Creates the mechanism; unknown or invalid parameters fail with a message listing the accepted ones. */
    Mechanism create(Map<String, String> parameters);
}
