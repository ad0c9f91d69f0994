package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.noise.LatticeLaplace;
import dev.manifolddp.sampling.noise.NoiseGrid;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The extrinsic Euclidean Laplace baseline (Soto et al. 2022, §4 and supplement §2.2; Reimherr et al. 2021, supplement §1.4): the K-norm (l2) Laplace
 * {@code f(y) ∝ exp(-|y - abar|_2 / sigma)} on the ambient space R^D of an {@link AmbientEmbedding}, around the
 * Euclidean mean {@code abar} of the records' ambient coordinates (aligned to the ball's centre on a shape space, see
 * {@link AmbientData}).
 *
 * <p><b>Calibration.</b> Every record lies in the ambient ball of radius {@code r_E = ambientRadius(center, r)}
 * ({@code 2 sin(r/2)} on the unit sphere, {@code lambda_max(C)(e^r - 1)} for SPD), so {@code abar} has l2
 * sensitivity {@code Delta = 2 r_E / n} ({@link SensitivityBounds#ambientEuclideanMean}) and the K-norm mechanism
 * with {@code sigma = Delta / epsilon} is epsilon-DP. The papers used this calibration ({@code paper} = proven).
 * <b>Floating-point safety</b> (Mironov 2012): the draw is the same l2 law on a power-of-two lattice around the mean's
 * grid index, drawn exactly, with the integer scale raised so that the loss stays {@code Delta / sigma}
 * ({@code sampling.exact.EuclideanLaplace#sampleOnGrid}; docs/floating-point-noise.md); ambient dimensions above
 * {@code LatticeLaplace.MAX_DIMENSION} are refused.
 * (Soto et al. 2022, §4.1 noised the embedded Frechet mean with this Delta; Delta bounds the Euclidean mean's sensitivity, which is
 * why this mechanism noises the Euclidean mean.)
 *
 * <p><b>Value.</b> With {@code project} (default false) the draw is projected onto the manifold (normalised on the
 * sphere, Soto et al. 2022, §4.1; post-processing keeps the guarantee) when a projection exists; otherwise the value is
 * {@code fromAmbient(y)}, which need not be a point of the manifold: the release records {@code onManifold}.
 *
 * <p>Immutable and thread-safe.
 */
public final class EuclideanLaplace implements Mechanism {

    /** The registered name. */
    public static final String NAME = "euclidean-laplace";

    private final boolean project;
    private final SigmaRule sigmaRule;
    private final boolean nonPrivate;

    private EuclideanLaplace(Builder builder) {
        this.project = builder.project;
        this.sigmaRule = builder.sigmaRule;
        this.nonPrivate = builder.nonPrivate;
    }

    /** A builder: no projection, proven sigma rule. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String name() {
        return NAME;
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
        release.spendsNoDelta(); // a Laplace law: pure epsilon-DP whatever delta the budget allows
        AmbientEmbedding embedding = ReleaseContext.requireCapability(geometry, AmbientEmbedding.class, NAME,
                "noise is added in ambient Euclidean coordinates");
        if (embedding.ambientDimension() > LatticeLaplace.MAX_DIMENSION) {
            throw new IllegalArgumentException(String.format("%s: the floating-point-safe l2 Laplace sampler supports "
                    + "ambient dimensions up to %d (its exact sampler slows exponentially with the dimension); use a "
                    + "smaller configuration or another mechanism. Provided value: ambient dimension %d of %s", NAME,
                    LatticeLaplace.MAX_DIMENSION, embedding.ambientDimension(), geometry.spec()));
        }
        double ambientRadius = embedding.ambientRadius(ball.center(), ball.radius());
        double delta = SensitivityBounds.ambientEuclideanMean(ambientRadius, n);
        NoiseScale scale = NoiseScale.resolve(sigmaRule, LaplaceScale.proven(NAME, 1, delta, budget.epsilon()),
                null);
        release.sensitivity(delta).parameter("ambientRadius", ambientRadius)
                .parameter("sigmaFormula", "Delta/epsilon, Delta = 2 r_E/n, r_E = ambientRadius(center, r)");
        scale.applyTo(release);
        AmbientData.describe(geometry, embedding, release);
        // The l2 Laplace on the lattice g Z^D (docs/floating-point-noise.md): the mean's grid index moves by at most
        // Delta/g + sqrt(D) in l2, so the integer scale s keeps the loss (Delta/g + sqrt(D))/s <= Delta/sigma.
        double sigma = scale.sigma();
        double granularity = NoiseGrid.granularity(sigma);
        double gridSensitivity = delta + Math.sqrt(embedding.ambientDimension()) * granularity;
        int dimension = embedding.ambientDimension();
        long gridScale = LatticeScaleLimit.checked(gridUnits(sigma, delta, dimension), LatticeLaplace.MAX_SCALE,
                "2^24", "the lattice Laplace's scale", budget.epsilon(), sigmaRule,
                other -> fitsAt(delta, other, dimension), GaussianCalibration.MAX_EPSILON);
        release.sigma(gridScale * granularity)
                .parameter("noise", "l2 K-norm Laplace exp(-|z|_2/s) on the lattice g Z^D, exact sampler (rejection "
                        + "from discrete Laplaces); mean rounded to the grid")
                .parameter("granularity", granularity)
                .parameter("gridScale", gridScale)
                .parameter("gridSensitivity", gridSensitivity)
                .parameter("project", project);
        return Calibration.of(this, estimator, geometry, ball, n, release, new Grid(granularity, gridScale));
    }

    /**
     * The integer scale s in grid steps, as a double (checked before it becomes a long):
     * {@code ceil(sigma (Delta + sqrt(D) g) / (Delta g)) + 1}, so that {@code (Delta/g + sqrt(D))/s <= Delta/sigma}.
     */
    private static double gridUnits(double sigma, double delta, int dimension) {
        double granularity = NoiseGrid.granularity(sigma);
        double gridSensitivity = delta + Math.sqrt(dimension) * granularity;
        return Math.ceil(sigma * gridSensitivity / (delta * granularity)) + 1;
    }

    /** Whether the lattice scale fits the sampler at another epsilon, the sigma rule applied. */
    private boolean fitsAt(double delta, double epsilon, int dimension) {
        try {
            double sigma = NoiseScale.resolve(sigmaRule, LaplaceScale.proven(NAME, 1, delta, epsilon), null).sigma();
            return gridUnits(sigma, delta, dimension) <= LatticeLaplace.MAX_SCALE;
        } catch (IllegalArgumentException outside) {
            return false;
        }
    }

    /** The lattice a calibration draws on: its granularity g and integer scale s. */
    private record Grid(double granularity, long scale) {
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        Grid grid = calibration.plan(Grid.class);
        return AmbientData.release(this, calibration, data, random, project, mean -> {
            double[] y = new double[mean.length];
            new dev.manifolddp.sampling.exact.EuclideanLaplace().sampleOnGrid(mean, grid.granularity(), grid.scale(),
                    random, y);
            return y;
        });
    }

    /** Configures a {@link EuclideanLaplace}; {@link #build()} validates. */
    public static final class Builder {
        private boolean project;
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private boolean nonPrivate;

        private Builder() {
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

        public EuclideanLaplace build() {
            if (sigmaRule == null) {
                throw new IllegalArgumentException("euclidean-laplace: sigmaRule must be set. Provided value: null");
            }
            return new EuclideanLaplace(this);
        }
    }
}
