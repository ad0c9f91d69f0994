package dev.manifolddp.mechanisms;

import java.util.function.Function;

/**
 * How a mechanism runs Metropolis-Hastings: each chain starts at the public ball's centre, runs {@code burnIn}
 * steps, then {@code thin} more; the release is the first chain's state after {@code burnIn + thin} steps. With
 * {@code chains >= 2} the other chains run the same way and only feed the split R-hat diagnostic.
 *
 * @param burnIn   steps before the released segment, {@code >= 0}
 * @param thin     steps of the released segment (the state at its end is released), {@code >= 1}
 * @param step     t: the proposal's scale is {@code t * sigma}, capped at {@code t r / sqrt(d)} for a target on the
 *                 ball {@code B_r} (see {@code McmcRunner}); finite and {@code > 0}
 * @param proposal the proposal kernel
 * @param chains   chains to run, {@code >= 1}
 * @param scales   how each step's scale is chosen: a public ladder from the ball's size down to the proposal scale
 *                 (the default), or that scale alone ({@link ProposalScales})
 */
public record McmcSettings(long burnIn, int thin, double step, ProposalKind proposal, int chains,
        ProposalScales scales) {

    /** The most steps a release may run over all its chains: beyond it a release takes days, not minutes. */
    public static final long MAX_STEPS = 1_000_000_000L;

    /** The parameter keys of the settings, as configurations, {@code --param} and mechanism parameters spell them. */
    public static final String BURN_IN = "burn-in";
    /** See {@link #BURN_IN}. */
    public static final String THIN = "thin";
    /** See {@link #BURN_IN}. */
    public static final String STEP = "step";
    /** See {@link #BURN_IN}. */
    public static final String PROPOSAL = "proposal";
    /** See {@link #BURN_IN}. */
    public static final String PROPOSAL_SCALES = "proposal-scales";
    /** See {@link #BURN_IN}. */
    public static final String CHAINS = "chains";

    public McmcSettings {
        if (burnIn < 0) {
            throw new IllegalArgumentException("burn-in must be >= 0 steps. Provided value: " + burnIn);
        }
        if (thin < 1) {
            throw new IllegalArgumentException("thin must be >= 1 step (the release is the state after burn-in + "
                    + "thin steps). Provided value: " + thin);
        }
        if (!(step > 0) || !Double.isFinite(step)) {
            throw new IllegalArgumentException("step t must be finite and > 0 (the proposal scale is t * sigma; the "
                    + "papers use 0.5). Provided value: " + step);
        }
        if (proposal == null) {
            throw new IllegalArgumentException("proposal must be one of " + ProposalKind.allowed()
                    + ". Provided value: null");
        }
        if (scales == null) {
            throw new IllegalArgumentException("proposal-scales must be one of " + ProposalScales.allowed()
                    + ". Provided value: null");
        }
        if (chains < 1) {
            throw new IllegalArgumentException("chains must be >= 1. Provided value: " + chains);
        }
        if (burnIn > MAX_STEPS || (double) chains * (burnIn + (long) thin) > MAX_STEPS) {
            throw new IllegalArgumentException(String.format("chains x (burn-in + thin) must be at most %d steps per "
                    + "release (the papers use at most 5e4); lower burn-in, thin or chains. Provided value: %d x (%d "
                    + "+ %d)", MAX_STEPS, chains, burnIn, thin));
        }
    }

    /** The settings with the default public ladder of scales ({@link ProposalScales#LADDER}). */
    public McmcSettings(long burnIn, int thin, double step, ProposalKind proposal, int chains) {
        this(burnIn, thin, step, proposal, chains, ProposalScales.LADDER);
    }

    /** Steps per chain: {@code burnIn + thin}. */
    public long stepsPerChain() {
        return burnIn + thin;
    }

    /**
     * Where {@link #read} finds the settings' values: a mechanism's parameters, a configuration's {@code mcmc} block,
     * the {@code --param} flags of a release. Each source converts text in its own syntax and refuses with its own
     * message (naming its key, path or flag); a key it does not offer or that is not given reads as null, and
     * {@link #read} keeps the default.
     */
    public interface Source {

        /** The integer given for {@code key} ({@link #BURN_IN}), at least {@code min}, or null when not given. */
        Long longValue(String key, long min);

        /** The integer given for {@code key} ({@link #THIN}, {@link #CHAINS}), at least {@code min}, or null. */
        Integer intValue(String key, int min);

        /** The finite number {@code > 0} given for {@code key} ({@link #STEP}), or null. */
        Double positive(String key);

        /** The name given for {@code key} ({@link #PROPOSAL} or {@link #PROPOSAL_SCALES}) as parsed, or null. */
        <T> T choice(String key, Function<String, T> parse);

        /** The refusal of values that are each valid but not together (too many steps); by default as it is. */
        default IllegalArgumentException refused(IllegalArgumentException e) {
            return e;
        }
    }

    /**
     * The one reading of MCMC settings: the keys, in this order ({@link #BURN_IN}, {@link #THIN}, {@link #STEP},
     * {@link #PROPOSAL}, {@link #PROPOSAL_SCALES}, {@link #CHAINS}), each from {@code source} or else from
     * {@code defaults}, then checked together.
     *
     * @throws IllegalArgumentException the source's refusal of a value, or {@link Source#refused} of the combination
     */
    public static McmcSettings read(Source source, McmcSettings defaults) {
        Long burnIn = source.longValue(BURN_IN, 0);
        Integer thin = source.intValue(THIN, 1);
        Double step = source.positive(STEP);
        ProposalKind proposal = source.choice(PROPOSAL, ProposalKind::parse);
        ProposalScales scales = source.choice(PROPOSAL_SCALES, ProposalScales::parse);
        Integer chains = source.intValue(CHAINS, 1);
        try {
            return new McmcSettings(burnIn != null ? burnIn : defaults.burnIn, thin != null ? thin : defaults.thin,
                    step != null ? step : defaults.step, proposal != null ? proposal : defaults.proposal,
                    chains != null ? chains : defaults.chains, scales != null ? scales : defaults.scales);
        } catch (IllegalArgumentException e) {
            throw source.refused(e);
        }
    }
}
