package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.mechanisms.regression.PrivateGeodesicRegression;
import dev.manifolddp.mechanisms.regression.RegressionMethod;
import java.util.List;
import java.util.Map;

/** Provides {@link TwoStepRegression} as {@code two-step-regression}. */
public final class TwoStepRegressionProvider implements MechanismProvider {

    /** The regression's own chain defaults (KNG's, Soto et al. 2022, Fig. 1). */
    private static final McmcSettings DEFAULT_MCMC = new McmcSettings(PrivateGeodesicRegression.DEFAULT_BURN_IN,
            PrivateGeodesicRegression.DEFAULT_THIN, PrivateGeodesicRegression.DEFAULT_STEP,
            ProposalKind.TANGENT_GAUSSIAN, 1, ProposalScales.LADDER);

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.optional("method", "public-vector (the first step holds the public vector 0: proven, "
                    + "docs/private-regression.md §4) or paper (it holds the non-private fit's vector, "
                    + "Kulkarni and Soto 2025, App. A: unproven, §1)", RegressionMethod.PUBLIC_VECTOR.configName()),
            ParameterSpec.optional("footpoint-share", "the share of epsilon the footpoint step spends, in (0, 1); the "
                    + "shooting vector gets the rest", String.valueOf(PrivateGeodesicRegression.DEFAULT_FOOTPOINT_SHARE)),
            ParameterSpec.optional("burn-in", "Metropolis-Hastings steps of each step's chain before its released "
                    + "segment", String.valueOf(PrivateGeodesicRegression.DEFAULT_BURN_IN)),
            ParameterSpec.optional("thin", "steps of each released segment; the release is the state at its end",
                    String.valueOf(PrivateGeodesicRegression.DEFAULT_THIN)),
            ParameterSpec.optional("step", "t: the proposal scale is t min(sigma, Rp/sqrt(d), V/sqrt(d))",
                    String.valueOf(PrivateGeodesicRegression.DEFAULT_STEP)),
            ParameterSpec.optional("proposal-scales", "ladder (a public mixture of scales down to the proposal scale) "
                    + "or single; " + ProposalScales.allowed(), ProposalScales.LADDER.configName()),
            ParameterSpec.optional("chains", "chains per step from (m0, 0); >= 2 reports split R-hat (the first is "
                    + "released)", "1"),
            ParameterSpec.optional("sigma-rule", "proven (2 Delta/epsilon per step) or paper (Delta/epsilon, "
                    + "Kulkarni and Soto 2025; unproven)", "proven"),
            ConfigValues.NON_PRIVATE);

    @Override
    public String name() {
        return TwoStepRegression.NAME;
    }

    @Override
    public String description() {
        return "two-step private geodesic regression (Kulkarni and Soto 2025): KNG on the footpoint, then on the "
                + "shooting vector at the released footpoint, each with its own sensitivity; method public-vector "
                + "(proven) or paper (unproven); for estimators with covariate records on the tangent bundle";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Mechanism create(Map<String, String> parameters) {
        ConfigValues values = ConfigValues.check(name(), PARAMETERS, parameters);
        RegressionMethod method;
        try {
            method = RegressionMethod.parse(values.string("method"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("mechanism '" + name() + "': parameter 'method': " + e.getMessage(), e);
        }
        return TwoStepRegression.of(method, values.sigmaRule(),
                values.positiveReal("footpoint-share"), values.mcmc(DEFAULT_MCMC), values.nonPrivate());
    }
}
