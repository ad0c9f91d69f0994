package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The extrinsic Gaussian baseline of Utpala et al. 2023, §6.1 (after Reimherr et al. 2021): Gaussian noise {@code N(0, sigma^2 I_D)}
 * on the ambient coordinates of an {@link AmbientEmbedding} (vecd for SPD), around the Euclidean mean {@code abar} of
 * the records' ambient coordinates.
 *
 * <p><b>Which mean.</b> Utpala et al. 2023 write the noise around vecd of the log-Euclidean mean with
 * {@code Delta_EX = 2(e^r - 1)/n}; that bound is the sensitivity of the arithmetic mean of {@code vecd(X_i)} for data
 * in {@code B_r(I)} (Reimherr et al. 2021, suppl. Prop. 1 puts every record in the Frobenius ball of radius {@code e^r - 1}), not of the
 * log-Euclidean mean. So this mechanism noises the arithmetic ambient mean, with {@code r_E = ambientRadius(center, r)}
 * and {@code Delta = 2 r_E / n} ({@code = 2(e^r - 1)/n} at I), for which the guarantee is proven (on shape spaces the
 * records are aligned to the centre first, see {@link AmbientData}).
 *
 * <p><b>Calibration.</b> Analytic (default) or classical (epsilon &lt; 1) Gaussian calibration of
 * {@link GaussianCalibration}; the budget needs {@code delta > 0}; {@code paper} = proven. The noise is drawn
 * floating-point safely as the discrete Gaussian on a power-of-two grid, calibrated for that law
 * ({@link GridGaussianNoise}). <b>Value:</b> as for
 * {@link EuclideanLaplace}: projected on request when possible, else {@code fromAmbient(y)} (a symmetric matrix that
 * may not be positive definite), with {@code onManifold} recorded.
 *
 * <p>Immutable and thread-safe.
 */
public final class ExtrinsicGaussian implements Mechanism {

    /** The registered name. */
    public static final String NAME = "extrinsic-gaussian";

    private final GaussianCalibration.Method calibration;
    private final boolean project;
    private final SigmaRule sigmaRule;
    private final boolean nonPrivate;

    private ExtrinsicGaussian(Builder builder) {
        this.calibration = builder.calibration;
        this.project = builder.project;
        this.sigmaRule = builder.sigmaRule;
        this.nonPrivate = builder.nonPrivate;
    }

    /** A builder: analytic calibration, no projection, proven sigma rule. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String name() {
        return NAME;
    }

    public GaussianCalibration.Method calibration() {
        return calibration;
    }

    public boolean project() {
        return project;
    }

    public SigmaRule sigmaRule() {
        return sigmaRule;
    }

    public boolean nonPrivate() {
        return nonPrivate;
    }

    @Override
    public Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget) {
        ReleaseContext.requireFrechetMean(estimator, NAME, "it adds noise to the arithmetic mean of ambient coordinates");
        Release.Builder<double[]> release = ReleaseContext.calibration(NAME, estimator, geometry, ball, n, budget,
                nonPrivate);
        AmbientEmbedding embedding = ReleaseContext.requireCapability(geometry, AmbientEmbedding.class, NAME,
                "noise is added in ambient Euclidean coordinates");
        ReleaseContext.requireApproximateBudget(budget, NAME);
        double ambientRadius = embedding.ambientRadius(ball.center(), ball.radius());
        double delta = SensitivityBounds.ambientEuclideanMean(ambientRadius, n);
        GridGaussianNoise grid = GridGaussianNoise.plan(calibration, budget, delta, embedding.ambientDimension(),
                sigmaRule);
        NoiseScale scale = NoiseScale.resolve(sigmaRule, grid.provenSigma(), null);
        release.sensitivity(delta).parameter("ambientRadius", ambientRadius)
                .parameter("calibration", calibration.configName())
                .parameter("sigmaFormula", calibration.configName() + " Gaussian for Delta = 2 r_E/n, "
                        + "r_E = ambientRadius(center, r), on the arithmetic ambient mean");
        scale.applyTo(release);
        AmbientData.describe(geometry, embedding, release);
        long s0 = grid.calibrate(scale, budget, release);
        release.parameter("project", project);
        return Calibration.of(this, estimator, geometry, ball, n, release, new Drawing(grid, s0));
    }

    /** The lattice noise a calibration draws. */
    private record Drawing(GridGaussianNoise grid, long s0) {
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        Drawing drawing = calibration.plan(Drawing.class);
        return AmbientData.release(this, calibration, data, random, project,
                mean -> drawing.grid().draw(drawing.s0(), mean, random));
    }

    /** Configures an {@link ExtrinsicGaussian}; {@link #build()} validates. */
    public static final class Builder {
        private GaussianCalibration.Method calibration = GaussianCalibration.Method.ANALYTIC;
        private boolean project;
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private boolean nonPrivate;

        private Builder() {
        }

        /** Analytic (default, any epsilon) or classical (epsilon &lt; 1). */
        public Builder calibration(GaussianCalibration.Method calibration) {
            this.calibration = calibration;
            return this;
        }

        /** Project the draw back onto the manifold when possible (default false). */
        public Builder project(boolean project) {
            this.project = project;
            return this;
        }

        /** The calibration rule (default proven; paper = proven here). */
        public Builder sigmaRule(SigmaRule sigmaRule) {
            this.sigmaRule = sigmaRule;
            return this;
        }

        /** Allow a data-derived ball (default false); the release is then marked not private. */
        public Builder nonPrivate(boolean nonPrivate) {
            this.nonPrivate = nonPrivate;
            return this;
        }

        public ExtrinsicGaussian build() {
            if (calibration == null) {
                throw new IllegalArgumentException("extrinsic-gaussian: calibration must be analytic or classical. "
                        + "Provided value: null");
            }
            if (sigmaRule == null) {
                throw new IllegalArgumentException("extrinsic-gaussian: sigmaRule must be set. Provided value: null");
            }
            return new ExtrinsicGaussian(this);
        }
    }
}
