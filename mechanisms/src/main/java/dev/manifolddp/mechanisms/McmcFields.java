package dev.manifolddp.mechanisms;

/**
 * The MCMC settings a mechanism's builder collects, one by one through its setters or at once ({@link #set}); the
 * builder's {@code build()} turns them into {@link McmcSettings}, which checks them. Shared by the builders of
 * {@link KNormGradient} and {@link RiemannianLaplace}, so that the six values are kept and handed over in one place.
 */
final class McmcFields {

    long burnIn;
    int thin;
    double step;
    ProposalKind proposal;
    ProposalScales scales;
    int chains;

    /** Starts from {@code defaults}. */
    McmcFields(McmcSettings defaults) {
        set(defaults);
    }

    /** Every setting at once. */
    void set(McmcSettings settings) {
        burnIn = settings.burnIn();
        thin = settings.thin();
        step = settings.step();
        proposal = settings.proposal();
        scales = settings.scales();
        chains = settings.chains();
    }

    /** The settings, checked. */
    McmcSettings settings() {
        return new McmcSettings(burnIn, thin, step, proposal, chains, scales);
    }
}
