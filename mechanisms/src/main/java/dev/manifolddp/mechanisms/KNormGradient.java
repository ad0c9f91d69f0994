package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.FrechetGradient;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.mcmc.LogDensity;
import java.util.Arrays;
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
 * <p><b>Sampler.</b> Metropolis-Hastings ({@code mcmc}, the only sampler so far) started at the non-private Frechet
 * mean as in 000 §2.3.2, restricted to the ball (proposals outside are rejected), with the proposal scale
 * {@code t sigma}; see {@link McmcSettings}. An MCMC release of a pure-DP density is only approximately private; the
 * release says so and carries the chain's length, acceptance rate, effective sample size and R-hat. The target
 * evaluates n logarithms per step without allocating (one {@link FrechetGradient} per release).
 *
 * <p>Immutable and thread-safe: every release builds its own gradient field, proposal and chain.
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

    private KNormGradient(Builder builder, McmcSettings mcmc) {
        this.sigmaRule = builder.sigmaRule;
        this.sampler = builder.sampler;
        this.mcmc = mcmc;
        this.nonPrivate = builder.nonPrivate;
    }

    /** A builder with the paper defaults (burn-in 20 000, thin 600, t = 0.5, tangent Gaussian proposal). */
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
            // only by rounding: the mean lies in the convex ball; start at the centre so the chain starts inside
            start = ball.center();
            release.warning("the non-private mean lies outside the ball by rounding; the chain starts at the centre");
        }
        FrechetGradient field = new FrechetGradient(geometry, data);
        LogDensity target = x -> -field.gradientNorm(x) / sigma;
        double[] value = McmcRunner.run(geometry, target, start, ball.center(), radius, sigma, mcmc, random, release);
        return release.value(value).build();
    }

    /** Configures a {@link KNormGradient}; {@link #build()} validates. */
    public static final class Builder {
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private Sampler sampler = Sampler.MCMC;
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

        /** The sampler (default and only value so far: mcmc). */
        public Builder sampler(Sampler sampler) {
            this.sampler = sampler;
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
                throw new IllegalArgumentException("kng: sampler must be set (mcmc). Provided value: null");
            }
            return new KNormGradient(this, new McmcSettings(burnIn, thin, step, proposal, chains));
        }
    }
}
