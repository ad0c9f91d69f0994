package dev.manifolddp.mechanisms.regression;

import dev.manifolddp.estimators.CovariateRange;
import dev.manifolddp.estimators.GeodesicRegression;
import dev.manifolddp.estimators.GeodesicRegressionGradient;
import dev.manifolddp.estimators.GeodesicRegressionResult;
import dev.manifolddp.estimators.NumericalJacobiFields;
import dev.manifolddp.estimators.RegressionDomain;
import dev.manifolddp.estimators.RegressionSensitivity;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.mechanisms.BundleChainRun;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.McmcSettings;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.ProposalKind;
import dev.manifolddp.mechanisms.ProposalScales;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.SamplerReport;
import dev.manifolddp.mechanisms.SigmaRule;
import dev.manifolddp.sampling.mcmc.StepLadder;
import dev.manifolddp.sampling.mcmc.TangentBundleChain;
import dev.manifolddp.sampling.mcmc.TangentBundleDensity;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Private geodesic regression by the K-norm gradient mechanism (Kulkarni and Soto 2025; Reimherr et al. 2021): releases
 * the footpoint and shooting vector of the geodesic that fits records {@code (x_i, y_i)}, covariates real and
 * responses on the manifold. The proofs are in {@code docs/private-regression.md}.
 *
 * <p><b>The public domain</b>, fixed before seeing the data: a centre {@code m0}, the data ball {@code B_r(m0)} that
 * holds every response, footpoints in {@code B_Rp(m0)}, shooting vectors {@code |v|_p <= V}, and the covariate range
 * {@code [low, high]} that rescales the covariates into [0, 1]. The residual bound is
 * {@code tau = V + Rp + r} ({@link RegressionSensitivity#defaultTau}, every check of which runs in
 * {@link Builder#build()}), or a public tau at least that large ({@link RegressionSensitivity#publicTau}). A tau or
 * covariate range read from the data is allowed only with {@code nonPrivate(true)}, and the release is then marked
 * not private.
 *
 * <p><b>Methods.</b> {@link RegressionMethod#JOINT} (the default) draws {@code (p, v)} from
 * {@code f(p, v) ∝ exp(-|(grad_p E, grad_v E)| / sigma)} on the domain, w.r.t. the Liouville volume, with
 * {@code Delta = sqrt(Delta_p^2 + Delta_v^2)} and {@code sigma = 2 Delta / epsilon}: the target law is epsilon-DP
 * (§2). {@link RegressionMethod#PAPER} reproduces Kulkarni and Soto's two steps (their App. A): the footpoint from
 * {@code exp(-|grad_p E(p, Gamma_{p_hat -> p} v_hat)| / sigma_p)} on {@code B_Rp(m0)} with the non-private fit
 * {@code (p_hat, v_hat)}, then the vector from {@code exp(-|grad_v E(p~, v)| / sigma_v)} on {@code |v| <= V} at the
 * released footpoint, budgets {@code epsilon_p = share epsilon} and {@code epsilon_v = (1 - share) epsilon}; its
 * guarantee is {@link Guarantee#UNPROVEN} (§1). The sigma rule {@code proven} uses {@code 2 Delta / epsilon}, the rule
 * {@code paper} Kulkarni and Soto's {@code Delta / epsilon} (unproven).
 *
 * <p><b>Sampling.</b> Every draw is Metropolis-Hastings on the tangent bundle ({@link TangentBundleChain}), so the
 * release's guarantee is at best {@link Guarantee#MCMC}. The chains start at the public point {@code (m0, 0)} (the
 * second step of {@code paper} at {@code (p~, 0)}, p~ released by the first), never at the fit; the proposal scale
 * is {@code t min(sigma, Rp / sqrt(d), V / sqrt(d))} for both blocks, from public values only, and nothing about the
 * run depends on the data. Acceptance, ESS and R-hat go to the release's diagnostics.
 *
 * <p><b>Output.</b> The released rescaled pair is mapped back to the caller's covariate exactly as
 * {@link GeodesicRegression} does (post-processing): the footpoint moves along the geodesic to {@code x = 0} and the
 * vector becomes its velocity there per unit of x.
 *
 * <p>Needs {@link TangentBasis} and {@link ParallelTransport}. Immutable and thread-safe: every release builds its own
 * gradient field and chain.
 */
public final class PrivateGeodesicRegression {

    /** The mechanism's name in releases. */
    public static final String NAME = "private-geodesic-regression";
    /** Default Metropolis-Hastings settings: KNG's (Soto et al. 2022, Fig. 1, Soto et al. 2022, suppl. §2.4.2). */
    public static final long DEFAULT_BURN_IN = 20_000;
    public static final int DEFAULT_THIN = 600;
    public static final double DEFAULT_STEP = 0.5;
    /** The default share of the budget the paper method spends on the footpoint. */
    public static final double DEFAULT_FOOTPOINT_SHARE = 0.5;

    /** Why the paper method's releases are labelled unproven. */
    public static final String PAPER_REASON = "method paper: the footpoint step holds the shooting vector at the non-private "
            + "fit v_hat(D), transported to each candidate, so one record changes every term of grad_p E and Delta_p "
            + "does not bound the step's sensitivity; the privacy loss grows with n (docs/private-regression.md §1)";

    private final Geometry geometry;
    private final double[] center;
    private final double dataRadius;
    private final double footpointRadius;
    private final double maxSpeed;
    private final CovariateRange range;
    private final double tau;
    private final boolean publicTau;
    private final RegressionMethod method;
    private final SigmaRule sigmaRule;
    private final double footpointShare;
    private final McmcSettings mcmc;
    private final boolean nonPrivate;

    private PrivateGeodesicRegression(Builder b, double tau, McmcSettings mcmc) {
        this.geometry = b.geometry;
        this.center = b.center.clone();
        this.dataRadius = b.dataRadius;
        this.footpointRadius = b.footpointRadius;
        this.maxSpeed = b.maxSpeed;
        this.range = b.range;
        this.tau = tau;
        this.publicTau = !b.dataDerivedTau;
        this.method = b.method;
        this.sigmaRule = b.sigmaRule;
        this.footpointShare = b.footpointShare;
        this.mcmc = mcmc;
        this.nonPrivate = b.nonPrivate;
    }

    /** A builder with the defaults: method joint, sigma rule proven, burn-in 20 000, thin 600, t = 0.5, one chain. */
    public static Builder builder() {
        return new Builder();
    }

    public RegressionMethod method() {
        return method;
    }

    public SigmaRule sigmaRule() {
        return sigmaRule;
    }

    public McmcSettings mcmc() {
        return mcmc;
    }

    /**
     * The guarantee every release of this configuration states, decided from public settings only (issue 21: a
     * caller refuses an unconsented Metropolis-Hastings release before reading the data): every method draws by
     * Metropolis-Hastings, so at best {@link Guarantee#MCMC}; {@link Guarantee#UNPROVEN} for the paper's method or a
     * sigma rule below the proven one; {@link Guarantee#NOT_PRIVATE} when tau or the covariate range is read from the
     * data (or the configuration is marked non-private).
     */
    public Guarantee plannedGuarantee() {
        if (!publicTau || range == null) {
            return Guarantee.NOT_PRIVATE;
        }
        if (method == RegressionMethod.PAPER || !sigmaRule.isProven()) {
            return Guarantee.UNPROVEN;
        }
        return Guarantee.MCMC;
    }

    /** The public tau, or NaN when it is read from the data at each release. */
    public double tau() {
        return tau;
    }

    /**
     * Releases the geodesic fitted to {@code (covariates[i], responses[i])}.
     *
     * @param covariates the covariates, inside the public range (or any finite values with a data-derived range)
     * @param responses  points of the geometry inside the public data ball {@code B_r(m0)}
     * @param budget     the privacy budget; KNG spends no delta, so the release states {@code (epsilon, 0)}
     * @param random     the random source (its description, e.g. the seed, is recorded in the release)
     * @throws IllegalArgumentException when an input is invalid; the message names the argument and the row
     */
    public Release<RegressionEstimate> release(double[] covariates, double[][] responses, PrivacyBudget budget,
            UniformRandomProvider random) {
        requireNonNull("budget", budget);
        requireNonNull("random", random);
        requireRecords(covariates, responses);
        int n = covariates.length;
        CovariateRange used = range != null ? range : CovariateRange.ofData(covariates);
        double[] scaled = new double[n];
        for (int i = 0; i < n; i++) {
            scaled[i] = used.scale(covariates[i]);
        }
        GeodesicRegressionGradient field = GeodesicRegressionGradient.of(geometry, scaled, responses);
        Release.Builder<RegressionEstimate> release = Release.<RegressionEstimate>builder(NAME).budget(budget)
                .spendsNoDelta().randomSource(random.toString()).publicScale(dataRadius);
        GeodesicRegressionResult fit = null;
        if (method == RegressionMethod.PAPER || !publicTau) {
            fit = nonPrivateFit(covariates, responses, used, release);
        }
        double usedTau = publicTau ? tau : dataTau(field, fit);
        RegressionDomain domain = new RegressionDomain(dataRadius, footpointRadius, maxSpeed);
        double deltaP = RegressionSensitivity.footpoint(geometry, usedTau, domain, n);
        double deltaV = RegressionSensitivity.shootingVector(geometry, usedTau, domain, n);
        double delta = Math.hypot(deltaP, deltaV);
        boolean paperSigma = sigmaRule instanceof SigmaRule.Paper;
        double factor = paperSigma ? 1 : 2;
        release.parameter("geometry", geometry.spec())
                .parameter("n", n)
                .parameter("method", method.configName())
                .parameter("domainCenter", java.util.Arrays.stream(center).boxed().toList())
                .parameter("dataRadius", dataRadius)
                .parameter("footpointRadius", footpointRadius)
                .parameter("maxSpeed", maxSpeed)
                .parameter("covariateRange", List.of(used.low(), used.high()))
                .parameter("covariateRangePublic", used.isPublic())
                .parameter("tau", usedTau)
                .parameter("tauSource", publicTau ? (tau == defaultTau() ? "default: V + Rp + r" : "public")
                        : "data-derived: the largest residual at the non-private fit")
                .parameter("footpointSensitivity", deltaP)
                .parameter("shootingVectorSensitivity", deltaV)
                .parameter("jointSensitivity", delta)
                .parameter("nonPrivate", nonPrivate)
                .parameter("chainStart", "(m0, 0): the public domain's centre and the zero vector")
                .parameter("burnIn", mcmc.burnIn())
                .parameter("thin", mcmc.thin())
                .parameter("chains", mcmc.chains())
                .parameter("stepFactor", mcmc.step())
                .parameter("proposalScaleFormula", "t min(sigma, Rp/sqrt(d), V/sqrt(d)), the smallest of a public "
                        + "ladder of scales from t min(Rp, V)/sqrt(d) (proposalScales)")
                .parameter("proposalScaleMixture", mcmc.scales().configName());
        if (!used.isPublic()) {
            release.dataDerived("the covariate range");
        }
        if (!publicTau) {
            release.dataDerived("tau");
        }
        double[] state = switch (method) {
            case JOINT -> releaseJoint(field, delta, factor, budget.epsilon(), random, release);
            case PAPER -> releaseTwoStep(field, paperVector(fit), deltaP, deltaV, factor, budget.epsilon(), random,
                    release);
            case PUBLIC_VECTOR -> releaseTwoStep(field, (p, out) -> {
                java.util.Arrays.fill(out, 0); // the public first-step vector v0 = 0
                return true;
            }, deltaP, deltaV, factor, budget.epsilon(), random, release);
        };
        release.sigmaRule(sigmaRule)
                .warning("the noise is computed in floating point (a Markov chain of exponential-map moves and "
                        + "parallel transports): its low-order bits are not protected against floating-point attacks "
                        + "(docs/floating-point-noise.md)");
        Release<RegressionEstimate> built = release.value(estimate(state, used)).build();
        return method == RegressionMethod.PAPER ? built.withGuaranteeAtMost(Guarantee.UNPROVEN, PAPER_REASON) : built;
    }

    /** The joint KNG on the tangent bundle: one chain for {@code (p, v)} from {@code (m0, 0)}. */
    private double[] releaseJoint(GeodesicRegressionGradient field, double delta, double factor, double epsilon,
            UniformRandomProvider random, Release.Builder<RegressionEstimate> release) {
        double sigma = factor * delta / epsilon;
        release.sensitivity(delta).sigma(sigma)
                .parameter("sigmaFormula", factor == 2 ? "2 Delta/epsilon, Delta = sqrt(Delta_p^2 + Delta_v^2)"
                        : "Delta/epsilon (Kulkarni and Soto 2025), Delta = sqrt(Delta_p^2 + Delta_v^2)");
        int length = geometry.layout().length();
        double[] gradP = new double[length];
        double[] gradV = new double[length];
        TangentBundleDensity target = (p, v) -> {
            field.gradient(p, v, gradP, gradV);
            return -Math.sqrt(geometry.inner(p, gradP, gradP) + geometry.inner(p, gradV, gradV)) / sigma;
        };
        double scale = proposalScale(sigma);
        double step = mcmc.scales().step(largestScale(), scale);
        StepLadder ladder = mcmc.scales().ladder(largestScale(), scale);
        release.parameter("proposalScale", scale).parameter("proposalScales", ladder.describe(step))
                .parameter("proposalScaleMax", step).parameter("proposalScaleMin", scale)
                .parameter("proposalScaleLevels", ladder.levels());
        BundleChainRun run = BundleChainRun.run(geometry, target, center, footpointRadius, maxSpeed, center,
                new double[length], step, step, ladder, mcmc, random, release, "joint");
        release.sampler(report(run.diagnostics.acceptanceRate(), run, mcmc.chains() * mcmc.stepsPerChain()));
        return run.state;
    }

    /** The vector a two-step release holds at a candidate footpoint in its first step; false: outside its domain. */
    @FunctionalInterface
    private interface HeldVector {
        boolean write(double[] p, double[] out);
    }

    /**
     * Kulkarni and Soto's held vector (unproven): the non-private fit's shooting vector transported to each candidate
     * along the minimising geodesic (none beyond the cut locus).
     */
    private HeldVector paperVector(GeodesicRegressionResult fit) {
        double[] pHat = fit.scaledFootpoint();
        double[] vHat = fit.scaledShootingVector();
        ParallelTransport transport = geometry.capability(ParallelTransport.class).orElseThrow();
        double reach = geometry.injectivityRadius() * (1 - GeometryChecks.CUT_LOCUS_MARGIN);
        return (p, out) -> {
            if (!(geometry.distance(pHat, p) < reach)) {
                return false; // no unique geodesic to transport v_hat along
            }
            transport.transport(pHat, p, vHat, out);
            return true;
        };
    }

    /**
     * Two steps: the footpoint with the {@code held} vector at each candidate, then the vector at the released
     * footpoint; budgets {@code epsilon_p + epsilon_v}.
     */
    private double[] releaseTwoStep(GeodesicRegressionGradient field, HeldVector held, double deltaP,
            double deltaV, double factor, double epsilon, UniformRandomProvider random,
            Release.Builder<RegressionEstimate> release) {
        double epsilonP = footpointShare * epsilon;
        double epsilonV = epsilon - epsilonP;
        double sigmaP = factor * deltaP / epsilonP;
        double sigmaV = factor * deltaV / epsilonV;
        release.sensitivity(deltaP).sigma(sigmaP)
                .parameter("sigmaFormula", (factor == 2 ? "2" : "") + " Delta_p/epsilon_p for the footpoint, "
                        + (factor == 2 ? "2" : "") + " Delta_v/epsilon_v for the shooting vector")
                .parameter("footpointShare", footpointShare)
                .parameter("epsilonFootpoint", epsilonP)
                .parameter("epsilonShootingVector", epsilonV)
                .parameter("sigmaFootpoint", sigmaP)
                .parameter("sigmaShootingVector", sigmaV);
        if (!(sigmaV > 0) || Double.isInfinite(sigmaV)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: the shooting-vector noise scale "
                    + "sigma_v = %s is not a finite number > 0; raise epsilon or change footpointShare. Provided "
                    + "value: sigma_v = %s", NAME, sigmaV, sigmaV));
        }
        int length = geometry.layout().length();
        double[] carried = new double[length];
        double[] gradP = new double[length];
        double[] gradV = new double[length];
        TangentBundleDensity footpointTarget = (p, ignored) -> {
            if (!held.write(p, carried)) {
                return Double.NEGATIVE_INFINITY;
            }
            field.gradient(p, carried, gradP, null);
            return -geometry.norm(p, gradP) / sigmaP;
        };
        double scaleP = proposalScale(sigmaP);
        double stepP = mcmc.scales().step(largestScale(), scaleP);
        StepLadder ladderP = mcmc.scales().ladder(largestScale(), scaleP);
        BundleChainRun first = BundleChainRun.run(geometry, footpointTarget, center, footpointRadius, maxSpeed,
                center, new double[length], stepP, 0, ladderP, mcmc, random, release, "footpoint");
        double[] released = TangentBundleChain.footpoint(first.state);
        TangentBundleDensity vectorTarget = (p, v) -> {
            field.gradient(p, v, null, gradV);
            return -geometry.norm(p, gradV) / sigmaV;
        };
        double scaleV = proposalScale(sigmaV);
        double stepV = mcmc.scales().step(largestScale(), scaleV);
        StepLadder ladderV = mcmc.scales().ladder(largestScale(), scaleV);
        BundleChainRun second = BundleChainRun.run(geometry, vectorTarget, center, footpointRadius, maxSpeed,
                released, new double[length], 0, stepV, ladderV, mcmc, random, release, "shootingVector");
        release.parameter("proposalScale", List.of(scaleP, scaleV))
                .parameter("proposalScales", List.of(ladderP.describe(stepP), ladderV.describe(stepV)))
                .parameter("proposalScaleMax", List.of(stepP, stepV))
                .parameter("proposalScaleMin", List.of(scaleP, scaleV))
                .parameter("proposalScaleLevels", List.of(ladderP.levels(), ladderV.levels()));
        double acceptance = (first.diagnostics.acceptanceRate() + second.diagnostics.acceptanceRate()) / 2;
        release.sampler(report(acceptance, first, 2 * mcmc.chains() * mcmc.stepsPerChain()));
        return second.state;
    }

    /**
     * The largest scale of the chains' public ladder, {@code t min(Rp, V) / sqrt(d)}: moves across the domain, so a
     * chain from the public start reaches the target's mode at any epsilon ({@link StepLadder}).
     */
    private double largestScale() {
        return BundleChainRun.largestScale(mcmc, footpointRadius, maxSpeed, geometry.dimension());
    }

    /** {@code t min(sigma, Rp / sqrt(d), V / sqrt(d))}: public values only; the smallest scale of the ladder. */
    private double proposalScale(double sigma) {
        return BundleChainRun.proposalScale(mcmc, sigma, footpointRadius, maxSpeed, geometry.dimension());
    }

    private SamplerReport report(double acceptance, BundleChainRun run, long steps) {
        double ess = mcmc.thin() / BundleChainRun.keepEvery(mcmc.thin()) >= 2
                ? run.diagnostics.chainEffectiveSampleSizes()[0] : Double.NaN;
        return SamplerReport.mcmc(steps, mcmc.burnIn(), mcmc.thin(), mcmc.chains(), acceptance, ess,
                run.diagnostics.rHat().orElse(Double.NaN));
    }

    /** The released rescaled pair, also at the caller's covariate {@code x = 0} (as {@link GeodesicRegression}). */
    private RegressionEstimate estimate(double[] state, CovariateRange used) {
        double[] p = TangentBundleChain.footpoint(state);
        double[] v = TangentBundleChain.vector(state);
        double t0 = -used.low() / used.width();
        double[] shifted = new double[v.length];
        for (int j = 0; j < v.length; j++) {
            shifted[j] = t0 * v[j];
        }
        double[] footpoint = new double[p.length];
        double[] shooting = new double[p.length];
        geometry.exp(p, shifted, footpoint);
        JacobiFields jacobi = NumericalJacobiFields.forGeometry(geometry);
        jacobi.dvExp(p, shifted, v, shooting);
        for (int j = 0; j < shooting.length; j++) {
            shooting[j] /= used.width();
        }
        return new RegressionEstimate(footpoint, shooting, p, v, used);
    }

    /** The non-private fit from the public start {@code (m0, 0)}; its convergence goes to the diagnostics. */
    private GeodesicRegressionResult nonPrivateFit(double[] covariates, double[][] responses, CovariateRange used,
            Release.Builder<RegressionEstimate> release) {
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(geometry)
                .covariateRange(used.low(), used.high()).start(center, new double[center.length]).build()
                .fit(covariates, responses);
        release.diagnostic("fitIterations", fit.iterations()).diagnostic("fitGradientNorm", fit.gradientNorm());
        if (!fit.converged()) {
            release.diagnosticWarning("the non-private fit did not converge: " + fit.reason());
        }
        return fit;
    }

    private double dataTau(GeodesicRegressionGradient field, GeodesicRegressionResult fit) {
        double largest = RegressionSensitivity.dataDerivedTau(field, fit.scaledFootpoint(),
                fit.scaledShootingVector(), nonPrivate);
        if (!(largest > 0)) {
            throw new IllegalArgumentException(NAME + ": the data-derived tau is 0 (every record lies on the fitted "
                    + "geodesic), which gives no noise; use a public tau. Provided value: " + largest);
        }
        return largest;
    }

    private double defaultTau() {
        return maxSpeed + footpointRadius + dataRadius;
    }

    private void requireRecords(double[] covariates, double[][] responses) {
        requireNonNull("covariates", covariates);
        requireNonNull("responses", responses);
        if (covariates.length == 0 || covariates.length != responses.length) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: covariates and responses need one "
                    + "entry per record, at least one record. Provided value: %d covariates, %d responses", NAME,
                    covariates.length, responses.length));
        }
        int length = geometry.layout().length();
        for (int i = 0; i < covariates.length; i++) {
            double x = covariates[i];
            if (!Double.isFinite(x) || range != null && !(x >= range.low() && x <= range.high())) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: covariates[%d] lies outside the "
                        + "public covariate range [%s, %s] (or is not finite); the range must be fixed before seeing "
                        + "the data, so widen it or remove the record. Provided value: %s", NAME, i,
                        range == null ? "-inf" : range.low(), range == null ? "inf" : range.high(), x));
            }
            double[] y = responses[i];
            Optional<String> violation = y == null || y.length != length ? Optional.of("wrong length")
                    : geometry.pointViolation(y, 1e-8);
            if (violation.isPresent()) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: responses[%d] is not a point of "
                        + "%s (%s); repair or remove the record. Provided value: %s", NAME, i, geometry.spec(),
                        violation.get(), y == null ? "null" : java.util.Arrays.toString(y)));
            }
            double distance = geometry.distance(center, y);
            if (distance > dataRadius * (1 + 1e-12)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: responses[%d] lies outside the "
                        + "public data ball B_r(m0) of radius r = %s (distance %s); the sensitivity bound would not "
                        + "hold. Declare a larger public radius or clip the record onto the ball. Provided value: %s",
                        NAME, i, dataRadius, distance, java.util.Arrays.toString(y)));
            }
        }
    }

    private static void requireNonNull(String name, Object value) {
        if (value == null) {
            throw new IllegalArgumentException(NAME + ": " + name + " must not be null. Provided value: null");
        }
    }

    /** Configures a {@link PrivateGeodesicRegression}; {@link #build()} validates the public domain. */
    public static final class Builder {
        private Geometry geometry;
        private double[] center;
        private double dataRadius = Double.NaN;
        private double footpointRadius = Double.NaN;
        private double maxSpeed = Double.NaN;
        private CovariateRange range;
        private boolean dataDerivedRange;
        private double tau = Double.NaN;
        private boolean dataDerivedTau;
        private RegressionMethod method = RegressionMethod.JOINT;
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private double footpointShare = DEFAULT_FOOTPOINT_SHARE;
        private long burnIn = DEFAULT_BURN_IN;
        private int thin = DEFAULT_THIN;
        private double step = DEFAULT_STEP;
        private ProposalScales scales = ProposalScales.LADDER;
        private int chains = 1;
        private boolean nonPrivate;

        private Builder() {
        }

        /** The manifold of the responses (required; needs TangentBasis and ParallelTransport). */
        public Builder geometry(Geometry geometry) {
            this.geometry = geometry;
            return this;
        }

        /**
         * The public domain (required): the centre m0, the radius r of the data ball {@code B_r(m0)} holding every
         * response, the footpoint radius Rp and the speed bound V.
         */
        public Builder domain(double[] center, double dataRadius, double footpointRadius, double maxSpeed) {
            this.center = center == null ? null : center.clone();
            this.dataRadius = dataRadius;
            this.footpointRadius = footpointRadius;
            this.maxSpeed = maxSpeed;
            return this;
        }

        /** The public covariate range {@code [low, high]}, fixed before seeing the data (required unless data-derived). */
        public Builder covariateRange(double low, double high) {
            this.range = new CovariateRange(low, high, true);
            this.dataDerivedRange = false;
            return this;
        }

        /** Rescale by the data's own minimum and maximum: needs {@code nonPrivate(true)}; the release is not private. */
        public Builder dataDerivedCovariateRange() {
            this.range = null;
            this.dataDerivedRange = true;
            return this;
        }

        /** A public tau, at least {@code V + Rp + r} and below the injectivity radius (default: exactly that bound). */
        public Builder tau(double tau) {
            this.tau = tau;
            this.dataDerivedTau = false;
            return this;
        }

        /**
         * The paper's tau, the largest residual at the non-private fit: needs {@code nonPrivate(true)}; the release
         * is not private.
         */
        public Builder dataDerivedTau() {
            this.tau = Double.NaN;
            this.dataDerivedTau = true;
            return this;
        }

        /** joint (default, proven target) or paper (Kulkarni and Soto's two steps, unproven). */
        public Builder method(RegressionMethod method) {
            this.method = method;
            return this;
        }

        /** proven (default: sigma = 2 Delta / epsilon) or paper (Delta / epsilon, unproven). */
        public Builder sigmaRule(SigmaRule sigmaRule) {
            this.sigmaRule = sigmaRule;
            return this;
        }

        /** The paper method's share of epsilon spent on the footpoint, in (0, 1) (default 0.5). */
        public Builder footpointShare(double share) {
            this.footpointShare = share;
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

        /** t: the proposal scale is {@code t min(sigma, Rp/sqrt(d), V/sqrt(d))} (default 0.5). */
        public Builder step(double step) {
            this.step = step;
            return this;
        }

        /**
         * How each step's scale is chosen (default {@link ProposalScales#LADDER}: a public ladder from
         * {@code t min(Rp, V)/sqrt(d)} down to the proposal scale; {@link ProposalScales#SINGLE}: that scale alone,
         * the kernel before issue 23).
         */
        public Builder proposalScales(ProposalScales scales) {
            this.scales = scales;
            return this;
        }

        /** Chains to run (default 1); with two or more the diagnostics report split R-hat. */
        public Builder chains(int chains) {
            this.chains = chains;
            return this;
        }

        /** Allow a data-derived tau or covariate range (default false); the release is then marked not private. */
        public Builder nonPrivate(boolean nonPrivate) {
            this.nonPrivate = nonPrivate;
            return this;
        }

        /**
         * Validates the geometry's capabilities, the public domain through {@link RegressionSensitivity#defaultTau}
         * (radius limit, injectivity radius, focal distance), a public tau through
         * {@link RegressionSensitivity#publicTau}, the method, the sigma rule and the MCMC settings.
         *
         * @throws IllegalArgumentException naming the setting, with the provided value and what to change
         */
        public PrivateGeodesicRegression build() {
            if (geometry == null) {
                throw new IllegalArgumentException(NAME + ": geometry is required; call geometry(g). Provided value: "
                        + "null");
            }
            for (Class<?> capability : List.of(TangentBasis.class, ParallelTransport.class)) {
                if (geometry.capability(capability).isEmpty()) {
                    throw new IllegalArgumentException(String.format("%s needs the capability %s, which %s does not "
                            + "have; choose a geometry that provides it. Provided value: %s", NAME,
                            capability.getSimpleName(), geometry.spec(), geometry.spec()));
                }
            }
            if (center == null) {
                throw new IllegalArgumentException(NAME + ": the public domain is required; call domain(m0, r, Rp, V)."
                        + " Provided value: null");
            }
            GeometryChecks.requirePoint(geometry, "domain centre m0", center);
            requirePositive("footpointRadius", footpointRadius);
            requirePositive("maxSpeed", maxSpeed);
            if (method == null) {
                throw new IllegalArgumentException(NAME + ": method must be joint or paper. Provided value: null");
            }
            if (!(sigmaRule instanceof SigmaRule.Proven || sigmaRule instanceof SigmaRule.Paper)) {
                throw new IllegalArgumentException(NAME + ": sigmaRule must be proven or paper. Provided value: "
                        + (sigmaRule == null ? "null" : sigmaRule.describe()));
            }
            if (!(footpointShare > 0 && footpointShare < 1)) {
                throw new IllegalArgumentException(NAME + ": footpointShare must lie strictly between 0 and 1 (the "
                        + "paper method splits epsilon between footpoint and vector). Provided value: "
                        + footpointShare);
            }
            if (range == null && !dataDerivedRange) {
                throw new IllegalArgumentException(NAME + ": a public covariate range is required; call "
                        + "covariateRange(low, high) with bounds fixed before seeing the data. Provided value: none");
            }
            if ((dataDerivedRange || dataDerivedTau) && !nonPrivate) {
                throw new IllegalArgumentException(String.format("%s: a %s read from the data gives no privacy "
                        + "guarantee; declare it publicly, or set nonPrivate(true) to reproduce a paper that did so. "
                        + "Provided value: nonPrivate = false", NAME, dataDerivedTau ? "tau" : "covariate range"));
            }
            // The bounds need the rescaled covariates in [0, 1], which a data-derived range gives too; only the
            // range's publicity is a privacy matter, and nonPrivate has been checked above.
            CovariateRange checked = range != null ? range : new CovariateRange(0, 1, true);
            double domainTau = RegressionSensitivity.defaultTau(geometry, dataRadius, footpointRadius, maxSpeed,
                    checked);
            double used = domainTau;
            if (!dataDerivedTau && !Double.isNaN(tau)) {
                used = RegressionSensitivity.publicTau(geometry, tau, dataRadius, footpointRadius, maxSpeed, checked);
            }
            McmcSettings settings = new McmcSettings(burnIn, thin, step, ProposalKind.TANGENT_GAUSSIAN, chains,
                    scales);
            return new PrivateGeodesicRegression(this, dataDerivedTau ? Double.NaN : used, settings);
        }

        private static void requirePositive(String name, double value) {
            if (!(value > 0) || !Double.isFinite(value)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %s must be finite and > 0 (the "
                        + "public domain needs room to move). Provided value: %s", NAME, name, value));
            }
        }
    }
}
