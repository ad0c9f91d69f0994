package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.Arguments;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Random-walk Metropolis-Hastings on a {@link Geometry} for a target density with respect to the Riemannian volume
 * (the fallback when no exact sampler exists).
 *
 * <p>Each step proposes {@code y} from the current {@code x} with the {@link Proposal}, rejects it outright when it
 * leaves the optional ball {@code B_r(p0)} (the target is zero there) and otherwise accepts it with probability
 * {@code min(1, f(y)/f(x) * hastings)}, where hastings is 1 for symmetric proposals; a refused proposal
 * ({@code out} equal to the current state) is a rejection, and so is a candidate that is not a valid point (a
 * non-finite entry, or one the geometry refuses, such as a matrix that overflow made indefinite): it lies outside the
 * target's support. The diagnostics count such candidates. After {@code burnIn} steps, one
 * state in every {@code thin} is kept until {@code samples} are kept. Several chains run one after the other from the
 * given starts with the same provider, so a run is reproducible from the provider's state.
 *
 * <p>Optional step adaptation (Robbins-Monro on the log step, gain {@code n^(-0.6)} at burn-in step n) moves the
 * acceptance rate toward a target during burn-in only; the step is frozen afterwards, so the kept part of the chain
 * is a time-homogeneous Markov chain with the right stationary law. Alternatively a {@link StepLadder} draws each
 * step's scale from a public mixture, independently of the state.
 *
 * <p>Diagnostics (see {@link McmcDiagnostics}) use the geodesic distance of each kept sample to a reference point
 * (by default the start of the first chain): acceptance rate after burn-in, Geyer effective sample size, and split
 * R-hat when there are at least two chains.
 *
 * <p>An MCMC release of a pure-DP density is only approximately private; the report must give the chain length and
 * diagnostics (Soto et al. 2022, §4; Kulkarni and Soto 2025, App. A.1). The step loop allocates nothing (measured in the
 * tests); an instance holds scratch arrays and is <b>not thread-safe</b>.
 */
public final class MetropolisHastings {

    private static final double ADAPTATION_DECAY = 0.6;
    private static final double MIN_LOG_STEP_CHANGE = -2;
    private static final double MAX_LOG_STEP_CHANGE = 2;

    private final Geometry geometry;
    private final LogDensity target;
    private final Proposal proposal;
    private final double step;
    private final StepLadder ladder;
    private final long burnIn;
    private final int thin;
    private final int samples;
    private final int chains;
    private final double[] ballCenter;
    private final double ballRadius;
    private final double targetAcceptance;
    private final double[] reference;
    private final List<String> warnings;
    private double[] current;
    private double[] candidate;

