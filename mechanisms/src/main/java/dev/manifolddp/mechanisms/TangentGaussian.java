package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.Records;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The tangent Gaussian mechanism (Utpala et al. 2023, §4, Algorithm 1) on a geometry with a global {@link IsometricChart} c
 * (log-Euclidean SPD: {@code c = vecd o Logm}): release {@code c^-1(cbar + sigma Z)}, {@code Z ~ N(0, I_d)}, where
 * {@code cbar = (1/n) sum_i c(x_i)} is the chart image of the Frechet mean (for an isometric chart the Frechet mean is
 * the chart average mapped back, which is also what a {@code ClosedFormMean} computes).
 *
 * <p><b>Calibration.</b> The chart maps the geodesic ball {@code B_r(p0)} onto the Euclidean ball of radius r around
 * {@code c(p0)}, so replacing one record moves cbar by at most {@code Delta = 2r/n} (Utpala et al. 2023, Thm 3,
 * {@link SensitivityBounds#logEuclideanMean}). The paper calibrates the continuous Gaussian analytically (default;
 * Balle and Wang 2018, any epsilon) or classically (epsilon &lt; 1 only, {@link GaussianCalibration}); the budget needs
 * {@code delta > 0}. <b>Floating-point safety</b> (Mironov 2012): the noise is the discrete Gaussian on a power-of-two
 * grid in the chart ({@link GridGaussianNoise}), whose proven sigma (zCDP accounting of Canonne, Kamath, Steinke 2020,
 * grid sensitivity {@code Delta + sqrt(d) g}) is a few per cent above the continuous one; the release records both.
 * The {@code paper} rule equals the proven one. Utility: {@code rho(release, xbar)^2 / sigma^2 ~ chi^2_d} (Utpala et al. 2023,
 * Thm 4) up to the lattice resolution {@code g ~ sigma 2^-20}.
 *
 * <p>Immutable and thread-safe.
 */
public final class TangentGaussian implements Mechanism {

    /** The registered name. */
    public static final String NAME = "tangent-gaussian";

    private final GaussianCalibration.Method calibration;
    private final SigmaRule sigmaRule;
    private final boolean nonPrivate;

    private TangentGaussian(Builder builder) {
        this.calibration = builder.calibration;
        this.sigmaRule = builder.sigmaRule;
        this.nonPrivate = builder.nonPrivate;
    }

    /** A builder: analytic calibration, proven sigma rule. */
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

    public SigmaRule sigmaRule() {
        return sigmaRule;
    }

    public boolean nonPrivate() {
        return nonPrivate;
    }

    @Override
    public Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget) {
        if (estimator != null && !ReleaseContext.isFrechetMean(estimator)) {
            return calibrateEstimate(estimator, geometry, ball, n, budget);
        }
        Release.Builder<double[]> release = ReleaseContext.calibration(NAME, estimator, geometry, ball, n, budget,
                nonPrivate);
        IsometricChart chart = ReleaseContext.requireCapability(geometry, IsometricChart.class, NAME,
                "Gaussian noise is added in a global isometric chart");
        ReleaseContext.requireApproximateBudget(budget, NAME);
        double delta = SensitivityBounds.logEuclideanMean(ball.radius(), n);
        int d = chart.chartDimension();
        GridGaussianNoise grid = GridGaussianNoise.plan(calibration, budget, delta, d, sigmaRule);
        NoiseScale scale = NoiseScale.resolve(sigmaRule, grid.provenSigma(), null);
        release.sensitivity(delta).parameter("calibration", calibration.configName())
                .parameter("sigmaFormula", calibration == GaussianCalibration.Method.ANALYTIC
                        ? "analytic Gaussian (Balle and Wang 2018) for Delta = 2r/n (Utpala et al. 2023, Thm 3)"
                        : "Delta sqrt(2 ln(1.25/delta))/epsilon, Delta = 2r/n (Utpala et al. 2023, Thm 3)")
                .parameter("meanMethod", "chart average");
        scale.applyTo(release);
        long s0 = grid.calibrate(scale, budget, release);
        return Calibration.of(this, estimator, geometry, ball, n, release, new Drawing(grid, s0, false));
    }

    /**
     * Any other estimand with a bound on its estimate's sensitivity: Gaussian noise on its estimate in the isometric
     * chart of its parameter space (R^k for a variance or a covariance), sigma from that bound (the Gaussian mechanism
     * on R^k, Balle and Wang 2018; docs/parameter-spaces.md).
     */
    private Calibration calibrateEstimate(Estimator estimator, Geometry geometry, DataBall ball, int n,
            PrivacyBudget budget) {
        Release.Builder<double[]> release = ReleaseContext.calibration(NAME, estimator, geometry, ball, n, budget,
                nonPrivate);
        Estimator bound = ReleaseContext.bind(estimator, geometry, ball);
        Geometry space = bound.parameterSpace(geometry);
        IsometricChart chart = ReleaseContext.requireCapability(space, IsometricChart.class, NAME,
                "Gaussian noise is added to the estimate in a global isometric chart of its parameter space");
        ReleaseContext.requireApproximateBudget(budget, NAME);
        double delta = bound.estimateSensitivity(geometry, ball.radius(), n).orElseThrow(() -> ReleaseContext.lacks(
                bound, NAME, "a bound on its estimate's own sensitivity (the Gaussian adds noise to the estimate)"));
        GridGaussianNoise grid = GridGaussianNoise.plan(calibration, budget, delta, chart.chartDimension(),
                sigmaRule);
        NoiseScale scale = NoiseScale.resolve(sigmaRule, grid.provenSigma(), null);
        release.sensitivity(delta).parameter("calibration", calibration.configName())
                .parameter("parameterSpace", space.spec())
                .parameter("sigmaFormula", (calibration == GaussianCalibration.Method.ANALYTIC
                        ? "analytic Gaussian (Balle and Wang 2018)" : "Delta sqrt(2 ln(1.25/delta))/epsilon")
                        + " for Delta = the estimator's estimate sensitivity in its parameter space's distance");
        scale.applyTo(release);
        long s0 = grid.calibrate(scale, budget, release);
        return Calibration.of(this, bound, geometry, ball, n, release, new Drawing(grid, s0, true));
    }

    /** The lattice noise a calibration draws, and whether it is added to an estimator's estimate (not a chart mean). */
    private record Drawing(GridGaussianNoise grid, long s0, boolean estimate) {
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        return release(calibration, data == null ? null : Records.of(data), random);
    }

    /** Reads the records one at a time, in either layout (the noise does not depend on the layout). */
    @Override
    public Release<double[]> release(Calibration calibration, Records data, UniformRandomProvider random) {
        // the ball check charts each record (one decomposition on log-Euclidean SPD, which also checks the point),
        // so the chart mean below evaluates none again
        Calibration.Started started = calibration.start(this, data, random);
        Release.Builder<double[]> release = started.release();
        Drawing drawing = calibration.plan(Drawing.class);
        if (drawing.estimate()) {
            return releaseEstimate(calibration, started, data, drawing, random);
        }
        Geometry geometry = calibration.geometry();
        IsometricChart chart = geometry.capability(IsometricChart.class).orElseThrow();
        int d = chart.chartDimension();
        int n = data.size();
        double[] chartMean = new double[d];
        ChartedRecords charted = started.charted();
        for (int i = 0; i < n; i++) {
            double[] coordinates = charted.coordinates(i);
            for (int j = 0; j < d; j++) {
                chartMean[j] += coordinates[j];
            }
        }
        for (int j = 0; j < d; j++) {
            chartMean[j] /= n;
        }
        double[] coordinates = drawing.grid().draw(drawing.s0(), chartMean, random);
        double[] value = new double[geometry.layout().length()];
        chart.fromChart(coordinates, value);
        return calibration.seal(release.value(value).sampler(SamplerReport.direct()));
    }

    private Release<double[]> releaseEstimate(Calibration calibration, Calibration.Started started, Records data,
            Drawing drawing, UniformRandomProvider random) {
        Release.Builder<double[]> release = started.release();
        Estimator estimator = calibration.estimator();
        Geometry space = estimator.parameterSpace(calibration.geometry());
        IsometricChart chart = space.capability(IsometricChart.class).orElseThrow();
        double[] estimate = ReleaseContext.estimate(estimator, calibration.geometry(), data, started.charted(),
                calibration.ball(), release);
        double[] coordinates = drawing.grid().draw(drawing.s0(), chart.toChart(estimate), random);
        double[] value = new double[space.layout().length()];
        chart.fromChart(coordinates, value);
        return calibration.seal(release.value(value).sampler(SamplerReport.direct()));
    }

    /** Configures a {@link TangentGaussian}; {@link #build()} validates. */
    public static final class Builder {
        private GaussianCalibration.Method calibration = GaussianCalibration.Method.ANALYTIC;
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private boolean nonPrivate;

        private Builder() {
        }

        /** Analytic (default, any epsilon) or classical (epsilon &lt; 1). */
        public Builder calibration(GaussianCalibration.Method calibration) {
            this.calibration = calibration;
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

        public TangentGaussian build() {
            if (calibration == null) {
                throw new IllegalArgumentException("tangent-gaussian: calibration must be analytic or classical. "
                        + "Provided value: null");
            }
            if (sigmaRule == null) {
                throw new IllegalArgumentException("tangent-gaussian: sigmaRule must be set. Provided value: null");
            }
            return new TangentGaussian(this);
        }
    }
}
