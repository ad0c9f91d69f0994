package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.Map;

/** Provides {@link KNormGradient} as {@code kng}. */
public final class KNormGradientProvider implements MechanismProvider {

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.optional("sampler", "how the release is drawn: auto (exact when the geometry has an exact "
                    + "Laplace sampler and its public cost bound is below the chain's, else mcmc), exact (rejection from "
                    + "a Laplace envelope: exactly epsilon-DP) or mcmc (Metropolis-Hastings in the ball)", "auto"),
            ParameterSpec.optional("proposal-budget", "exact sampler: 0 draws until a proposal is accepted (the "
                    + "number of proposals depends on the data: a timing channel); N > 0 always draws and evaluates "
                    + "N proposals and returns the first accepted one, failing if none is (a delta the release "
                    + "records); auto sizes N from the public acceptance bound so that delta <= failure-delta "
                    + "(or the budget's delta); at most " + KNormGradient.MAX_PROPOSAL_BUDGET, "0"),
            ParameterSpec.optional("failure-delta", "with proposal-budget auto and a pure budget: the delta the "
                    + "fixed budget may cost", String.valueOf(KNormGradient.DEFAULT_FAILURE_DELTA)),
            ParameterSpec.optional("burn-in", "Metropolis-Hastings steps before the released segment",
                    String.valueOf(KNormGradient.DEFAULT_BURN_IN)),
            ParameterSpec.optional("thin", "steps of the released segment; the release is the state at its end",
                    String.valueOf(KNormGradient.DEFAULT_THIN)),
            ParameterSpec.optional("step", "t: the proposal scale is t * min(sigma, r/sqrt(d)) per tangent coordinate",
                    String.valueOf(KNormGradient.DEFAULT_STEP)),
            ParameterSpec.optional("proposal", "proposal kernel: " + ProposalKind.allowed(),
                    ProposalKind.TANGENT_GAUSSIAN.configName()),
            ParameterSpec.optional("proposal-scales", "how each step's scale is chosen: ladder (a public mixture from "
                    + "t r/sqrt(d) down to the proposal scale, drawn per step independently of the state, so a chain "
                    + "from the ball's centre reaches the target at any epsilon) or single (the proposal scale alone, "
                    + "the kernel before issue 23); " + ProposalScales.allowed(), ProposalScales.LADDER.configName()),
            ParameterSpec.optional("chains", "chains run from the ball's centre; >= 2 reports split R-hat (the first chain "
                    + "is released)", "1"),
            ConfigValues.SIGMA_RULE,
            ConfigValues.NON_PRIVATE);

    @Override
    public String name() {
        return KNormGradient.NAME;
    }

    @Override
    public String description() {
        return "K-norm gradient mechanism for the Frechet mean (Soto et al. 2022): exp(-|grad U(x;D)|/sigma) on the data ball, "
                + "sigma = 2 Delta/epsilon, drawn exactly by rejection from a Laplace envelope where the geometry "
                + "allows, else by Metropolis-Hastings";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Mechanism create(Map<String, String> parameters) {
        ConfigValues values = ConfigValues.check(name(), PARAMETERS, parameters);
        KNormGradient.Builder builder = KNormGradient.builder();
        if ("auto".equals(values.string("proposal-budget").trim())) {
            builder.autoProposalBudget();
        } else {
            // the auto budget's limit bounds a given one too: each proposal is a pass over the records, and 2^31 of
            // them is hours of work with no progress and no privacy gain over the limit
            builder.proposalBudget(values.integer("proposal-budget", 0, (int) KNormGradient.MAX_PROPOSAL_BUDGET));
        }
        return builder
                .sampler(KNormGradient.Sampler.parse(values.string("sampler")))
                .failureDelta(values.positiveReal("failure-delta"))
                .mcmc(values.mcmc(KNormGradient.DEFAULT_MCMC))
                .sigmaRule(values.sigmaRule())
                .nonPrivate(values.nonPrivate())
                .build();
    }
}
