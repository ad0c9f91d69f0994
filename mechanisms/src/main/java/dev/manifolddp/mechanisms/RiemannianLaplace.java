package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.VolumeGrowth;
import dev.manifolddp.sampling.exact.ChartLaplaceSampler;
import dev.manifolddp.sampling.exact.EuclideanLaplace;
import dev.manifolddp.sampling.exact.ExactLaplaceSamplers;
import dev.manifolddp.sampling.exact.SpectralLaplaceSampler;
import dev.manifolddp.sampling.mcmc.LaplaceLogDensity;
import dev.manifolddp.sampling.noise.LatticeLaplace;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The Riemannian Laplace mechanism (Reimherr et al. 2021; Soto et al. 2022, Remark 1): a draw from
 * {@code f(x) ∝ exp(-rho(x, xbar) / sigma)} on the whole manifold, centred at the non-private Frechet mean xbar.
 *
 * <p><b>Calibration.</b> Under Assumption 1 (checked) the mean's sensitivity is
 * {@code Delta = L(r) / (n h_max(2r, kmax))} ({@link dev.manifolddp.estimators.SensitivityBounds#laplaceMean} for the mean;
 * L(r) bounds {@code |log_x y - log_x y'|} over the ball, docs/sensitivity-bounds.md, and replaces Reimherr et al.
 * 2021's {@code 2 r (2 - h_max(2r, kmax))}; 2r/n when kmax &lt;= 0). When the geometry has {@link HomogeneousSpace} the normalising constant does not depend on the centre
 * and {@code sigma = Delta / epsilon} gives epsilon-DP; otherwise the proven scale is {@code 2 Delta / epsilon}. The
 * release records which ({@code sigmaFormula}, {@code homogeneous}). The {@code paper} rule reproduces Reimherr et al. 2021, suppl. §2.1 (their
 * sphere runs): the same formula with the empirical sensitivity of a public grid on the ball's boundary (see
 * {@link BoundaryGrid}); it needs {@code TangentBasis}.
 *
 * <p><b>Sampler.</b> {@code exact} draws with {@link ExactLaplaceSamplers#find} (the geometry's own sampler, the
 * polar rejection sampler on spheres and Kendall shapes, the spectral rejection sampler on affine-invariant SPD,
 * or the Euclidean K-norm Laplace in an isometric chart: the Laplace in an isometric chart is the chart's Euclidean
 * l2 Laplace); {@code mcmc} runs Metropolis-Hastings on
 * {@link LaplaceLogDensity} from the public ball's centre (Reimherr et al. 2021, suppl. §1.5: burn-in 10 000, thin 100, proposal length sigma; Utpala et al. 2023, App. B.1:
 * burn-in 50 000 with the chart random walk; on a geometry with an isometric chart that chain runs in chart
 * coordinates, see {@link dev.manifolddp.sampling.mcmc.ChartSpace}); {@code auto} (default) is exact when an exact
 * sampler exists (and, for
 * the spectral rejection sampler, its public pilot estimate of the acceptance rate is at least 1e-3), else
 * mcmc.
 *
 * <p>Immutable and thread-safe.
 */
public final class RiemannianLaplace implements Mechanism {

    /** The registered name. */
    public static final String NAME = "riemannian-laplace";

    /** Defaults of Reimherr et al. 2021, suppl. §1.5 (sphere). */
    public static final long DEFAULT_BURN_IN = 10_000;
    public static final int DEFAULT_THIN = 100;
    public static final double DEFAULT_STEP = 1.0;
    /** The default chain: these three, the tangent Gaussian proposal, one chain, the public ladder of scales. */
    static final McmcSettings DEFAULT_MCMC = new McmcSettings(DEFAULT_BURN_IN, DEFAULT_THIN, DEFAULT_STEP,
            ProposalKind.TANGENT_GAUSSIAN, 1);
    /** The smallest estimated acceptance rate at which {@code auto} still prefers a rejection sampler. */
    static final double AUTO_MIN_ACCEPTANCE = 1e-3;

    /** How the release is drawn. */
    public enum Sampler {
        /** Exact when the geometry has an exact sampler, else Metropolis-Hastings. */
        AUTO("auto"),
        /** Exact (fails when no exact sampler exists). */
        EXACT("exact"),
        /** Metropolis-Hastings. */
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
            throw new IllegalArgumentException("unknown sampler for riemannian-laplace; allowed: "
                    + Arrays.stream(values()).map(Sampler::configName).collect(Collectors.joining(", "))
                    + ". Provided value: " + text);
        }
    }

    private final SigmaRule sigmaRule;
    private final Sampler sampler;
    private final McmcSettings mcmc;
    private final boolean nonPrivate;
    private final boolean project;

    private RiemannianLaplace(Builder builder, McmcSettings mcmc) {
        this.sigmaRule = builder.sigmaRule;
        this.sampler = builder.sampler;
        this.mcmc = mcmc;
        this.nonPrivate = builder.nonPrivate;
        this.project = builder.project;
    }

    /** A builder with defaults: auto sampler; MCMC burn-in 10 000, thin 100, t = 1, tangent Gaussian proposal. */
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

    /** Whether the release is projected onto the public data ball (post-processing). */
    public boolean project() {
        return project;
    }

    /** 1 on a {@link HomogeneousSpace} (sigma = Delta/epsilon), else 2. */
    public static int calibrationFactor(Geometry geometry) {
        return geometry.capability(HomogeneousSpace.class).isPresent() ? 1 : 2;
    }

    @Override
    public Calibration calibrate(Estimator unbound, Geometry geometry, DataBall ball, int n, PrivacyBudget budget) {
        Release.Builder<double[]> release = ReleaseContext.calibration(NAME, unbound, geometry, ball, n, budget,
                nonPrivate);
        release.spendsNoDelta(); // a Laplace law: pure epsilon-DP whatever delta the budget allows
        double radius = ball.radius();
        Estimator estimator = ReleaseContext.bind(unbound, geometry, ball);
        // an estimand on another space (a variance on the line) gets its noise there: the Laplace of its estimate
        // on the parameter space, with the estimate's sensitivity in that space's distance (docs/parameter-spaces.md)
        Geometry space = estimator.parameterSpace(geometry);
        boolean onParameters = space != geometry;
        if (onParameters) {
            release.parameter("parameterSpace", space.spec());
            if (sampler == Sampler.MCMC || project) {
                throw ReleaseContext.lacks(estimator, NAME, sampler == Sampler.MCMC ? "the data's manifold as its "
                        + "parameter space (the chain lives on the public ball; use sampler exact or auto)"
                        : "the data's manifold as its parameter space (project: true projects onto the data ball)");
            }
        }
        double delta = estimator.estimateSensitivity(geometry, radius, n).orElseThrow(() -> ReleaseContext.lacks(
                estimator, NAME, "a bound on its estimate's own sensitivity (the Laplace adds noise to the estimate; "
                        + "kng needs only the gradient's)"));
        int factor = calibrationFactor(space);
        Optional<ExactLaplaceSampler> exact = sampler == Sampler.MCMC ? Optional.empty()
                : ExactLaplaceSamplers.find(space);
        if (sampler == Sampler.EXACT && exact.isEmpty()) {
            throw new IllegalArgumentException(String.format(
                    "riemannian-laplace: no exact sampler exists for %s: it needs the capability "
                            + "ExactLaplaceSampler, RadialVolume with TangentBasis, SpectralVolume, or IsometricChart; use sampler "
                            + "mcmc or auto. Provided value: %s", space.spec(), sampler.configName()));
        }
        exact = exact.map(found -> onGridWherePossible(found, space, release));
        // the lattice draw costs gridEpsilonLoss(d) on top of Delta/sigma: calibrate with what is left
        double epsilon = budget.epsilon() - gridLoss(exact, space);
        if (!(epsilon > 0)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "riemannian-laplace: epsilon = %s does not "
                    + "cover the %s the floating-point-safe lattice costs; raise epsilon. Provided value: %s",
                    budget.epsilon(), gridLoss(exact, space), budget.epsilon()));
        }
        boolean paper = sigmaRule instanceof SigmaRule.Paper;
        double paperDelta = Double.NaN;
        if (paper && !ReleaseContext.isFrechetMean(estimator)) {
            throw ReleaseContext.lacks(estimator, NAME, "the paper's sigma rule (Reimherr et al. 2021, suppl. §2.1 calibrates the Frechet mean "
                    + "only)");
        }
        if (paper) {
            double bound = BoundaryGrid.tangentBound(geometry, ball.center(), radius, NAME);
            paperDelta = BoundaryGrid.laplaceSensitivity(bound, geometry, radius, n);
            release.parameter("empiricalTangentBound", bound)
                    .parameter("sensitivityFormula", "E/(n h_max(r, kmax)), E = empirical max of |log(x1, xi) - "
                            + "log(x1, xj)| on a public grid of the ball's boundary (Reimherr et al. 2021, suppl. §2.1)");
        }
        double empirical = paperDelta;
        NoiseScale scale = NoiseScale.resolve(sigmaRule, LaplaceScale.proven(NAME, factor, delta, epsilon),
                () -> factor * empirical / epsilon);
        double sigma = scale.sigma();
        release.sensitivity(paper ? paperDelta : delta)
                .parameter("provenSensitivity", delta)
                .parameter("homogeneous", factor == 1)
                .parameter("sigmaFormula", factor == 1
                        ? "Delta/epsilon (the geometry is a HomogeneousSpace: the normalising constant does not "
                                + "depend on the centre)"
                        : "2 Delta/epsilon (the geometry does not declare HomogeneousSpace)")
                .parameter("project", project);
        scale.applyTo(release);
        requireLawExists(space, sigma, budget.epsilon(), budget.epsilon() - epsilon);
        exact = exact.filter(found -> !tooSlowForAuto(found, sigma, release));
        FirstUse<ExactLaplaceSampler> draws = null;
        if (exact.isPresent()) {
            release.parameter("sampler", "exact")
                    .parameter("exactSampler", exact.get().getClass().getSimpleName());
            ExactLaplaceSampler planned = exact.get();
            draws = new FirstUse<>(planned, () -> rebuild(planned, space));
        } else if (onParameters) {
            throw ReleaseContext.lacks(estimator, NAME, "an exact Laplace sampler on its parameter space "
                    + space.spec() + " (a chain would live on the data's public ball)");
        } else {
            release.parameter("sampler", "mcmc");
            McmcRunner.plan(geometry, true, ball, false, sigma, mcmc, release);
        }
        return Calibration.of(this, estimator, geometry, ball, n, release, new Drawing(sigma, draws));
    }

    /** A calibration's plan: the scale and the exact sampler (null: a chain). */
    private record Drawing(double sigma, FirstUse<ExactLaplaceSampler> exact) {
    }

    /** A new sampler of the same kind as {@code planned} (lattice or as found), for a later release. */
    private static ExactLaplaceSampler rebuild(ExactLaplaceSampler planned, Geometry geometry) {
        return planned instanceof ChartLaplaceSampler chart && chart.onGrid() ? ChartLaplaceSampler.onGrid(geometry)
                : ExactLaplaceSamplers.find(geometry).orElseThrow();
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        return release(calibration, data == null ? null : Records.of(data), random);
    }

    /** Reads the records one at a time, in either layout (the noise does not depend on the layout). */
    @Override
    public Release<double[]> release(Calibration calibration, Records data, UniformRandomProvider random) {
        // with a chart, the ball check charts each record once (checking it as a point) for the mean below
        Calibration.Started started = calibration.start(this, data, random);
        Release.Builder<double[]> release = started.release();
        Drawing drawing = calibration.plan(Drawing.class);
        double sigma = drawing.sigma();
        Geometry geometry = calibration.geometry();
        double[] mean = ReleaseContext.estimate(calibration.estimator(), geometry, data, started.charted(),
                calibration.ball(), release);
        // an estimand on another space is drawn there (calibration refused the chain for it)
        double[] value = new double[calibration.estimator().parameterSpace(geometry).layout().length()];
        if (drawing.exact() != null) {
            long proposals = drawing.exact().take().sample(mean, sigma, random, value);
            release.sampler(SamplerReport.exact(proposals));
        } else {
            value = McmcRunner.run(geometry, new LaplaceLogDensity(geometry, mean, sigma),
                    space -> new LaplaceLogDensity(space, space.toChartCoordinates(mean), sigma), calibration.ball(),
                    false, sigma, mcmc, random, release);
        }
        if (project) {
            // post-processing of the release and the public ball: the guarantee is unchanged, and on a flat chart
            // (or any curvature >= 0 within Assumption 1) it never moves the release away from a point of the
            // ball, the mean included (docs/sensitivity-bounds.md, "Projecting a release onto the ball")
            value = calibration.ball().project(geometry, value);
        }
        return calibration.seal(release.value(value));
    }

    /**
     * The chart Laplace drawn on a power-of-two lattice (floating-point safe, docs/floating-point-noise.md) where the
     * chart's dimension allows the exact lattice sampler; otherwise the sampler found, with the release saying
     * whether its output is protected.
     */
    private static ExactLaplaceSampler onGridWherePossible(ExactLaplaceSampler found, Geometry geometry,
            Release.Builder<double[]> release) {
        if (found instanceof ChartLaplaceSampler && geometry.dimension() <= LatticeLaplace.MAX_DIMENSION) {
            release.parameter("noise", "lattice l2 Laplace in the isometric chart (power-of-two grid)")
                    .parameter("gridEpsilonLoss", EuclideanLaplace.gridEpsilonLoss(geometry.dimension()));
            return ChartLaplaceSampler.onGrid(geometry);
        }
        ReleaseContext.floatingPointWarning(release, found instanceof ChartLaplaceSampler
                ? "the exact lattice sampler stops at dimension " + LatticeLaplace.MAX_DIMENSION
                : "continuous sampling in doubles (" + found.getClass().getSimpleName() + ")");
        return found;
    }

    /**
     * With {@code auto}, a rejection sampler whose public pilot estimate of the acceptance rate at this sigma is below
     * {@value #AUTO_MIN_ACCEPTANCE} gives way to the chain (e.g. the spectral sampler on SPD(k) for large k near the
     * scale limit, docs/exact-sampling.md). The estimate depends on sigma and the geometry only.
     */
    private boolean tooSlowForAuto(ExactLaplaceSampler found, double sigma, Release.Builder<double[]> release) {
        if (sampler != Sampler.AUTO || !(found instanceof SpectralLaplaceSampler spectral)) {
            return false;
        }
        double acceptance = spectral.estimatedAcceptance(sigma);
        release.parameter("exactAcceptanceEstimate", acceptance);
        if (acceptance >= AUTO_MIN_ACCEPTANCE) {
            return false;
        }
        release.parameter("samplerChoice", String.format(Locale.ROOT, "mcmc: the exact sampler's estimated "
                + "acceptance rate %.3g is below %.0e", acceptance, AUTO_MIN_ACCEPTANCE));
        return true;
    }

    /** The extra epsilon of a lattice draw, 0 for other samplers. */
    private static double gridLoss(Optional<ExactLaplaceSampler> exact, Geometry geometry) {
        return exact.filter(e -> e instanceof ChartLaplaceSampler chart && chart.onGrid()).isPresent()
                ? EuclideanLaplace.gridEpsilonLoss(geometry.dimension()) : 0;
    }

    /**
     * Refuses a scale at which {@code exp(-rho/sigma)} is not integrable: on a space whose volume grows like
     * {@code exp(gamma t)} the Laplace exists only for {@code sigma < 1/gamma} ({@link VolumeGrowth}); above it there
     * is no law to sample and a chain would only wander. Public values only.
     */
    static void requireLawExists(Geometry geometry, double sigma, double givenEpsilon, double gridLoss) {
        double limit = VolumeGrowth.laplaceScaleLimit(geometry);
        if (!(sigma < limit)) {
            // sigma is (a rule's multiple of) c Delta / (epsilon - gridLoss): below the limit from this epsilon on
            double smallest = gridLoss + (givenEpsilon - gridLoss) * (sigma / limit);
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "riemannian-laplace: epsilon = %s gives the noise scale sigma = %.4g, but on %s the Laplace law "
                            + "exp(-rho/sigma) is a probability distribution only for sigma < %.4g (the volume grows "
                            + "like exp(%.4g t)); use epsilon > %.3g, raise n, shrink the ball, or use kng (its law "
                            + "lives on the ball and always exists). Provided value: epsilon = %s", givenEpsilon, sigma,
                    geometry.spec(), limit, 1 / limit, smallest, givenEpsilon));
        }
    }

    /** Configures a {@link RiemannianLaplace}; {@link #build()} validates. */
    public static final class Builder {
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private Sampler sampler = Sampler.AUTO;
        private final McmcFields mcmc = new McmcFields(DEFAULT_MCMC);
        private boolean nonPrivate;
        private boolean project;

        private Builder() {
        }

        /** The calibration rule (default proven). */
        public Builder sigmaRule(SigmaRule sigmaRule) {
            this.sigmaRule = sigmaRule;
            return this;
        }

        /** The sampler (default auto: exact when available). */
        public Builder sampler(Sampler sampler) {
            this.sampler = sampler;
            return this;
        }

        /** MCMC steps before the released segment (default 10 000). */
        public Builder burnIn(long burnIn) {
            this.mcmc.burnIn = burnIn;
            return this;
        }

        /** MCMC steps of the released segment (default 100). */
        public Builder thin(int thin) {
            this.mcmc.thin = thin;
            return this;
        }

        /** t: the MCMC proposal scale is {@code t sigma} (default 1, the proposal length sigma of Reimherr et al. 2021, suppl. §1.5). */
        public Builder step(double step) {
            this.mcmc.step = step;
            return this;
        }

        /** The MCMC proposal (default tangent Gaussian; Utpala et al. 2023 used chart-random-walk). */
        public Builder proposal(ProposalKind proposal) {
            this.mcmc.proposal = proposal;
            return this;
        }

        /**
         * How each MCMC step's scale is chosen (default {@link ProposalScales#LADDER}: a public ladder from
         * {@code t r/sqrt(d)} of the ball, where the chain starts and the Laplace's centre lies, down to
         * {@code t sigma}; {@link ProposalScales#SINGLE}: {@code t sigma} alone).
         */
        public Builder proposalScales(ProposalScales scales) {
            this.mcmc.scales = scales;
            return this;
        }

        /** MCMC chains (default 1). */
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

        /**
         * Project the release onto the public data ball (default false): post-processing, so the guarantee is
         * unchanged; it never increases the distance to the mean on flat and non-negatively curved geometries.
         */
        public Builder project(boolean project) {
            this.project = project;
            return this;
        }

        public RiemannianLaplace build() {
            if (sigmaRule == null) {
                throw new IllegalArgumentException("riemannian-laplace: sigmaRule must be set (proven, paper, "
                        + "scaled:F or fixed:S). Provided value: null");
            }
            if (sampler == null) {
                throw new IllegalArgumentException("riemannian-laplace: sampler must be set (auto, exact or mcmc). "
                        + "Provided value: null");
            }
            return new RiemannianLaplace(this, mcmc.settings());
        }
    }
}
