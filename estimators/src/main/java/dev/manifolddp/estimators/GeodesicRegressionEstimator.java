package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.TangentBundle;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code geodesic-regression} as an estimand of the one estimator SPI: the geodesic {@code x -> exp(p, x v)} minimising
 * {@code E(p, v) = (1/2n) sum_i rho(exp(p, x_i v), y_i)^2} (Fletcher 2011), over records {@code [y..., x]} that carry
 * their covariate after the response ({@link CovariateRecords}). Its parameter space is the tangent bundle of the data's
 * manifold ({@link TangentBundle}), the value the packed pair {@code [p..., v...]} on the rescaled covariate
 * {@code (x - low)/(high - low)} in [0, 1] (Kulkarni and Soto 2025, §2.2), so that the K-norm gradient mechanism releases it
 * as it releases any estimator whose parameter space differs from the data's: {@code exp(-|(grad_p E, grad_v E)|/sigma)}
 * with respect to the Liouville measure on the public domain {@link #bundleDomain} ({@code docs/private-regression.md}).
 *
 * <p><b>Public values.</b> The covariate range {@code [low, high]} (required), the footpoint radius Rp (default: the
 * data ball's radius r), the speed bound V (default 2r) and tau (default {@code V + Rp + r}), all fixed before the data
 * are read; {@link #forBall} binds the public ball and checks them ({@link RegressionSensitivity#defaultTau},
 * {@link RegressionSensitivity#publicTau}). The gradient's sensitivity is
 * {@code sqrt(Delta_p^2 + Delta_v^2)} of {@link RegressionSensitivity}; the estimate itself has no proven sensitivity,
 * so the Laplace and Gaussian mechanisms refuse it. {@link #describe} gives the released geodesic on the caller's
 * covariate (the footpoint at x = 0 and the velocity per unit of x), a function of the value only.
 *
 * <p>Immutable and thread-safe; the gradient fields it makes have scratch arrays ({@link GradientField#copy()}).
 */
public final class GeodesicRegressionEstimator implements Estimator, CovariateRecords, ResponsePrediction,
        PublicRegressionDomain, PaperNoiseScale {

    /** The registered name. */
    public static final String NAME = "geodesic-regression";

    private final CovariateRange range;
    private final double footpointRadius;
    private final double maxSpeed;
    private final double tau;
    /** The public ball's centre, null until {@link #forBall}. */
    private final double[] center;

    /**
     * An unbound estimator.
     *
     * @param low             the public covariate range's lower end
     * @param high            its upper end, above {@code low}
     * @param footpointRadius Rp, or NaN for the data ball's radius
     * @param maxSpeed        V, or NaN for twice the data ball's radius
     * @param tau             a public tau, or NaN for {@code V + Rp + r}
     * @throws IllegalArgumentException naming the value that is invalid
     */
    public GeodesicRegressionEstimator(double low, double high, double footpointRadius, double maxSpeed, double tau) {
        this(new CovariateRange(low, high, true), optionalPositive("footpoint-radius", footpointRadius),
                optionalPositive("max-speed", maxSpeed), optionalPositive("tau", tau), null);
    }

    private GeodesicRegressionEstimator(CovariateRange range, double footpointRadius, double maxSpeed, double tau,
            double[] center) {
        this.range = range;
        this.footpointRadius = footpointRadius;
        this.maxSpeed = maxSpeed;
        this.tau = tau;
        this.center = center;
    }

    private static double optionalPositive(String name, double value) {
        if (!Double.isNaN(value) && !(value > 0 && Double.isFinite(value))) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "estimator '%s': %s must be finite and > 0 "
                    + "(a public bound), or left out for its default. Provided value: %s", NAME, name, value));
        }
        return value;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Geometry parameterSpace(Geometry dataSpace) {
        return TangentBundle.of(dataSpace);
    }

    /**
     * Binds the public ball: the defaults of Rp, V and tau become numbers, and the domain is checked (Assumption of
     * the radius limit, tau below the injectivity radius, the focal condition).
     */
    @Override
    public Estimator forBall(Geometry dataSpace, double[] ballCenter, double ballRadius) {
        GeometryChecks.requirePoint(dataSpace, "the ball's centre", ballCenter);
        double[] domain = domainAt(dataSpace, ballRadius);
        return new GeodesicRegressionEstimator(range, domain[0], domain[1], domain[2], ballCenter.clone());
    }

    /**
     * {@code {Rp, V, tau}}: the bound domain's, or the configured values with their defaults at {@code ballRadius},
     * checked ({@link RegressionSensitivity#defaultTau}, {@link RegressionSensitivity#publicTau}).
     */
    private double[] domainAt(Geometry dataSpace, double ballRadius) {
        if (center != null) {
            return new double[] {footpointRadius, maxSpeed, tau};
        }
        double rp = Double.isNaN(footpointRadius) ? ballRadius : footpointRadius;
        double v = Double.isNaN(maxSpeed) ? 2 * ballRadius : maxSpeed;
        double t = Double.isNaN(tau) ? RegressionSensitivity.defaultTau(dataSpace, ballRadius, rp, v, range)
                : RegressionSensitivity.publicTau(dataSpace, tau, ballRadius, rp, v, range);
        return new double[] {rp, v, t};
    }

    /** Kulkarni and Soto 2025's joint scale {@code Delta/epsilon}, Delta the joint sensitivity (unproven). */
    @Override
    public double paperSigma(Geometry dataSpace, double ballRadius, int n, double epsilon) {
        return gradientSensitivity(dataSpace, ballRadius, n) / epsilon;
    }

    @Override
    public String paperFormula() {
        return "Delta/epsilon (Kulkarni and Soto 2025), Delta = sqrt(Delta_p^2 + Delta_v^2)";
    }

    @Override
    public Domain publicDomain(Geometry dataSpace, double ballRadius) {
        double[] domain = domainAt(dataSpace, ballRadius);
        return new Domain(domain[0], domain[1], domain[2], range.low(), range.high());
    }

    private GeodesicRegressionEstimator requireBound(String what) {
        if (center == null) {
            throw new IllegalStateException(NAME + ": " + what + " needs the public ball; call forBall(dataSpace, "
                    + "center, radius) first. Provided value: an unbound estimator");
        }
        return this;
    }

    @Override
    public double[] publicStart(Geometry dataSpace, double[] ballCenter) {
        return TangentBundle.of(dataSpace).pack(ballCenter, new double[ballCenter.length]);
    }

    @Override
    public Optional<BundleDomain> bundleDomain(Geometry dataSpace, double[] ballCenter, double ballRadius, int n) {
        double[] domain = domainAt(dataSpace, ballRadius);
        return Optional.of(new BundleDomain(ballCenter, domain[0], domain[1]));
    }

    @Override
    public double[][] responses(Geometry dataSpace, double[][] records) {
        int length = dataSpace.layout().length();
        double[][] responses = new double[records.length][];
        for (int i = 0; i < records.length; i++) {
            requireRecordLength(dataSpace, records, i);
            responses[i] = Arrays.copyOf(records[i], length);
        }
        return responses;
    }

    @Override
    public Optional<double[]> covariateRange() {
        return Optional.of(new double[] {range.low(), range.high()});
    }

    @Override
    public double[] covariates(Geometry dataSpace, double[][] records) {
        int length = dataSpace.layout().length();
        double[] x = new double[records.length];
        for (int i = 0; i < records.length; i++) {
            requireRecordLength(dataSpace, records, i);
            x[i] = records[i][length];
            if (!(x[i] >= range.low() && x[i] <= range.high())) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: record %d has covariate %s, "
                        + "outside the public covariate range [%s, %s] (or not finite); the range is fixed before the "
                        + "data are read, so widen it or remove the record. Provided value: %s", NAME, i + 1, x[i],
                        range.low(), range.high(), x[i]));
            }
        }
        return x;
    }

    private static void requireRecordLength(Geometry dataSpace, double[][] records, int i) {
        int expected = dataSpace.layout().length() + 1;
        if (records[i] == null || records[i].length != expected) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: record %d needs %d values, the "
                    + "response's %d coordinates followed by its covariate. Provided value: %s", NAME, i + 1,
                    expected, expected - 1, records[i] == null ? "null" : records[i].length + " values"));
        }
    }

    private double[] scaled(double[] x) {
        double[] scaled = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            scaled[i] = range.scale(x[i]);
        }
        return scaled;
    }

    @Override
    public double[] estimate(Geometry dataSpace, double[][] data) {
        GeodesicRegressionEstimator bound = requireBound("the estimate");
        GeodesicRegressionResult fit = bound.fit(dataSpace, data, bound.center, new double[bound.center.length],
                GeodesicRegression.DEFAULT_TOLERANCE, GeodesicRegression.DEFAULT_MAX_ITERATIONS);
        if (!fit.converged()) {
            throw new IllegalStateException(NAME + ": the fit did not converge: " + fit.reason());
        }
        return TangentBundle.of(dataSpace).pack(fit.scaledFootpoint(), fit.scaledShootingVector());
    }

    @Override
    public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
            int maxIterations) {
        TangentBundle bundle = TangentBundle.of(dataSpace);
        GeometryChecks.requirePoint(bundle, "start", start);
        // the builder takes a start on the caller's covariate: the same geodesic seen from x = 0
        double[][] caller = atCallersCovariate(dataSpace, bundle, start);
        GeodesicRegressionResult fit = fit(dataSpace, data, caller[0], caller[1], tolerance, maxIterations);
        return new EstimatorFit(bundle.pack(fit.scaledFootpoint(), fit.scaledShootingVector()), fit.iterations(),
                fit.gradientNorm(), fit.converged(), fit.method(), fit.reason());
    }

    private GeodesicRegressionResult fit(Geometry dataSpace, double[][] data, double[] footpoint, double[] velocity,
            double tolerance, int maxIterations) {
        return GeodesicRegression.builder().geometry(dataSpace).covariateRange(range.low(), range.high())
                .start(footpoint, velocity).tolerance(tolerance).maxIterations(maxIterations).build()
                .fit(covariates(dataSpace, data), responses(dataSpace, data));
    }

    /**
     * {@code |(grad_p E, grad_v E)|} in the Sasaki metric at a packed {@code [p..., v...]}, from
     * {@link GeodesicRegressionGradient} on the rescaled covariates; allocation-free per call.
     */
    @Override
    public GradientField gradientField(Geometry dataSpace, double[][] data) {
        GeodesicRegressionGradient field = GeodesicRegressionGradient.of(dataSpace, scaled(covariates(dataSpace, data)),
                responses(dataSpace, data));
        return new BundleGradientNorm(dataSpace, field);
    }

    /** The Sasaki norm of regression's gradient at a packed point; scratch arrays, so {@link #copy()} per thread. */
    private static final class BundleGradientNorm implements GradientField {
        private final Geometry geometry;
        private final GeodesicRegressionGradient field;
        private final int length;
        private final double[] p;
        private final double[] v;
        private final double[] gradP;
        private final double[] gradV;

        BundleGradientNorm(Geometry geometry, GeodesicRegressionGradient field) {
            this.geometry = geometry;
            this.field = field;
            this.length = geometry.layout().length();
            this.p = new double[length];
            this.v = new double[length];
            this.gradP = new double[length];
            this.gradV = new double[length];
        }

        @Override
        public double gradientNorm(double[] x) {
            System.arraycopy(x, 0, p, 0, length);
            System.arraycopy(x, length, v, 0, length);
            field.gradient(p, v, gradP, gradV);
            return Math.sqrt(geometry.inner(p, gradP, gradP) + geometry.inner(p, gradV, gradV));
        }

        @Override
        public GradientField copy() {
            return new BundleGradientNorm(geometry, field.copy());
        }
    }

    /**
     * {@code sqrt(Delta_p^2 + Delta_v^2)} ({@link RegressionSensitivity#footpoint},
     * {@link RegressionSensitivity#shootingVector}) for the bound domain, or for the defaults at this radius.
     */
    @Override
    public double gradientSensitivity(Geometry dataSpace, double ballRadius, int n) {
        double[] bounds = domainAt(dataSpace, ballRadius);
        RegressionDomain domain = new RegressionDomain(ballRadius, bounds[0], bounds[1]);
        return Math.hypot(RegressionSensitivity.footpoint(dataSpace, bounds[2], domain, n),
                RegressionSensitivity.shootingVector(dataSpace, bounds[2], domain, n));
    }

    /** None: two adjacent datasets can have fits far apart on the bundle (docs/private-regression.md). */
    @Override
    public OptionalDouble estimateSensitivity(Geometry dataSpace, double ballRadius, int n) {
        return OptionalDouble.empty();
    }

    @Override
    public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double ballRadius) {
        return Optional.empty();
    }

    /** The public parameters of the bound domain, and the geodesic on the caller's covariate (post-processing). */
    @Override
    public Map<String, Object> describe(Geometry dataSpace, double[] value) {
        TangentBundle bundle = TangentBundle.of(dataSpace);
        double[][] caller = atCallersCovariate(dataSpace, bundle, value);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("scaledFootpoint", boxed(bundle.footpoint(value)));
        fields.put("scaledShootingVector", boxed(bundle.vector(value)));
        fields.put("footpoint", boxed(caller[0]));
        fields.put("shootingVector", boxed(caller[1]));
        fields.put("covariateRange", java.util.List.of(range.low(), range.high()));
        return fields;
    }

    /**
     * {@code {footpoint, velocity}}: the geodesic of a packed pair on the rescaled covariate seen from the caller's
     * x = 0, its velocity per unit of x (as {@link GeodesicRegression} reports its fits).
     */
    private double[][] atCallersCovariate(Geometry dataSpace, TangentBundle bundle, double[] packed) {
        double[] p = bundle.footpoint(packed);
        double[] footpoint = new double[p.length];
        double[] velocity = new double[p.length];
        GeodesicRegression.reparametrise(dataSpace, NumericalJacobiFields.forGeometry(dataSpace), p,
                bundle.vector(packed), -range.low() / range.width(), 1 / range.width(), footpoint, velocity);
        return new double[][] {footpoint, velocity};
    }

    /** {@code exp(p, t(x) v)}: the packed pair's geodesic at the covariate rescaled as the fit rescales it. */
    @Override
    public double[] predict(Geometry dataSpace, double[] value, double covariate) {
        TangentBundle bundle = TangentBundle.of(dataSpace);
        GeometryChecks.requireLength(bundle, "value", value);
        if (!Double.isFinite(covariate)) {
            throw new IllegalArgumentException(NAME + ": the covariate to predict at must be finite. Provided value: "
                    + covariate);
        }
        double[] v = bundle.vector(value);
        double t = range.scale(covariate);
        for (int j = 0; j < v.length; j++) {
            v[j] *= t;
        }
        return dataSpace.exp(bundle.footpoint(value), v);
    }

    private static java.util.List<Double> boxed(double[] values) {
        return Arrays.stream(values).boxed().toList();
    }
}
