package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/** Provides {@link ExtrinsicGaussian} as {@code extrinsic-gaussian}. */
public final class ExtrinsicGaussianProvider implements MechanismProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(TangentGaussianProvider.CALIBRATION,
            EuclideanLaplaceProvider.PROJECT, ConfigValues.SIGMA_RULE, ConfigValues.NON_PRIVATE);

    @Override
    public String name() {
        return ExtrinsicGaussian.NAME;
    }

    @Override
    public String description() {
        return "extrinsic Gaussian (Utpala et al. 2023, §6.1): Gaussian noise on the ambient (vecd) mean, Delta = 2 r_E/n; needs "
                + "AmbientEmbedding and delta > 0";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Mechanism create(Map<String, String> parameters) {
        ConfigValues values = ConfigValues.check(name(), PARAMETERS, parameters);
        return ExtrinsicGaussian.builder()
                .calibration(GaussianCalibration.Method.parse(values.string(TangentGaussianProvider.CALIBRATION.name())))
                .project(values.bool(EuclideanLaplaceProvider.PROJECT.name()))
                .sigmaRule(values.sigmaRule())
                .nonPrivate(values.nonPrivate())
                .build();
    }
}
