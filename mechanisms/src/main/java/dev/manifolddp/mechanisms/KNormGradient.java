package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.FrechetGradient;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.exact.ExactKngSampler;
import dev.manifolddp.sampling.exact.KngTarget;
import dev.manifolddp.sampling.mcmc.LogDensity;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The K-norm gradient mechanism (KNG) for the Frechet mean (paper 001 §2.2-3; MATH §3.2): a draw from
 * {@code f(x; D) ∝ exp(-|grad U(x; D)|_x / sigma)} on the public ball {@code B_r(p0)}, a density with respect to the
 * Riemannian volume, where {@code |grad U(x; D)|_x = (1/n) |sum_i log(x, x_i)|_x}
 * ({@link FrechetGradient#gradientNorm}).
 *
 * <p><b>Calibration.</b> Under Assumption 1 ({@code r < (1/2) min{inj M, pi/(2 sqrt(kmax))}}, checked), Theorem 2
 * bounds the gradient's sensitivity by {@code Delta = 2 r (2 - h_max(2r, kmax)) / n}
 * ({@link SensitivityBounds#kngMean}) and Theorem 1 gives epsilon-DP with the proven {@code sigma = 2 Delta /
 * epsilon}. The {@code paper} rule reproduces 000 §2.4.2 (001 Fig. 1, sphere): {@code sigma = Delta' / epsilon} with
 * {@code Delta' = 2 r (2 - h_max(r, kmax)) / n} (h at r, not 2r); it is below the proven scale and the release is
 * marked not private.
 *
 * <p><b>Sampler.</b> {@code exact} draws by rejection from a Riemannian Laplace envelope ({@link ExactKngSampler};
 * MATH §3.7): a proposal from the exact Laplace at the non-private mean with scale {@code sigma / h_max(2r, kmax)},
 * rejected outside the ball, accepted with probability {@code exp(-(|grad U(x)| - h rho(x, a) + |grad U(a)|)/sigma)},
 * which 001 Lemma 1 keeps at most 1 for the computed (approximate) mean a; a violation throws. The draw has exactly
 * the KNG law, so the release is exactly epsilon-DP. It needs an exact Laplace sampler
 * ({@code ExactLaplaceSamplers.find}: spheres and Kendall shapes by polar rejection, log-Euclidean SPD through its
 * chart; not affine-invariant SPD). On log-Euclidean SPD the gradient is the chart difference, so
 * {@code |grad U(x)| = rho(x, xbar)}: the KNG for the mean is the Riemannian Laplace restricted to the ball and every
 * proposal inside the ball is accepted.
 *
 * <p>{@code mcmc} runs Metropolis-Hastings started at the non-private Frechet mean as in 000 §2.3.2, restricted to
 * the ball (proposals outside are rejected), with the proposal scale {@code t sigma}; see {@link McmcSettings}. An
 * MCMC release of a pure-DP density is only approximately private; the release says so and carries the chain's
 * length, acceptance rate, effective sample size and R-hat. The target evaluates n logarithms per step without
 * allocating (one {@link FrechetGradient} per release).
 *
 * <p>{@code auto} (the default) uses the exact sampler when the geometry has one and its expected cost is not above
 * the configured chain's: the acceptance rate falls like {@code (h_max(2r, kmax)/h_min(2r, kmin))^d} with the dimension
 * d (about 0.6 on S^2 at r = pi/8, below 1e-5 on Kendall shapes with 50 landmarks at r = 0.15), so auto compares
 * {@code 1 / ExactKngSampler.predictedMeanAcceptance} (proposals per draw, an estimate from public values only) with
 * the chain's {@code chains (burn-in + thin)} steps and otherwise runs Metropolis-Hastings. The choice depends on
 * public values only; the release records it ({@code autoChoice}, {@code predictedAcceptance}).
 *
 * <p><b>Timing channel.</b> The exact sampler's number of proposals, hence its running time and the proposal count
 * in the {@link SamplerReport}, depends on the data; the DP guarantee covers the released value only. With
 * {@code proposalBudget} N > 0 the exact sampler always draws and evaluates exactly N proposals and returns the first
 * accepted one; if none is accepted the release fails with an {@link IllegalStateException} (it never falls back to
 * Metropolis-Hastings), and that failure is itself a data-dependent event of probability {@code (1 - alpha_D)^N}
 * (alpha_D the acceptance rate), which must be negligible. A budget needs an exact sampler (sampler auto or exact).
 * The budget fixes the sampler's work only: the non-private mean's gradient descent still takes a data-dependent
 * number of iterations. See {@code docs/exact-sampling.md}.
 *
 * <p>Immutable and thread-safe: every release builds its own gradient field and exact sampler, or proposal and chain.
 */
public final class KNormGradient implements MeanMechanism {

    /** The registered name. */
    public static final String NAME = "kng";

    /** Defaults of 001 Fig. 1 (sphere, 000 §2.4.2). */
    public static final long DEFAULT_BURN_IN = 20_000;
    public static final int DEFAULT_THIN = 600;
    public static final double DEFAULT_STEP = 0.5;

    /** How the release is drawn. */
    public enum Sampler {
        /** Exact when the geometry has an exact sampler and its predicted cost is below the chain's, else mcmc. */
        AUTO("auto"),
        /** Exact rejection sampling from a Laplace envelope (fails when the geometry has no exact Laplace sampler). */
        EXACT("exact"),
        /** Metropolis-Hastings restricted to the ball. */
        MCMC("mcmc");

        private final String configName;

        Sampler(String configName) {
            this.configName = configName;
        }

        public String configName() {
            return configName;
        }

        /** Reads a configuration name; unknown names fail with the allowed ones. */
        public static Sampler parse(String text) {
            String trimmed = text == null ? null : text.trim();
            for (Sampler sampler : values()) {
                if (sampler.configName.equals(trimmed)) {
                    return sampler;
                }
            }
            throw new IllegalArgumentException("unknown sampler for kng; allowed: " + Arrays.stream(values())
                    .map(Sampler::configName).collect(Collectors.joining(", ")) + ". Provided value: " + text);
        }
    }

    private final SigmaRule sigmaRule;
    private final Sampler sampler;
    private final McmcSettings mcmc;
    private final boolean nonPrivate;
    private final long proposalBudget;

    private KNormGradient(Builder builder, McmcSettings mcmc) {
        this.sigmaRule = builder.sigmaRule;
        this.sampler = builder.sampler;
        this.mcmc = mcmc;
        this.nonPrivate = builder.nonPrivate;
        this.proposalBudget = builder.proposalBudget;
    }

    /**
     * A builder with the defaults: sampler auto, no proposal budget; for MCMC the paper's settings (burn-in 20 000,
     * thin 600, t = 0.5, tangent Gaussian proposal).
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String name() {
        return NAME;
    }

    public SigmaRule sigmaRule() {
        return sigmaRule;
    }

    public Sampler sampler() {
        return sampler;
    }

    public McmcSettings mcmc() {
        return mcmc;
    }

    public boolean nonPrivate() {
        return nonPrivate;
    }

    /** The exact sampler's fixed number of proposals per release; 0: draw until one is accepted. */
    public long proposalBudget() {
        return proposalBudget;
    }

    /**
     * The proven sensitivity {@code Delta = 2 r (2 - h_max(2r, kmax)) / n}; checks Assumption 1.
     */
    public static double sensitivity(Geometry geometry, double radius, int n) {
        return SensitivityBounds.kngMean(geometry, radius, n);
    }

    /** The sensitivity 000 §2.4.2 used: {@code Delta' = 2 r (2 - h_max(r, kmax)) / n}; checks Assumption 1. */
    public static double paperSensitivity(Geometry geometry, double radius, int n) {
        SensitivityBounds.requireAssumption1(geometry, radius);
        return 2 * radius * (2 - CurvatureFunctions.hMax(radius, geometry.curvature().max())) / n;
    }

    @Override
    public Release<double[]> release(Geometry geometry, double[][] data, DataBall ball, PrivacyBudget budget,
            UniformRandomProvider random) {
        Release.Builder<double[]> release = ReleaseContext.start(NAME, geometry, data, ball, budget, random,
                nonPrivate);
        int n = data.length;
        double radius = ball.radius();
        double delta = sensitivity(geometry, radius, n);
        double epsilon = budget.epsilon();
        NoiseScale scale = NoiseScale.resolve(sigmaRule, 2 * delta / epsilon,
                () -> paperSensitivity(geometry, radius, n) / epsilon);
        double sigma = scale.sigma();
        boolean paper = sigmaRule instanceof SigmaRule.Paper;
        release.sensitivity(paper ? paperSensitivity(geometry, radius, n) : delta)
                .parameter("provenSensitivity", delta)
                .parameter("sigmaFormula", paper ? "Delta'/epsilon, Delta' = 2r(2 - h_max(r, kmax))/n (000 §2.4.2)"
                        : "2 Delta/epsilon, Delta = 2r(2 - h_max(2r, kmax))/n (001 Thm 1-2)")
                .parameter("sampler", sampler.configName());
        scale.applyTo(release);

        double[] mean = ReleaseContext.frechetMean(geometry, data, ball, release);
        double[] start = mean;
        if (geometry.distance(ball.center(), mean) > radius) {
            // only by rounding: the mean lies in the convex ball; start (or anchor the envelope) at the centre
            start = ball.center();
            release.warning("the non-private mean lies outside the ball by rounding; the sampler starts at the centre");
        }
        FrechetGradient field = new FrechetGradient(geometry, data);
        Optional<ExactKngSampler> exact = chooseExact(geometry, radius, sigma, release);
        double[] value;
        if (exact.isPresent()) {
            value = new double[geometry.layout().length()];
            double h = ExactKngSampler.frechetMeanConvexity(geometry, radius);
            KngTarget target = new KngTarget(field::gradientNorm, ball.center(), radius, h, start);
            long proposals = exact.get().sample(target, sigma, proposalBudget, random, value);
            release.sampler(proposalBudget > 0 ? SamplerReport.exactWithBudget(proposals)
                            : SamplerReport.exact(proposals)).parameter("sampler", "exact")
                    .parameter("exactSampler", exact.get().laplace().getClass().getSimpleName())
                    .parameter("envelopeConvexity", h)
                    .parameter("proposalBudget", proposalBudget);
            if (proposalBudget == 0) {
                release.warning("exact sampler: the number of proposals (reported in the sampler report) and the "
                        + "running time depend on the data, which the DP guarantee does not cover; set "
                        + "proposal-budget for a data-independent amount of work");
            }
        } else {
            release.parameter("sampler", "mcmc");
            LogDensity target = x -> -field.gradientNorm(x) / sigma;
            value = McmcRunner.run(geometry, target, start, ball.center(), radius, sigma, mcmc, random, release);
        }
        return release.value(value).build();
    }

    /**
     * The exact sampler to use, or empty for Metropolis-Hastings, from the configured sampler, the geometry and public
     * values only (never the data); records the reason in the release.
     */
    private Optional<ExactKngSampler> chooseExact(Geometry geometry, double radius, double sigma,
            Release.Builder<double[]> release) {
        if (sampler == Sampler.MCMC) {
            return Optional.empty();
        }
        Optional<ExactKngSampler> exact = ExactKngSampler.find(geometry);
        if (exact.isEmpty()) {
            if (sampler == Sampler.EXACT || proposalBudget > 0) {
                throw new IllegalArgumentException(String.format(
                        "kng: no exact sampler exists for %s (it needs an exact Riemannian Laplace sampler: the "
                                + "capability ExactLaplaceSampler, RadialVolume with TangentBasis, or IsometricChart)"
                                + "; use sampler mcmc%s. Provided value: sampler = %s, proposal-budget = %d",
                        geometry.spec(), proposalBudget > 0 ? " with proposal-budget 0" : " or auto",
                        sampler.configName(), proposalBudget));
            }
            release.parameter("autoChoice", "mcmc: the geometry has no exact Laplace sampler");
            return exact;
        }
        double predicted = ExactKngSampler.predictedMeanAcceptance(geometry, radius, sigma);
        release.parameter("predictedAcceptance", predicted);
        if (sampler == Sampler.EXACT || proposalBudget > 0) {
            return exact;
        }
        double chainSteps = (double) mcmc.chains() * mcmc.stepsPerChain();
        if (predicted > 0 && 1 / predicted <= chainSteps) {
            release.parameter("autoChoice", String.format(java.util.Locale.ROOT, "exact: about %.3g proposals per "
                    + "draw predicted, against %.0f chain steps", 1 / predicted, chainSteps));
            return exact;
        }
        release.parameter("autoChoice", String.format(java.util.Locale.ROOT, "mcmc: the predicted acceptance rate "
                + "%.3g of the exact sampler would cost more proposals than the chain's %.0f steps", predicted,
                chainSteps));
        return Optional.empty();
    }

    /** Configures a {@link KNormGradient}; {@link #build()} validates. */
    public static final class Builder {
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private Sampler sampler = Sampler.AUTO;
        private long proposalBudget;
        private long burnIn = DEFAULT_BURN_IN;
        private int thin = DEFAULT_THIN;
        private double step = DEFAULT_STEP;
        private ProposalKind proposal = ProposalKind.TANGENT_GAUSSIAN;
        private int chains = 1;
        private boolean nonPrivate;

        private Builder() {
        }

        /** The calibration rule (default proven: sigma = 2 Delta / epsilon). */
        public Builder sigmaRule(SigmaRule sigmaRule) {
            this.sigmaRule = sigmaRule;
            return this;
        }

        /** The sampler (default auto: exact when available and cheaper than the chain, else mcmc). */
        public Builder sampler(Sampler sampler) {
            this.sampler = sampler;
            return this;
        }

        /**
         * The exact sampler's fixed number of proposals per release (default 0: draw until one is accepted). With
         * N > 0 every release draws and evaluates exactly N proposals and returns the first accepted one, or fails
         * when none is; it needs an exact sampler (sampler auto or exact).
         */
        public Builder proposalBudget(long proposalBudget) {
            this.proposalBudget = proposalBudget;
            return this;
        }

        /** Metropolis-Hastings steps before the released segment (default 20 000). */
        public Builder burnIn(long burnIn) {
            this.burnIn = burnIn;
            return this;
        }

        /** Steps of the released segment; the release is the state at its end (default 600). */
        public Builder thin(int thin) {
            this.thin = thin;
            return this;
        }

        /** t: the proposal scale is {@code t sigma} (default 0.5). */
        public Builder step(double step) {
            this.step = step;
            return this;
        }

        /** The proposal kernel (default tangent Gaussian). */
        public Builder proposal(ProposalKind proposal) {
            this.proposal = proposal;
            return this;
        }

        /** Chains to run (default 1); with two or more the release reports split R-hat. */
        public Builder chains(int chains) {
            this.chains = chains;
            return this;
        }

        /** Allow a data-derived ball (default false); the release is then marked not private. */
        public Builder nonPrivate(boolean nonPrivate) {
            this.nonPrivate = nonPrivate;
            return this;
        }

        public KNormGradient build() {
            if (sigmaRule == null) {
                throw new IllegalArgumentException("kng: sigmaRule must be set (proven, paper, scaled:F or fixed:S). "
                        + "Provided value: null");
            }
            if (sampler == null) {
                throw new IllegalArgumentException("kng: sampler must be set (auto, exact or mcmc). Provided value: "
                        + "null");
            }
            if (proposalBudget < 0) {
                throw new IllegalArgumentException("kng: proposal-budget must be >= 0 (0: draw until a proposal is "
                        + "accepted). Provided value: " + proposalBudget);
            }
            if (proposalBudget > 0 && sampler == Sampler.MCMC) {
                throw new IllegalArgumentException("kng: proposal-budget applies to the exact sampler only; use "
                        + "sampler auto or exact, or proposal-budget 0. Provided value: " + proposalBudget);
            }
            return new KNormGradient(this, new McmcSettings(burnIn, thin, step, proposal, chains));
        }
    }
}
