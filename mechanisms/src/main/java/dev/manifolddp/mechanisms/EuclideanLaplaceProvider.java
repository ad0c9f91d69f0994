package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/** Provides {@link EuclideanLaplace} as {@code euclidean-laplace}. */
public final class EuclideanLaplaceProvider implements MechanismProvider {

    static final ParameterSpec PROJECT = ParameterSpec.optional("project",
            "true projects the noisy ambient vector back onto the manifold when a projection exists", "false");

    private static final List<ParameterSpec> PARAMETERS = List.of(PROJECT, ConfigValues.SIGMA_RULE,
            ConfigValues.NON_PRIVATE);

    @Override
    public String name() {
        return EuclideanLaplace.NAME;
    }

    @Override
    public String description() {
        return "Euclidean K-norm Laplace on the ambient mean (Soto et al. 2022, suppl. §2.2), Delta = 2 r_E/n; needs AmbientEmbedding";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Mechanism create(Map<String, String> parameters) {
        ConfigValues values = ConfigValues.check(name(), PARAMETERS, parameters);
        return EuclideanLaplace.builder()
                .project(values.bool(PROJECT.name()))
                .sigmaRule(values.sigmaRule())
                .nonPrivate(values.nonPrivate())
                .build();
    }
}
