package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/** Provides {@link TangentGaussian} as {@code tangent-gaussian}. */
public final class TangentGaussianProvider implements MechanismProvider {

    static final ParameterSpec CALIBRATION = ParameterSpec.optional("calibration",
            "Gaussian calibration: analytic (any epsilon) or classical (epsilon < 1)", "analytic");

    private static final List<ParameterSpec> PARAMETERS = List.of(CALIBRATION, ConfigValues.SIGMA_RULE,
            ConfigValues.NON_PRIVATE);

    @Override
    public String name() {
        return TangentGaussian.NAME;
    }

    @Override
    public String description() {
        return "tangent Gaussian (Utpala et al. 2023): Gaussian noise in a global isometric chart, Delta = 2r/n; needs "
                + "IsometricChart and delta > 0";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Mechanism create(Map<String, String> parameters) {
        ConfigValues values = ConfigValues.check(name(), PARAMETERS, parameters);
        return TangentGaussian.builder()
                .calibration(GaussianCalibration.Method.parse(values.string(CALIBRATION.name())))
                .sigmaRule(values.sigmaRule())
                .nonPrivate(values.nonPrivate())
                .build();
    }
}