    private MetropolisHastings(Builder b) {
        this.geometry = b.geometry;
        this.target = b.target;
        this.proposal = b.proposal;
        this.step = b.step;
        this.ladder = b.ladder;
        this.burnIn = b.burnIn;
        this.thin = b.thin;
        this.samples = b.samples;
        this.chains = b.chains;
        this.ballCenter = b.ballCenter == null ? null : b.ballCenter.clone();
        this.ballRadius = b.ballRadius;
        this.targetAcceptance = b.adapt ? b.targetAcceptance : 0;
        this.reference = b.reference == null ? null : b.reference.clone();
        List<String> notes = new ArrayList<>();
        if (!proposal.symmetric() && !proposal.hastingsRatioKnown()) {
            notes.add("the proposal (" + proposal.describe() + ") is not symmetric and its density is intractable: "
                    + "no Hastings correction, so the chain's stationary law differs from the target");
        }
        this.warnings = List.copyOf(notes);
        int length = geometry.layout().length();
        this.current = new double[length];
        this.candidate = new double[length];
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Runs every chain from {@code start}. */
    public McmcResult run(double[] start, UniformRandomProvider rng) {
        Arguments.requireNonNull("start", start);
        double[][] starts = new double[chains][];
        for (int c = 0; c < chains; c++) {
            starts[c] = start;
        }
        return run(starts, rng);
    }

    /** Runs chain c from {@code starts[c]}; needs one start per chain, each inside the ball and of positive density. */
    public McmcResult run(double[][] starts, UniformRandomProvider rng) {
        Arguments.requireNonNull("starts", starts);
        Arguments.requireNonNull("rng", rng);
        if (starts.length != chains) {
            throw new IllegalArgumentException(String.format(
                    "starts must hold one point per chain (%d). Provided length: %d", chains, starts.length));
        }
        for (int c = 0; c < chains; c++) {
            String name = "starts[" + c + "]";
            Arguments.requirePoint(geometry, name, starts[c]);
            if (ballCenter != null && geometry.distance(ballCenter, starts[c]) > ballRadius) {
                throw new IllegalArgumentException(String.format(
                        "%s lies outside the ball of radius %s the target is restricted to (distance %s); start "
                                + "inside it. Provided value: %s", name, ballRadius,
                        geometry.distance(ballCenter, starts[c]), Arrays.toString(starts[c])));
            }
            double logDensity = target.logDensity(starts[c]);
            if (!Double.isFinite(logDensity)) {
                throw new IllegalArgumentException(String.format(
                        "the target's log density at %s must be finite; start where the density is positive. "
                                + "Provided value: %s", name, logDensity));
            }
        }
        double[] ref = reference != null ? reference : starts[0].clone();
        int length = geometry.layout().length();
        double[][] kept = new double[chains * samples][length];
        double[][] summaries = new double[chains][samples];
        double[][] lastStates = new double[chains][];
        double[] acceptance = new double[chains];
        double[] ess = new double[chains];
        double[] finalSteps = new double[chains];
        long invalid = 0;
        for (int c = 0; c < chains; c++) {
            ChainOutcome outcome = runChain(starts[c], rng, kept, c * samples, summaries[c], ref);
            invalid += outcome.invalidCandidates;
            lastStates[c] = current.clone();
            acceptance[c] = outcome.acceptanceRate;
            finalSteps[c] = outcome.step;
            ess[c] = EffectiveSampleSize.of(summaries[c]);
        }
        double totalAcceptance = 0;
        double totalEss = 0;
        for (int c = 0; c < chains; c++) {
            totalAcceptance += acceptance[c];
            totalEss += ess[c];
        }
        OptionalDouble rHat = chains >= 2 && samples >= 4 ? OptionalDouble.of(SplitRHat.of(summaries))
                : OptionalDouble.empty();
        McmcDiagnostics diagnostics = new McmcDiagnostics(chains, burnIn, thin, samples, totalAcceptance / chains,
                acceptance, totalEss, ess, rHat, finalSteps, targetAcceptance > 0, ref, proposal.describe(),
                warnings, invalid);
        return new McmcResult(kept, lastStates, diagnostics);
    }

    private record ChainOutcome(double acceptanceRate, double step, long invalidCandidates) {
    }

    /** The step loop: allocation-free (current and candidate are swapped, kept states copied into preallocated rows). */
    private ChainOutcome runChain(double[] start, UniformRandomProvider rng, double[][] kept, int offset,
            double[] summary, double[] ref) {
        System.arraycopy(start, 0, current, 0, start.length);
        double logCurrent = target.logDensity(current);
        double logStep = Math.log(step);
        double stepNow = step;
        boolean adapt = targetAcceptance > 0;
        boolean needsCorrection = !proposal.symmetric() && proposal.hastingsRatioKnown();
        long accepted = 0;
        long total = burnIn + (long) samples * thin;
        int keptCount = 0;
        long invalid = 0;
        for (long i = 0; i < total; i++) {
            boolean accept = false;
            double logCandidate = Double.NEGATIVE_INFINITY;
            // the ladder's factor is drawn before the move, independently of the state (a public mixture)
            double stepUsed = stepNow * ladder.factor(rng);
            boolean valid = propose(rng, stepUsed);
            // out == current is how a proposal refuses a move (see Proposal): a rejection, not an acceptance
            boolean refused = !valid || Arrays.equals(candidate, current);
            if (!valid) {
                invalid++;
            }
            if (!refused && insideBall()) {
                logCandidate = logDensityOrOutside();
                if (Double.isNaN(logCandidate) || logCandidate == Double.POSITIVE_INFINITY) {
                    throw new IllegalStateException("the target's log density returned " + logCandidate
                            + "; it must be finite or -infinity (outside the support)");
                }
                double logRatio = logCandidate - logCurrent;
                if (needsCorrection && logRatio > Double.NEGATIVE_INFINITY) {
                    logRatio += proposal.logHastingsRatio(current, candidate, stepUsed);
                }
                accept = logRatio >= 0 || Math.log(rng.nextDouble()) < logRatio;
            }
            if (accept) {
                double[] swap = current;
                current = candidate;
                candidate = swap;
                logCurrent = logCandidate;
            }
            if (i < burnIn) {
                if (adapt) {
                    double change = ((accept ? 1.0 : 0.0) - targetAcceptance) / Math.pow(i + 1, ADAPTATION_DECAY);
                    logStep += Math.max(MIN_LOG_STEP_CHANGE, Math.min(MAX_LOG_STEP_CHANGE, change));
                    stepNow = Math.exp(logStep);
                }
                continue;
            }
            if (accept) {
                accepted++;
            }
            if ((i - burnIn + 1) % thin == 0) {
                System.arraycopy(current, 0, kept[offset + keptCount], 0, current.length);
                summary[keptCount] = geometry.distance(ref, current);
                keptCount++;
            }
        }
        long after = total - burnIn;
        return new ChainOutcome(after == 0 ? Double.NaN : accepted / (double) after, stepNow, invalid);
    }

    /**
     * Proposes into {@code candidate}; false when the proposal is not a valid point (a non-finite entry, or a move the
     * geometry cannot represent, e.g. an exp that overflows to a matrix that is not positive definite). Such a
     * candidate lies outside the target's support, so it is a rejection, not an error: the target has density 0
     * there. Exceptions only happen on invalid candidates, so the valid path allocates nothing.
     */
    private boolean propose(UniformRandomProvider rng, double stepNow) {
        try {
            proposal.propose(current, stepNow, rng, candidate);
        } catch (IllegalArgumentException | IllegalStateException | ArithmeticException invalid) {
            return false;
        }
        for (double x : candidate) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }

    /** True when there is no ball or {@code candidate} lies in it; a point the geometry refuses lies outside. */
    private boolean insideBall() {
        if (ballCenter == null) {
            return true;
        }
        try {
            return geometry.distance(ballCenter, candidate) <= ballRadius;
        } catch (IllegalArgumentException invalid) {
            return false;
        }
    }

    /**
     * The target's log density at {@code candidate}, or -infinity when the geometry refuses the point (for instance a
     * matrix that rounding made indefinite): outside the support.
     */
    private double logDensityOrOutside() {
        try {
            return target.logDensity(candidate);
        } catch (IllegalArgumentException invalid) {
            return Double.NEGATIVE_INFINITY;
        }
    }

    /** The warnings every run of this sampler reports. */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Configures a {@link MetropolisHastings}; everything is checked in {@link #build()}. Required: geometry,
     * target, proposal, step, samples. Defaults: burn-in 10 000 and thinning 100 (the sphere settings of Reimherr et al. 2021, suppl. §1.5),
     * one chain, no ball, no adaptation, reference = start of the first chain.
     */
    public static final class Builder {
        private Geometry geometry;
        private LogDensity target;
        private Proposal proposal;
        private double step = Double.NaN;
        private StepLadder ladder = StepLadder.SINGLE;
        private long burnIn = 10_000;
        private int thin = 100;
        private int samples = -1;
        private int chains = 1;
        private double[] ballCenter;
        private double ballRadius = Double.NaN;
        private boolean adapt;
        private double targetAcceptance;
        private double[] reference;

        private Builder() {
        }

        /** The manifold the chain moves on. */
        public Builder geometry(Geometry geometry) {
            this.geometry = geometry;
            return this;
        }

        /** The unnormalised log density (w.r.t. the Riemannian volume). */
        public Builder target(LogDensity target) {
            this.target = target;
            return this;
        }

        /** The proposal kernel; build it on the same geometry. */
        public Builder proposal(Proposal proposal) {
            this.proposal = proposal;
            return this;
        }

        /** The proposal scale (finite, > 0); the initial one when adapting. */
        public Builder step(double step) {
            this.step = step;
            return this;
        }

        /**
         * A public mixture of scales: each step uses {@code step} times a factor drawn from the ladder (default one
         * scale). Not with {@link #adaptStep}.
         */
        public Builder ladder(StepLadder ladder) {
            this.ladder = ladder;
            return this;
        }

        /** Steps discarded at the start of each chain (>= 0). */
        public Builder burnIn(long burnIn) {
            this.burnIn = burnIn;
            return this;
        }

        /** Keep one state every {@code thin} steps after burn-in (>= 1). */
        public Builder thin(int thin) {
            this.thin = thin;
            return this;
        }

        /** Kept samples per chain (>= 1). */
        public Builder samples(int samples) {
            this.samples = samples;
            return this;
        }

        /** Number of chains (>= 1); split R-hat needs >= 2 and at least 4 samples per chain. */
        public Builder chains(int chains) {
            this.chains = chains;
            return this;
        }

        /** Restricts the target to the closed geodesic ball {@code B_radius(center)}; proposals outside are rejected. */
        public Builder restrictTo(double[] center, double radius) {
            this.ballCenter = center;
            this.ballRadius = radius;
            return this;
        }

        /** Adapts the step during burn-in toward this acceptance rate, in (0, 1) (e.g. 0.234 to 0.44). */
        public Builder adaptStep(double targetAcceptance) {
            this.adapt = true;
            this.targetAcceptance = targetAcceptance;
            return this;
        }

        /** The point the diagnostic summary measures distances from (default: the first chain's start). */
        public Builder reference(double[] reference) {
            this.reference = reference;
            return this;
        }

        /** Checks every setting and builds the sampler. */
        public MetropolisHastings build() {
            Arguments.requireNonNull("geometry", geometry);
            Arguments.requireNonNull("target", target);
            Arguments.requireNonNull("proposal", proposal);
            Arguments.requirePositiveFinite("step", step);
            Arguments.requireAtLeast("burnIn", burnIn, 0L);
            Arguments.requireAtLeast("thin", thin, 1);
            if (samples == -1) {
                throw new IllegalArgumentException("samples (kept samples per chain) must be set, >= 1. "
                        + "Provided value: unset");
            }
            Arguments.requireAtLeast("samples", samples, 1);
            Arguments.requireAtLeast("chains", chains, 1);
            if (adapt && !(targetAcceptance > 0 && targetAcceptance < 1)) {
                throw new IllegalArgumentException("adaptStep's target acceptance rate must be in (0, 1). "
                        + "Provided value: " + targetAcceptance);
            }
            Arguments.requireNonNull("ladder", ladder);
            if (adapt && ladder.levels() > 1) {
                throw new IllegalArgumentException("step adaptation tunes one scale; a ladder of "
                        + ladder.levels() + " scales is already a public mixture. Drop adaptStep or use one scale. "
                        + "Provided value: ladder of " + ladder.levels() + " scales");
            }
            if (adapt && burnIn == 0) {
                throw new IllegalArgumentException("step adaptation happens during burn-in only; set burnIn > 0 "
                        + "or drop adaptStep. Provided value: burnIn = 0");
            }
            if (ballCenter != null || !Double.isNaN(ballRadius)) {
                Arguments.requirePositiveFinite("ball radius", ballRadius);
                Arguments.requirePoint(geometry, "ball center", ballCenter);
            }
            if (reference != null) {
                Arguments.requirePoint(geometry, "reference", reference);
            }
            long total = burnIn + (long) samples * thin;
            if (total < 0 || (long) samples * chains > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the run is too long to index: samples * chains must fit an int. "
                        + "Provided value: " + samples + " x " + chains);
            }
            return new MetropolisHastings(this);
        }
    }
}
