package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.GradientField;
import dev.manifolddp.estimators.PaperNoiseScale;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.TangentBundle;
import dev.manifolddp.geometry.VolumeGrowth;
import dev.manifolddp.sampling.exact.ExactKngSampler;
import dev.manifolddp.sampling.exact.GradientNorm;
import dev.manifolddp.sampling.exact.KngEnvelope;
import dev.manifolddp.sampling.exact.KngTarget;
import dev.manifolddp.sampling.mcmc.LogDensity;
import dev.manifolddp.sampling.mcmc.StepLadder;
import dev.manifolddp.sampling.mcmc.TangentBundleDensity;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The K-norm gradient mechanism (KNG) for the Frechet mean (Soto et al. 2022, §2.2-3): a draw from
 * {@code f(x; D) ∝ exp(-|grad U(x; D)|_x / sigma)} on the public ball {@code B_r(p0)}, a density with respect to the
 * Riemannian volume, where {@code |grad U(x; D)|_x = (1/n) |sum_i log(x, x_i)|_x}
 * ({@link dev.manifolddp.estimators.FrechetGradient#gradientNorm} for the mean).
 *
 * <p><b>Calibration.</b> Under Assumption 1 ({@code r < (1/2) min{inj M, pi/(2 sqrt(kmax))}}, checked), the
 * gradient's sensitivity is {@code Delta = L(r) / n} with L(r) the bound on {@code |log_x y - log_x y'|} over the ball
 * of {@link SensitivityBounds#logDifference} (Rauch's {@code 2r g(2r, kmax)}, or the geometry's own smaller one;
 * {@code docs/sensitivity-bounds.md}), never above Theorem 2's {@code 2 r (2 - h_max(2r, kmax)) / n}
 * ({@link SensitivityBounds#kngMean}), and Theorem 1 gives epsilon-DP with the proven {@code sigma = 2 Delta /
 * epsilon} on the data ball. The proven rule then looks for a better domain ({@link KngDomain}): where the estimator
 * proves a bound psi on the normalising constant's change for a density on a larger concentric public ball of radius
 * R ({@link Estimator#densityDomain}; the Frechet mean on constant curvature {@code >= 0},
 * {@code docs/kng-normaliser.md}), the density lives on that ball with the smallest certified sigma such that
 * {@code Delta_R / sigma + psi(sigma) <= epsilon}, about half of Theorem 1's from moderate n, and the draw is
 * projected onto the data ball (post-processing). The release records {@code densityRadius} and
 * {@code normaliserShift}. The {@code paper} rule reproduces Soto et al. 2022, suppl. §2.4.2 (Soto et al. 2022, Fig. 1, sphere): {@code sigma = Delta' / epsilon} with
 * {@code Delta' = 2 r (2 - h_max(r, kmax)) / n} (h at r, not 2r); it is below the proven scale and the release is
 * marked not private.
 *
 * <p><b>Sampler.</b> {@code exact} draws by rejection from a Riemannian Laplace envelope ({@link ExactKngSampler};
 * docs/exact-sampling.md): a proposal from the exact Laplace at the non-private mean with scale {@code sigma / h_max(2r, kmax)},
 * rejected outside the ball, accepted with probability {@code exp(-(|grad U(x)| - h rho(x, a) + |grad U(a)|)/sigma)},
 * which Soto et al. 2022, Lemma 1 keeps at most 1 for the computed (approximate) mean a; a violation throws. The draw has exactly
 * the KNG law, so the release is exactly epsilon-DP. It needs an exact Laplace sampler
 * ({@code ExactLaplaceSamplers.find}: spheres and Kendall shapes by polar rejection, log-Euclidean SPD through its
 * chart; not affine-invariant SPD). On log-Euclidean SPD the gradient is the chart difference, so
 * {@code |grad U(x)| = rho(x, xbar)}: the KNG for the mean is the Riemannian Laplace restricted to the ball and every
 * proposal inside the ball is accepted. With an unlimited proposal budget and the Frechet mean, a geometry with the
 * {@code FrechetGradientBound} capability (Kendall's shape space) replaces {@code h rho(x, a) - g0} by a
 * data-dependent line under |grad U| and proposes inside the ball with directions tilted towards its centre
 * ({@link ExactKngSampler#dataEnvelope}) whenever the public acceptance bound allows more than
 * {@link #DATA_ENVELOPE_ABOVE} proposals per draw: the same exact law with far fewer proposals (at 50 landmarks,
 * n = 400, r = 0.3 about 1.5 to 3 instead of more than 10^16, also with the mean far from the ball's centre). Its
 * slope stays in the diagnostics.
 *
 * <p>{@code mcmc} runs Metropolis-Hastings restricted to the ball, started at the ball's public centre (never at the
 * non-private mean, which a chain that does not move would release), with the proposal scale
 * {@code t min(sigma, r/sqrt(d))} per tangent coordinate (public values only; see {@link McmcSettings}). An MCMC
 * release only approximates the KNG law: its guarantee is {@link Guarantee#MCMC}. Acceptance, effective sample size
 * and R-hat go to the release's diagnostics. The target evaluates n logarithms per step without allocating.
 *
 * <p>{@code auto} (the default) uses the exact sampler when the geometry has one and its cost is not above the
 * configured chain's: {@link ExactKngSampler#acceptanceLowerBound} is a public lower bound on the acceptance rate
 * (from the dimension, curvature bounds, r and sigma; it falls like {@code h_max(2r, kmax)^d}), and auto compares
 * {@code 1/bound} proposals with the chain's {@code chains (burn-in + thin)} steps. The choice depends on public values
 * only; the release records it ({@code samplerChoice}, {@code acceptanceLowerBound}). Where that bound is too small
 * (for the chain, or for the automatic fixed budget) but the sampler offers the data-dependent envelope
 * ({@link ExactKngSampler#offersDataEnvelope()}: the geometry's {@code FrechetGradientBound} with tilted in-ball
 * proposals, a public fact about the geometry; Kendall's shape space) and the estimator is the Frechet mean, auto
 * draws exactly with that envelope and no proposal budget instead of running the chain: pure epsilon-DP, with the
 * timing channel of every unlimited exact draw (below), which the release warns about. A fixed
 * {@code proposalBudget} N keeps the public envelope. Metropolis-Hastings remains for geometries without an exact
 * sampler or without such an envelope, and on request.
 *
 * <p><b>Timing channel and fixed budgets.</b> Drawn until accepted, the exact sampler's number of proposals (hence
 * its running time) depends on the data; the DP guarantee covers the released value only. With
 * {@code proposalBudget} N > 0 the exact sampler always draws and evaluates exactly N proposals and returns the first
 * accepted one; if none is accepted the release fails with an {@link IllegalStateException} (it never falls back to
 * Metropolis-Hastings). That failure is a data-dependent event of probability at most {@code (1 - alpha)^N} for the
 * public bound alpha, so the release is (epsilon, delta)-DP with {@code delta = (1 + e^epsilon) (1 - alpha)^N}, which
 * it records in its budget (guarantee {@link Guarantee#EPSILON_DELTA}). {@code autoProposalBudget} (configuration
 * {@code proposal-budget: auto}, the command line's default) chooses the smallest N meeting a target delta. See
 * {@code docs/exact-sampling.md}.
 *
 * <p>Immutable and thread-safe: every release builds its own gradient field and exact sampler, or proposal and chain.
 */
public final class KNormGradient implements Mechanism {

    /** The registered name. */
    public static final String NAME = "kng";

    /** Defaults of Soto et al. 2022, Fig. 1 (sphere, Soto et al. 2022, suppl. §2.4.2). */
    public static final long DEFAULT_BURN_IN = 20_000;
    public static final int DEFAULT_THIN = 600;
    public static final double DEFAULT_STEP = 0.5;
    /** The default chain: these three, the tangent Gaussian proposal, one chain, the public ladder of scales. */
    static final McmcSettings DEFAULT_MCMC = new McmcSettings(DEFAULT_BURN_IN, DEFAULT_THIN, DEFAULT_STEP,
            ProposalKind.TANGENT_GAUSSIAN, 1);
    /** The delta an automatic fixed proposal budget aims at when the privacy budget's delta is 0. */
    public static final double DEFAULT_FAILURE_DELTA = 1e-10;
    /**
     * With an unlimited budget, the data-dependent envelope is built when the public acceptance bound allows more
     * than this many proposals per draw; below, the public envelope is cheap enough.
     */
    public static final double DATA_ENVELOPE_ABOVE = 20;
    /** The largest fixed proposal budget per release; beyond it the exact draw counts as infeasible. */
    public static final long MAX_PROPOSAL_BUDGET = 1_000_000L;

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
    private final boolean autoBudget;
    private final double failureDelta;

    private KNormGradient(Builder builder, McmcSettings mcmc) {
        this.sigmaRule = builder.sigmaRule;
        this.sampler = builder.sampler;
        this.mcmc = mcmc;
        this.nonPrivate = builder.nonPrivate;
        this.proposalBudget = builder.proposalBudget;
        this.autoBudget = builder.autoBudget;
        this.failureDelta = builder.failureDelta;
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

    /** The exact sampler's fixed number of proposals per release; 0: draw until one is accepted (or auto). */
    public long proposalBudget() {
        return proposalBudget;
    }

    /** True when the proposal budget is sized from the public acceptance bound and {@link #failureDelta()}. */
    public boolean autoProposalBudget() {
        return autoBudget;
    }

    /** The delta an automatic proposal budget aims at when the budget itself has delta = 0. */
    public double failureDelta() {
        return failureDelta;
    }

    /**
     * The proven sensitivity {@code Delta = L(r) / n} ({@link SensitivityBounds#kngMean}); checks Assumption 1.
     */
    public static double sensitivity(Geometry geometry, double radius, int n) {
        return SensitivityBounds.kngMean(geometry, radius, n);
    }

    /** The sensitivity Soto et al. 2022, suppl. §2.4.2 used: {@code Delta' = 2 r (2 - h_max(r, kmax)) / n}; checks Assumption 1. */
    public static double paperSensitivity(Geometry geometry, double radius, int n) {
        SensitivityBounds.requireAssumption1(geometry, radius);
        return 2 * radius * (2 - CurvatureFunctions.hMax(radius, geometry.curvature().max())) / n;
    }

    @Override
    public Calibration calibrate(Estimator unbound, Geometry geometry, DataBall ball, int n, PrivacyBudget budget) {
        Release.Builder<double[]> release = ReleaseContext.calibration(NAME, unbound, geometry, ball, n, budget,
                nonPrivate);
        release.spendsNoDelta(); // pure unless a proposal budget or cap adds its failure delta (plan)
        Estimator estimator = ReleaseContext.bind(unbound, geometry, ball);
        Geometry space = estimator.parameterSpace(geometry);
        if (space != geometry) {
            Optional<TangentBundle> bundle = space.capability(TangentBundle.class);
            return bundle.isPresent() ? calibrateOnBundle(estimator, geometry, bundle.get(), ball, n, budget, release)
                    : calibrateOnParameters(estimator, geometry, space, ball, n, budget, release);
        }
        double radius = ball.radius();
        double delta = estimator.gradientSensitivity(geometry, radius, n);
        double epsilon = budget.epsilon();
        boolean paper = sigmaRule instanceof SigmaRule.Paper;
        if (paper && !ReleaseContext.isFrechetMean(estimator)) {
            throw ReleaseContext.lacks(estimator, NAME, "the paper's sigma rule (Soto et al. 2022, suppl. §2.4.2 calibrates the Frechet "
                    + "mean only)");
        }
        KngDomain domain = KngDomain.dataBall(radius, LaplaceScale.proven(NAME, 2, delta, epsilon), delta);
        if (sigmaRule.isProven()) {
            domain = KngDomain.choose(estimator, geometry, radius, n, epsilon, domain);
        }
        NoiseScale scale = NoiseScale.resolve(sigmaRule, domain.sigma(),
                () -> paperSensitivity(geometry, radius, n) / epsilon);
        double sigma = scale.sigma();
        release.sensitivity(paper ? paperSensitivity(geometry, radius, n) : domain.sensitivity())
                .parameter("provenSensitivity", domain.sensitivity())
                .parameter("sigmaFormula", paper ? "Delta'/epsilon, Delta' = 2r(2 - h_max(r, kmax))/n (Soto et al. 2022, suppl. §2.4.2)"
                        : domain.decoupled() ? "Delta_R/(epsilon - psi): the density lives on the public ball of "
                                + "radius densityRadius R > r about the data ball's centre, Delta_R = the gradient's "
                                + "sensitivity there, psi = normaliserShift, the proven bound on the change of ln Z "
                                + "(docs/kng-normaliser.md); the release is the draw projected onto the data ball"
                        : "2 Delta/epsilon, Delta = the estimator's gradient sensitivity (Soto et al. 2022, Thm 1; for the mean "
                                + "L(r)/n, L(r) the bound on |log_x y - log_x y'| of docs/sensitivity-bounds.md, at most Thm 2's "
                                + "2r(2 - h_max(2r, kmax)))")
                .parameter("sampler", sampler.configName());
        if (domain.decoupled()) {
            release.parameter("densityRadius", domain.radius())
                    .parameter("normaliserShift", domain.normaliserShift())
                    .parameter("dataBallSensitivity", delta);
        }
        scale.applyTo(release);
        DataBall densityBall = domain.decoupled() ? new DataBall(ball.center(), domain.radius(), ball.dataDerived())
                : ball;
        SamplingPlan plan = plan(estimator, geometry, densityBall.radius(), sigma, budget, release);
        if (plan.exact() != null) {
            ReleaseContext.floatingPointWarning(release, "rejection from a Laplace envelope drawn through the "
                    + "exponential map or a chart");
        } else {
            ReleaseContext.floatingPointWarning(release, "a Markov chain of exponential-map moves");
            McmcRunner.plan(geometry, false, densityBall, true, sigma, mcmc, release);
        }
        return Calibration.of(this, estimator, geometry, ball, n, release, new Drawing(plan, sigma, densityBall,
                domain.decoupled(), geometry));
    }

    /**
     * KNG of an estimand on another space (a variance on the line): the density {@code exp(-|grad U|/sigma)} on the
     * public ball of its parameter space that holds every dataset's estimate ({@link Estimator#parameterBall}),
     * {@code sigma = 2 Delta/epsilon} (Soto et al. 2022, Thm 1 holds for any fixed public domain: both the density and
     * its normaliser change by at most {@code exp(Delta/sigma)}), drawn by Metropolis-Hastings there.
     */
    private Calibration calibrateOnParameters(Estimator estimator, Geometry geometry, Geometry space, DataBall ball,
            int n, PrivacyBudget budget, Release.Builder<double[]> release) {
        NoiseScale scale = offManifoldScale(estimator, geometry, space, ball, n, budget, "the data's manifold as its "
                + "parameter space (the exact sampler draws on the data's manifold; use sampler mcmc or auto for "
                + space.spec() + ")", "the public parameter ball (parameterBallCenter, parameterBallRadius) of "
                + "parameterSpace (Soto et al. 2022, Thm 1; docs/parameter-spaces.md)", release);
        double sigma = scale.sigma();
        Estimator.ParameterBall domain = estimator.parameterBall(geometry, ball.center(), ball.radius(), n)
                .orElseThrow(() -> ReleaseContext.lacks(estimator, NAME, "a public ball of its parameter space "
                        + space.spec() + " that holds every dataset's estimate (Estimator.parameterBall), where the "
                        + "density lives"));
        DataBall parameterBall = DataBall.declared(domain.center(), domain.radius());
        release.parameter("parameterBallCenter", ReleaseContext.asList(domain.center()))
                .parameter("parameterBallRadius", domain.radius())
                .parameter("samplerChoice", "mcmc: the exact sampler draws on the data's manifold only");
        scale.applyTo(release);
        ReleaseContext.floatingPointWarning(release, "a Markov chain of exponential-map moves");
        McmcRunner.plan(space, false, parameterBall, true, sigma, mcmc, release);
        return Calibration.of(this, estimator, geometry, ball, n, release, new Drawing(SamplingPlan.chain(), sigma,
                parameterBall, false, space));
    }

    /**
     * What both calibrations off the data's manifold share: the paper's sigma rule and the exact sampler refused (the
     * latter with {@code exactLacks}), {@code Delta} the estimator's gradient sensitivity, {@code sigma = 2 Delta /
     * epsilon}, and the parameters that say so ({@code densityLives}: where the density lives); the caller adds its
     * domain's parameters and then applies the returned scale.
     */
    private NoiseScale offManifoldScale(Estimator estimator, Geometry geometry, Geometry space, DataBall ball, int n,
            PrivacyBudget budget, String exactLacks, String densityLives, Release.Builder<double[]> release) {
        // an estimand's own paper may have calibrated KNG (PaperNoiseScale); Soto et al. 2022's rule is the mean's
        java.util.Optional<PaperNoiseScale> paper = estimator.capability(PaperNoiseScale.class);
        if (sigmaRule instanceof SigmaRule.Paper && paper.isEmpty()) {
            throw ReleaseContext.lacks(estimator, NAME, "the paper's sigma rule (Soto et al. 2022, suppl. §2.4.2 "
                    + "calibrates the Frechet mean only)");
        }
        if (sampler == Sampler.EXACT) {
            throw ReleaseContext.lacks(estimator, NAME, exactLacks);
        }
        double delta = estimator.gradientSensitivity(geometry, ball.radius(), n);
        NoiseScale scale = NoiseScale.resolve(sigmaRule, LaplaceScale.proven(NAME, 2, delta, budget.epsilon()),
                paper.isEmpty() ? null : () -> paper.get().paperSigma(geometry, ball.radius(), n, budget.epsilon()));
        release.sensitivity(delta)
                .parameter("provenSensitivity", delta)
                .parameter("sigmaFormula", (sigmaRule instanceof SigmaRule.Paper ? paper.get().paperFormula()
                        : "2 Delta/epsilon, Delta = the estimator's gradient sensitivity") + "; the density "
                        + "lives on " + densityLives)
                .parameter("sampler", sampler.configName())
                .parameter("parameterSpace", space.spec());
        return scale;
    }

    /**
     * KNG of an estimand on the tangent bundle (a geodesic regression's footpoint and vector): the density
     * {@code exp(-|grad U|/sigma)} in the Sasaki norm with respect to the Liouville measure on the estimator's public
     * domain {@code B_Rp(m0) x {|v| <= V}} ({@link Estimator#bundleDomain}), {@code sigma = 2 Delta/epsilon} (Soto et al.
     * 2022, Thm 1 on a fixed public domain; docs/private-regression.md §2), drawn by the bundle chain: the footpoint
     * moves by the base's exponential map, the vector is carried by parallel transport ({@link BundleChainRun}), from
     * the public start {@code (m0, 0)} with scales from public values only.
     */
    private Calibration calibrateOnBundle(Estimator estimator, Geometry geometry, TangentBundle bundle, DataBall ball,
            int n, PrivacyBudget budget, Release.Builder<double[]> release) {
        NoiseScale scale = offManifoldScale(estimator, geometry, bundle, ball, n, budget, "an exact sampler on "
                + bundle.spec() + " (none is known; use sampler mcmc or auto)", "the public domain B_Rp(m0) x "
                + "{|v| <= V} of parameterSpace, w.r.t. the Liouville measure (Soto et al. 2022, Thm 1; "
                + "docs/private-regression.md)", release);
        double sigma = scale.sigma();
        Estimator.BundleDomain domain = estimator.bundleDomain(geometry, ball.center(), ball.radius(), n)
                .orElseThrow(() -> ReleaseContext.lacks(estimator, NAME, "a public domain of its parameter space "
                        + bundle.spec() + " that holds every dataset's estimate (Estimator.bundleDomain)"));
        int dimension = bundle.base().dimension();
        double smallest = BundleChainRun.proposalScale(mcmc, sigma, domain.footpointRadius(), domain.maxSpeed(),
                dimension);
        double largest = BundleChainRun.largestScale(mcmc, domain.footpointRadius(), domain.maxSpeed(), dimension);
        double step = mcmc.scales().step(largest, smallest);
        StepLadder ladder = mcmc.scales().ladder(largest, smallest);
        release.parameter("domainCenter", ReleaseContext.asList(domain.center()))
                .parameter("footpointRadius", domain.footpointRadius())
                .parameter("maxSpeed", domain.maxSpeed())
                .parameter("samplerChoice", "mcmc: no exact sampler on the tangent bundle")
                .parameter("chainStart", "(m0, 0): the public domain's centre and the zero vector")
                .parameter("burnIn", mcmc.burnIn())
                .parameter("thin", mcmc.thin())
                .parameter("chains", mcmc.chains())
                .parameter("stepFactor", mcmc.step())
                .parameter("proposal", "tangent-bundle moves: exp on the footpoint, transport and a tangent Gaussian "
                        + "on the vector")
                .parameter("proposalScale", smallest)
                .parameter("proposalScaleFormula", "t min(sigma, Rp/sqrt(d), V/sqrt(d))")
                .parameter("proposalScaleMixture", mcmc.scales().configName())
                .parameter("proposalScaleMax", step)
                .parameter("proposalScaleMin", smallest)
                .parameter("proposalScaleLevels", ladder.levels())
                .parameter("proposalScales", ladder.describe(step))
                .sampler(SamplerReport.mcmc(mcmc.chains() * mcmc.stepsPerChain(), mcmc.burnIn(), mcmc.thin(),
                        mcmc.chains(), Double.NaN, Double.NaN, Double.NaN));
        scale.applyTo(release);
        ReleaseContext.floatingPointWarning(release, "a Markov chain of exponential-map moves and parallel "
                + "transports");
        return Calibration.of(this, estimator, geometry, ball, n, release, new Drawing(SamplingPlan.chain(), sigma,
                ball, false, null, new BundleDraw(domain, step, ladder)));
    }

    /** The public plan of a tangent-bundle chain: its domain, its largest step and its ladder. */
    private record BundleDraw(Estimator.BundleDomain domain, double step, StepLadder ladder) {
    }

    /** A draw on the tangent bundle by {@link BundleChainRun} from the public start {@code (m0, 0)}. */
    private double[] drawOnBundle(Calibration calibration, BundleDraw draw, double sigma, Records data,
            UniformRandomProvider random, Release.Builder<double[]> release) {
        Geometry geometry = calibration.geometry();
        GradientField field = calibration.estimator().gradientField(geometry, data);
        int length = geometry.layout().length();
        double[] packed = new double[2 * length];
        TangentBundleDensity target = (p, v) -> {
            System.arraycopy(p, 0, packed, 0, length);
            System.arraycopy(v, 0, packed, length, length);
            return -field.gradientNorm(packed) / sigma;
        };
        Estimator.BundleDomain domain = draw.domain();
        double[] start = domain.center();
        BundleChainRun run = BundleChainRun.run(geometry, target, start, domain.footpointRadius(), domain.maxSpeed(),
                start, new double[length], draw.step(), draw.step(), draw.ladder(), mcmc, random, release, "chain");
        double ess = mcmc.thin() / BundleChainRun.keepEvery(mcmc.thin()) >= 2
                ? run.diagnostics.chainEffectiveSampleSizes()[0] : Double.NaN;
        release.sampler(SamplerReport.mcmc(mcmc.chains() * mcmc.stepsPerChain(), mcmc.burnIn(), mcmc.thin(),
                mcmc.chains(), run.diagnostics.acceptanceRate(), ess, run.diagnostics.rHat().orElse(Double.NaN)));
        return run.state;
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        return release(calibration, data == null ? null : Records.of(data), random);
    }

    /** Reads the records one at a time, in either layout (the draw does not depend on the layout). */
    @Override
    public Release<double[]> release(Calibration calibration, Records data, UniformRandomProvider random) {
        Release.Builder<double[]> release = calibration.start(this, data, random).release();
        Drawing drawing = calibration.plan(Drawing.class);
        SamplingPlan plan = drawing.plan();
        double sigma = drawing.sigma();
        if (drawing.bundle() != null) {
            return calibration.seal(release.value(drawOnBundle(calibration, drawing.bundle(), sigma, data, random,
                    release)));
        }
        Estimator estimator = calibration.estimator();
        Geometry geometry = calibration.geometry();
        DataBall dataBall = calibration.ball();
        // the density's domain: the data ball, or the larger public ball of a decoupled calibration
        DataBall ball = drawing.domain();
        double radius = ball.radius();
        double[] mean = ReleaseContext.estimate(estimator, geometry, data, dataBall, release);
        GradientField field = estimator.gradientField(geometry, data);
        double[] value;
        if (plan.exact() != null) {
            ExactKngSampler exact = drawing.exact().take();
            double[] anchor = KngAnchor.of(estimator, geometry, data, ball, mean, field, plan.anchorBound(),
                    plan.bounds().lower(), plan.bounds().upper(), release);
            value = new double[geometry.layout().length()];
            KngTarget target = new KngTarget(normsOf(field), ball.center(), radius, plan.bounds().lower(), anchor);
            // With an unlimited budget, a geometry that bounds |grad U| from the data (FrechetGradientBound) gives a
            // much tighter envelope; the draw's law is the same, only the proposal count changes (which the
            // unlimited mode already leaves data-dependent). A fixed budget keeps the public envelope: its failure
            // probability must have a public bound. Whether the data envelope is tried is decided in the
            // calibration (plan.dataEnvelope()).
            Optional<KngEnvelope> dataEnvelope = plan.dataEnvelope()
                    ? ExactKngSampler.dataEnvelope(geometry, data.rows(), anchor, ball.center(), radius, sigma)
                            .filter(envelope -> envelope.slope() > plan.bounds().lower())
                    : Optional.empty();
            long proposals = dataEnvelope.isPresent()
                    ? exact.sample(target, dataEnvelope.get(), sigma, random, value)
                    : exact.sample(target, sigma, plan.proposals(), random, value);
            release.diagnostic("envelope", dataEnvelope.map(envelope -> String.format(Locale.ROOT,
                    "data-dependent: slope %.6g, offset %.3g, reach %.6g", envelope.slope(), envelope.offset(),
                    envelope.reach())).orElse("public: slope h = " + plan.bounds().lower()));
            release.sampler(plan.proposals() > 0 ? SamplerReport.exactWithBudget(proposals)
                    : SamplerReport.exact(proposals));
        } else {
            LogDensity target = x -> -field.gradientNorm(x) / sigma;
            // the density's space: the data's manifold, or an estimand's own parameter space
            value = McmcRunner.run(estimator.parameterSpace(geometry), target, ball, true, sigma, mcmc, random,
                    release);
        }
        if (drawing.decoupled()) {
            // post-processing: the mean lies in the data ball, and on constant curvature >= 0 (where the
            // decoupled calibration is offered) projecting onto it never moves the release away from any point of
            // it (docs/kng-normaliser.md §6)
            value = KngAnchor.project(geometry, dataBall, value);
        }
        return calibration.seal(release.value(value));
    }

    /**
     * The field's gradient norm as the sampler's {@link GradientNorm}, batches included, so that a fixed budget's
     * proposals reach the field's one-pass evaluation ({@link GradientField#gradientNorms}).
     */
    private static GradientNorm normsOf(GradientField field) {
        return new GradientNorm() {
            @Override
            public double gradientNorm(double[] x) {
                return field.gradientNorm(x);
            }

            @Override
            public void gradientNorms(double[][] points, int count, double[] out) {
                field.gradientNorms(points, count, out);
            }
        };
    }

    /**
     * A calibration's plan for the draw: the sampling plan, the scale, and the exact sampler built while planning
     * ({@link FirstUse}: handed to the first release, later ones build their own).
     */
    private record Drawing(SamplingPlan plan, double sigma, DataBall domain, boolean decoupled,
            FirstUse<ExactKngSampler> exact, BundleDraw bundle) {

        Drawing(SamplingPlan plan, double sigma, DataBall domain, boolean decoupled, Geometry geometry) {
            this(plan, sigma, domain, decoupled, plan.exact() == null ? null
                    : new FirstUse<>(plan.exact(), () -> ExactKngSampler.find(geometry).orElseThrow()), null);
        }
    }

    /**
     * How a release is drawn: the exact sampler (null for Metropolis-Hastings), its proposal budget (0: until
     * accepted, up to {@link ExactKngSampler#MAX_PROPOSALS}), the gradient bounds of the envelope, the public bound
     * on the anchor's gradient norm that the public acceptance bound assumes ({@link KngAnchor}), and whether the
     * data-dependent envelope is tried.
     */
    private record SamplingPlan(ExactKngSampler exact, long proposals, Estimator.GradientBounds bounds,
            double anchorBound, boolean dataEnvelope) {

        static SamplingPlan chain() {
            return new SamplingPlan(null, 0, null, 0, false);
        }
    }

    /**
     * True when an unlimited exact draw with the data-dependent envelope is available: the Frechet mean on a geometry
     * whose sampler offers it ({@link ExactKngSampler#offersDataEnvelope()}). Public facts only.
     */
    private static boolean offersDataEnvelope(Estimator estimator, ExactKngSampler exact) {
        return ReleaseContext.isFrechetMean(estimator) && exact.offersDataEnvelope();
    }

    /**
     * The plan of {@code auto} where the public envelope is too slow (for the chain or for a fixed budget) but the
     * geometry offers the data-dependent envelope: an unlimited exact draw whose value has exactly the KNG law, but
     * whose proposal count (running time) and failure at the proposal cap depend on the data with no public bound
     * ({@link #unlimited}: labelled unproven).
     */
    private static SamplingPlan dataEnvelopePlan(ExactKngSampler exact, Estimator.GradientBounds bounds,
            double alpha, double anchorBound, String reason, PrivacyBudget budget, Release.Builder<double[]> release) {
        release.parameter("samplerChoice", "exact with the data-dependent envelope and no proposal budget: " + reason
                        + " with the public envelope, and the geometry bounds |grad U| from the data "
                        + "(FrechetGradientBound) with tilted in-ball proposals")
                .parameter("proposalBudget", "unlimited")
                .warning("exact sampler without a fixed proposal budget: the number of proposals and the running "
                        + "time depend on the data, which the DP guarantee does not cover (the public envelope would "
                        + "need too many proposals for a fixed budget)");
        return unlimited(exact, bounds, alpha, anchorBound, true, budget, release);
    }

    /**
     * An unlimited exact draw: proposals until one is accepted, at most {@link ExactKngSampler#MAX_PROPOSALS}. The
     * cap makes failure possible, with a probability that depends on the data; with the public envelope it is at most
     * {@code (1 - alpha)^cap}, so the release is (epsilon, (1 + e^epsilon)(1 - alpha)^cap)-DP and records that delta
     * (at least {@link Double#MIN_VALUE}, the smallest positive double, where it underflows: a cap is never pure).
     * With the data-dependent envelope, or where that delta is not below 1 (or not within the budget's delta), no
     * public bound covers the failure: the value's law is exact, but the guarantee is labelled unproven.
     */
    private static SamplingPlan unlimited(ExactKngSampler exact, Estimator.GradientBounds bounds, double alpha,
            double anchorBound, boolean dataEnvelope, PrivacyBudget budget, Release.Builder<double[]> release) {
        double epsilon = budget.epsilon();
        double capDelta = FixedProposalBudget.delta(alpha, epsilon, ExactKngSampler.MAX_PROPOSALS);
        release.parameter("proposalCap", ExactKngSampler.MAX_PROPOSALS);
        if (dataEnvelope) {
            release.unproven("the value has exactly the KNG law, but a draw that reaches the proposal cap ("
                    + ExactKngSampler.MAX_PROPOSALS + ") fails, and with the data-dependent envelope no public bound "
                    + "covers that failure's probability (docs/exact-sampling.md); failure and running time are not "
                    + "covered by the guarantee");
        } else if (!(capDelta < 1) || budget.delta() > 0 && capDelta > budget.delta()) {
            release.unproven(String.format(Locale.ROOT, "the value has exactly the KNG law, but a draw that reaches "
                    + "the proposal cap (%d) fails with a probability the public acceptance bound %.3g bounds only by "
                    + "%.3g%s; failure and running time are not covered by the guarantee (set proposal-budget auto "
                    + "for a proven delta)", ExactKngSampler.MAX_PROPOSALS, alpha, Math.min(capDelta, 1),
                    budget.delta() > 0 ? ", above the budget's delta " + budget.delta() : ""));
        } else {
            double spent = Math.max(capDelta, Double.MIN_VALUE);
            release.budget(new PrivacyBudget(epsilon, spent))
                    .parameter("failureDelta", spent)
                    .parameter("failureDeltaFormula", "(1 + e^epsilon) (1 - alpha)^cap, alpha = "
                            + "acceptanceLowerBound, cap = proposalCap (at least the smallest positive double)");
        }
        return new SamplingPlan(exact, 0, bounds, anchorBound, dataEnvelope);
    }

    /**
     * Chooses the sampler and the proposal budget from the configuration, the geometry and public values only (never
     * the data), records the reasons in the release, and for a fixed budget records the delta it costs in the
     * release's budget: a fixed-budget draw fails with probability at most {@code (1 - alpha)^N} for every dataset,
     * alpha the public lower bound on the acceptance rate, so the release is (epsilon, (1 + e^epsilon)
     * (1 - alpha)^N)-DP (docs/exact-sampling.md).
     */
    private SamplingPlan plan(Estimator estimator, Geometry geometry, double radius, double sigma,
            PrivacyBudget budget, Release.Builder<double[]> release) {
        if (sampler == Sampler.MCMC) {
            release.parameter("samplerChoice", "mcmc: configured");
            return SamplingPlan.chain();
        }
        Optional<ExactKngSampler> exact = ExactKngSampler.find(geometry);
        boolean fixed = autoBudget || proposalBudget > 0;
        if (exact.isEmpty()) {
            if (sampler == Sampler.EXACT || proposalBudget > 0) {
                throw new IllegalArgumentException(String.format(
                        "kng: no exact sampler exists for %s (it needs an exact Riemannian Laplace sampler: the "
                                + "capability ExactLaplaceSampler, RadialVolume with TangentBasis, SpectralVolume, or IsometricChart)"
                                + "; use sampler mcmc%s. Provided value: sampler = %s, proposal-budget = %d",
                        geometry.spec(), proposalBudget > 0 ? " with proposal-budget 0" : " or auto",
                        sampler.configName(), proposalBudget));
            }
            release.parameter("samplerChoice", "mcmc: the geometry has no exact Laplace sampler");
            return SamplingPlan.chain();
        }
        Optional<Estimator.GradientBounds> known = estimator.gradientBounds(geometry, radius);
        if (known.isEmpty()) {
            if (sampler == Sampler.EXACT || fixed) {
                throw ReleaseContext.lacks(estimator, NAME, "two-sided gradient bounds for the exact sampler's "
                        + "envelope (use sampler mcmc)");
            }
            release.parameter("samplerChoice", "mcmc: the estimator gives no gradient bounds for an exact envelope");
            return SamplingPlan.chain();
        }
        Estimator.GradientBounds bounds = known.get();
        double envelopeScale = sigma / bounds.lower();
        // a sampler that truncates its envelope to the ball needs no whole-manifold law (docs/exact-sampling.md)
        if (!exact.get().laplace().truncatesToBall() && !(envelopeScale < VolumeGrowth.laplaceScaleLimit(geometry))) {
            String reason = String.format(Locale.ROOT, "the Laplace envelope at scale sigma/h = %.4g is no "
                    + "distribution on %s (limit %.4g, see VolumeGrowth)", envelopeScale, geometry.spec(),
                    VolumeGrowth.laplaceScaleLimit(geometry));
            if (sampler == Sampler.AUTO && !fixed) {
                release.parameter("samplerChoice", "mcmc: " + reason);
                return SamplingPlan.chain();
            }
            // sigma (hence the envelope's scale) is inversely proportional to epsilon under the proven and paper rules
            double smallest = budget.epsilon() * envelopeScale / VolumeGrowth.laplaceScaleLimit(geometry);
            throw new IllegalArgumentException(String.format(Locale.ROOT, "kng: no exact draw at epsilon = %s: %s; use "
                    + "sampler auto or mcmc, or epsilon > %.3g (or a larger n). Provided value: epsilon = %s, sampler "
                    + "= %s", budget.epsilon(), reason, smallest, budget.epsilon(), sampler.configName()));
        }
        double anchorBound = KngAnchor.publicBound(radius, bounds.upper());
        // the mean's objective is the Frechet function, whose average Hessian gives a larger bound on negative
        // curvature (docs/exact-sampling.md); every other estimator keeps Lemma 1's constants alone
        double alpha = ReleaseContext.isFrechetMean(estimator)
                ? exact.get().acceptanceLowerBoundForMean(radius, sigma, anchorBound, bounds.lower(), bounds.upper())
                : exact.get().acceptanceLowerBound(radius, sigma, anchorBound, bounds.lower(), bounds.upper());
        release.parameter("acceptanceLowerBound", alpha)
                .parameter("exactSampler", exact.get().laplace().getClass().getSimpleName())
                .parameter("envelopeConvexity", bounds.lower());
        double epsilon = budget.epsilon();
        if (!fixed) {
            if (sampler == Sampler.AUTO) {
                double chainSteps = (double) mcmc.chains() * mcmc.stepsPerChain();
                if (!(alpha > 0 && 1 / alpha <= chainSteps)) {
                    String reason = String.format(Locale.ROOT, "the public lower bound %.3g on the exact sampler's "
                            + "acceptance rate allows more than the chain's %.0f steps per draw", alpha, chainSteps);
                    if (offersDataEnvelope(estimator, exact.get())) {
                        return dataEnvelopePlan(exact.get(), bounds, alpha, anchorBound, reason, budget, release);
                    }
                    release.parameter("samplerChoice", "mcmc: " + reason);
                    return SamplingPlan.chain();
                }
                release.parameter("samplerChoice", String.format(Locale.ROOT, "exact: at most about %.3g "
                        + "proposals per draw on average (public bound), against %.0f chain steps", 1 / alpha,
                        chainSteps));
            } else {
                release.parameter("samplerChoice", "exact: configured");
            }
            release.parameter("proposalBudget", "unlimited")
                    .warning("exact sampler without a fixed proposal budget: the number of proposals and the running "
                            + "time depend on the data, which the DP guarantee does not cover; set proposal-budget "
                            + "auto for a data-independent amount of work");
            // building the data envelope costs about as much as tens of gradient evaluations, so it is only tried
            // when the public bound allows more than DATA_ENVELOPE_ABOVE proposals per draw (a public decision)
            boolean tryDataEnvelope = offersDataEnvelope(estimator, exact.get())
                    && !(alpha * DATA_ENVELOPE_ABOVE >= 1);
            return unlimited(exact.get(), bounds, alpha, anchorBound, tryDataEnvelope, budget, release);
        }
        double failureTarget = budget.delta() > 0 ? budget.delta() : failureDelta;
        long proposals = proposalBudget;
        if (autoBudget) {
            proposals = FixedProposalBudget.proposals(alpha, epsilon, failureTarget);
            if (proposals > MAX_PROPOSAL_BUDGET || proposals <= 0) {
                String reason = String.format(Locale.ROOT, "a fixed proposal budget would need %s proposals per "
                        + "draw (public lower bound on the acceptance rate %.3g; failure probability at most %s), "
                        + "beyond the limit of %d", alpha > 0 ? String.format(Locale.ROOT, "about %.3g",
                                FixedProposalBudget.approximateProposals(alpha, epsilon, failureTarget))
                                : "infinitely many", alpha, FixedProposalBudget.describeFailure(failureTarget, epsilon),
                        MAX_PROPOSAL_BUDGET);
                if (sampler == Sampler.AUTO && offersDataEnvelope(estimator, exact.get())) {
                    return dataEnvelopePlan(exact.get(), bounds, alpha, anchorBound, reason, budget, release);
                }
                if (sampler == Sampler.AUTO) {
                    release.parameter("samplerChoice", "mcmc: " + reason);
                    return SamplingPlan.chain();
                }
                throw new IllegalArgumentException("kng: no feasible exact draw: " + reason + "; use sampler "
                        + "auto or mcmc (a Metropolis-Hastings release, guarantee mcmc), a smaller ball or a larger "
                        + "epsilon or n. Provided value: sampler = exact, proposal-budget = auto");
            }
        }
        double spentDelta = FixedProposalBudget.delta(alpha, epsilon, proposals);
        if (!(spentDelta < 1)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "kng: proposal-budget %d gives no "
                    + "proven failure bound (public lower bound on the acceptance rate %.3g): raise it or use "
                    + "proposal-budget auto. Provided value: proposal-budget = %d", proposals, alpha, proposals));
        }
        if (budget.delta() > 0 && spentDelta > budget.delta()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "kng: proposal-budget %d fails with a "
                    + "probability that costs delta = %.3g, above the budget's delta %.3g; raise the proposal budget "
                    + "or use proposal-budget auto. Provided value: proposal-budget = %d", proposals, spentDelta,
                    budget.delta(), proposals));
        }
        release.budget(new PrivacyBudget(epsilon, spentDelta))
                .parameter("samplerChoice", "exact with a fixed proposal budget")
                .parameter("proposalBudget", proposals)
                .parameter("failureDelta", spentDelta)
                .parameter("failureDeltaFormula", "(1 + e^epsilon) (1 - alpha)^N, alpha = acceptanceLowerBound");
        return new SamplingPlan(exact.get(), proposals, bounds, anchorBound, false);
    }

    /** Configures a {@link KNormGradient}; {@link #build()} validates. */
    public static final class Builder {
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private Sampler sampler = Sampler.AUTO;
        private long proposalBudget;
        private boolean autoBudget;
        private double failureDelta = DEFAULT_FAILURE_DELTA;
        private final McmcFields mcmc = new McmcFields(DEFAULT_MCMC);
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
            this.autoBudget = false;
            return this;
        }

        /**
         * Sizes the fixed proposal budget from public values: the smallest N whose failure probability, bounded with
         * the public lower bound alpha on the acceptance rate, costs at most the budget's delta (or
         * {@link #failureDelta} when the budget is pure): {@code (1 + e^epsilon) (1 - alpha)^N <= delta}. The release
         * is then (epsilon, delta)-DP and records that delta. When N would exceed {@link #MAX_PROPOSAL_BUDGET}, sampler
         * auto runs Metropolis-Hastings and sampler exact fails.
         */
        public Builder autoProposalBudget() {
            this.autoBudget = true;
            this.proposalBudget = 0;
            return this;
        }

        /** The delta an automatic proposal budget aims at when the privacy budget is pure (default 1e-10). */
        public Builder failureDelta(double failureDelta) {
            this.failureDelta = failureDelta;
            return this;
        }

        /** Metropolis-Hastings steps before the released segment (default 20 000). */
        public Builder burnIn(long burnIn) {
            this.mcmc.burnIn = burnIn;
            return this;
        }

        /** Steps of the released segment; the release is the state at its end (default 600). */
        public Builder thin(int thin) {
            this.mcmc.thin = thin;
            return this;
        }

        /** t: the proposal scale is {@code t sigma} (default 0.5). */
        public Builder step(double step) {
            this.mcmc.step = step;
            return this;
        }

        /** The proposal kernel (default tangent Gaussian). */
        public Builder proposal(ProposalKind proposal) {
            this.mcmc.proposal = proposal;
            return this;
        }

        /**
         * How each MCMC step's scale is chosen (default {@link ProposalScales#LADDER}: a public ladder from
         * {@code t r/sqrt(d)} down to the proposal scale; {@link ProposalScales#SINGLE}: that scale alone).
         */
        public Builder proposalScales(ProposalScales scales) {
            this.mcmc.scales = scales;
            return this;
        }

        /** Chains to run (default 1); with two or more the release reports split R-hat. */
        public Builder chains(int chains) {
            this.mcmc.chains = chains;
            return this;
        }

        /** Every MCMC setting at once (as read by {@link McmcSettings#read}); the setters above set them one by one. */
        public Builder mcmc(McmcSettings settings) {
            this.mcmc.set(settings);
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
            if (proposalBudget < 0 || proposalBudget > MAX_PROPOSAL_BUDGET) {
                throw new IllegalArgumentException("kng: proposal-budget must lie in [0, " + MAX_PROPOSAL_BUDGET
                        + "] (0: draw until a proposal is accepted; each proposal is a pass over the records). "
                        + "Provided value: " + proposalBudget);
            }
            if (!(failureDelta > 0 && failureDelta < 1)) {
                throw new IllegalArgumentException("kng: failure-delta must lie strictly between 0 and 1 (e.g. "
                        + "1e-10). Provided value: " + failureDelta);
            }
            if ((proposalBudget > 0 || autoBudget) && sampler == Sampler.MCMC) {
                throw new IllegalArgumentException("kng: proposal-budget applies to the exact sampler only; use "
                        + "sampler auto or exact, or proposal-budget 0. Provided value: " + proposalBudget);
            }
            return new KNormGradient(this, mcmc.settings());
        }
    }
}
