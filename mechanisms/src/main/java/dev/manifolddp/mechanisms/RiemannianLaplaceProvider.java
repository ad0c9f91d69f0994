package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/** Provides {@link RiemannianLaplace} as {@code riemannian-laplace}. */
public final class RiemannianLaplaceProvider implements MechanismProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.optional("sampler", "auto (exact when the geometry has an exact sampler, else mcmc), "
                    + "exact or mcmc", "auto"),
            ParameterSpec.optional("burn-in", "MCMC steps before the released segment",
                    String.valueOf(RiemannianLaplace.DEFAULT_BURN_IN)),
            ParameterSpec.optional("thin", "MCMC steps of the released segment; the release is the state at its end",
                    String.valueOf(RiemannianLaplace.DEFAULT_THIN)),
            ParameterSpec.optional("step", "t: the MCMC proposal scale is t * sigma",
                    String.valueOf(RiemannianLaplace.DEFAULT_STEP)),
            ParameterSpec.optional("proposal", "MCMC proposal kernel: " + ProposalKind.allowed(),
                    ProposalKind.TANGENT_GAUSSIAN.configName()),
            ParameterSpec.optional("proposal-scales", "how each MCMC step's scale is chosen: ladder (a public mixture "
                    + "from t r/sqrt(d) of the ball down to t sigma, drawn per step independently of the state, so a "
                    + "chain from the ball's centre reaches the Laplace's centre at any epsilon) or single (t sigma "
                    + "alone, the kernel before issue 23); " + ProposalScales.allowed(),
                    ProposalScales.LADDER.configName()),
            ParameterSpec.optional("chains", "MCMC chains run from the ball's centre; >= 2 reports split R-hat",
                    "1"),
            ParameterSpec.optional("project", "true projects the release onto the public data ball "
                    + "(post-processing: same guarantee; never farther from the mean on a flat chart)", "false"),
            ConfigValues.SIGMA_RULE,
            ConfigValues.NON_PRIVATE);

    @Override
    public String name() {
        return RiemannianLaplace.NAME;
    }

    @Override
    public String description() {
        return "Riemannian Laplace exp(-rho(x, xbar)/sigma) around the Frechet mean (Reimherr et al. 2021), "
                + "sigma = Delta/epsilon on homogeneous spaces; exact sampler when available";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Mechanism create(Map<String, String> parameters) {
        ConfigValues values = ConfigValues.check(name(), PARAMETERS, parameters);
        return RiemannianLaplace.builder()
                .sampler(RiemannianLaplace.Sampler.parse(values.string("sampler")))
                .mcmc(values.mcmc(RiemannianLaplace.DEFAULT_MCMC))
                .sigmaRule(values.sigmaRule())
                .nonPrivate(values.nonPrivate())
                .project(values.bool("project"))
                .build();
    }
}
