package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/** Provides {@link LandmarkLaplace} as {@code landmark-laplace}. */
public final class LandmarkLaplaceProvider implements MechanismProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.optional("align", "Procrustes-align every record before averaging", "true"),
            ParameterSpec.optional("align-to", "alignment reference: center (the public ball centre) or mean (the "
                    + "non-private Frechet mean, Soto et al. 2022, suppl. §2.5.2; needs non-private)", "center"),
            ParameterSpec.optional("range", "coordinate ranges: ball (public, from the declared ball) or data (the "
                    + "data's largest deviations, Soto et al. 2022, suppl. §2.5.2; needs non-private)", "ball"),
            ConfigValues.SIGMA_RULE,
            ConfigValues.NON_PRIVATE);

    @Override
    public String name() {
        return LandmarkLaplace.NAME;
    }

    @Override
    public String description() {
        return "point-wise landmark Laplace (Soto et al. 2022, suppl. §2.5.2): 1-D Laplace on each of the 2k coordinates of the mean "
                + "pre-shape, one scale from the l1 sensitivity (range ball) or the paper's per-coordinate budget split "
                + "(range data); needs LandmarkShapes and AmbientEmbedding";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Mechanism create(Map<String, String> parameters) {
        ConfigValues values = ConfigValues.check(name(), PARAMETERS, parameters);
        return LandmarkLaplace.builder()
                .align(values.bool("align"))
                .alignTo(LandmarkLaplace.Reference.parse(values.string("align-to")))
                .range(LandmarkLaplace.Range.parse(values.string("range")))
                .sigmaRule(values.sigmaRule())
                .nonPrivate(values.nonPrivate())
                .build();
    }
}
