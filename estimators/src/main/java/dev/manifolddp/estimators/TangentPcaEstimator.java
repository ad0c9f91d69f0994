package dev.manifolddp.estimators;

import dev.manifolddp.geometry.EuclideanSpace;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Tangent PCA at a public base point p: the second-moment matrix {@code C(D) = (1/n) sum_i v_i v_i^T} of the records'
 * tangent vectors {@code v_i = log_p x_i}, in an orthonormal basis of {@code T_p} ({@link TangentBasis}); its
 * eigenvectors are the principal modes of variation at p and its eigenvalues their variances (Fletcher et al. 2004's
 * principal geodesic analysis linearised at p; geomstats' TangentPCA at a given base point). With p the population's
 * centre (a public centre, or a privately released mean) it is the covariance of the tangent vectors.
 *
 * <p><b>The parameter.</b> C is symmetric d x d (d the manifold's dimension); it is released as the point of
 * {@link EuclideanSpace} R^{d(d+1)/2} with coordinates {@code C_jj} on the diagonal and {@code sqrt(2) C_jk} above
 * it, row by row ({@link #pack}), so that the space's distance is the Frobenius norm. Dwork et al. 2014's Analyze
 * Gauss is the Gaussian mechanism on exactly this space; {@link #modes} turns a release (post-processing) into
 * principal directions and variances.
 *
 * <p><b>Sensitivity</b> (docs/tangent-pca.md). Records lie in the public ball {@code B_r(m0)}, p at distance a from
 * m0, {@code R = a + r} below p's injectivity radius, so {@code |v| = rho(p, x) <= R}. Replacing one record changes C
 * by {@code (v v^T - w w^T)/n}, whose Frobenius norm is {@code sqrt(|v|^4 + |w|^4 - 2 (v.w)^2)/n <= sqrt(2) R^2/n}
 * (d >= 2; equality for orthogonal v, w of length R) and {@code R^2/n} for d = 1. The same bound holds for the gradient
 * {@code theta - C} of {@code U(theta) = |theta - C|^2/2}, so the Laplace, the Gaussian and KNG all apply.
 *
 * <p>The base point is the {@code base} parameter, or the public ball's centre bound by {@link #forBall}. Immutable
 * and thread-safe.
 */
public final class TangentPcaEstimator implements Estimator {

    /** The registered name. */
    public static final String NAME = "tangent-pca";

    private static final double SQRT2 = Math.sqrt(2);

    private final double[] base;
    private final BoundBall ball;
    /** {@code R = a + r}: every record's distance from the base is at most R. */
    private final double reach;

    /** At {@code base}, or at the public ball's centre when {@code base} is null. */
    public TangentPcaEstimator(double[] base) {
        this(base == null ? null : base.clone(), null);
    }

    private TangentPcaEstimator(double[] base, BoundBall ball) {
        this.base = base;
        this.ball = ball;
        this.reach = ball == null ? Double.NaN : ball.offset() + ball.radius();
    }

    @Override
    public String name() {
        return NAME;
    }

    /** R^{d(d+1)/2}, d the manifold's dimension. */
    @Override
    public Geometry parameterSpace(Geometry dataSpace) {
        DataChecks.requireGeometry(dataSpace);
        int d = dataSpace.dimension();
        return EuclideanSpace.of(d * (d + 1) / 2);
    }

    /** The base point, once known (the configured one, or the bound ball's centre). */
    public Optional<double[]> base() {
        return base != null ? Optional.of(base.clone()) : Optional.ofNullable(ball).map(b -> b.center().clone());
    }

    @Override
    public Estimator forBall(Geometry dataSpace, double[] center, double radius) {
        BoundBall bound = BoundBall.of(NAME, dataSpace, center, radius, base, "base");
        basis(dataSpace);
        double r = bound.offset() + radius;
        if (!(r < dataSpace.injectivityRadius())) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: every record's log at the base point "
                    + "must be defined, which needs the base's distance from the ball's centre plus the radius (%s) "
                    + "below the injectivity radius %s; choose a base inside or near the ball, or a smaller ball. "
                    + "Provided value: %s", NAME, r, dataSpace.injectivityRadius(), r));
        }
        return new TangentPcaEstimator(base, bound);
    }

    @Override
    public double[] publicStart(Geometry dataSpace, double[] center) {
        return new double[parameterSpace(dataSpace).dimension()];
    }

    @Override
    public double[] estimate(Geometry dataSpace, double[][] data) {
        return minimise(dataSpace, data, null, 0, 0).point();
    }

    @Override
    public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
            int maxIterations) {
        double[] p = requireBase(dataSpace);
        DataChecks.requirePoints(dataSpace, "data", data);
        return new EstimatorFit(secondMoment(dataSpace, p, data), 0, 0.0, true, "closed form", "");
    }

    /** {@code pack((1/n) sum_i c_i c_i^T)}, c_i the basis coordinates of {@code log_p x_i}; records in order. */
    static double[] secondMoment(Geometry dataSpace, double[] p, double[][] data) {
        int d = dataSpace.dimension();
        double[][] basis = basis(dataSpace).basis(p);
        double[] log = new double[p.length];
        double[] c = new double[d];
        double[] sum = new double[d * d];
        for (double[] record : data) {
            dataSpace.log(p, record, log);
            for (int j = 0; j < d; j++) {
                c[j] = dataSpace.inner(p, basis[j], log);
            }
            for (int j = 0; j < d; j++) {
                for (int k = j; k < d; k++) {
                    sum[j * d + k] += c[j] * c[k];
                }
            }
        }
        for (int j = 0; j < sum.length; j++) {
            sum[j] /= data.length;
        }
        return pack(sum, d);
    }

    /**
     * The coordinates of the symmetric d x d matrix whose upper triangle {@code m} holds (row-major, length d*d; the
     * lower triangle is ignored): {@code m_jj}, and {@code sqrt(2) m_jk} for k > j, row by row; the Euclidean norm of
     * the result is the Frobenius norm of the matrix.
     */
    public static double[] pack(double[] m, int d) {
        double[] out = new double[d * (d + 1) / 2];
        int i = 0;
        for (int j = 0; j < d; j++) {
            out[i++] = m[j * d + j];
            for (int k = j + 1; k < d; k++) {
                out[i++] = SQRT2 * m[j * d + k];
            }
        }
        return out;
    }

    /** The symmetric d x d matrix (row-major) of packed coordinates ({@link #pack}'s inverse). */
    public static double[] unpack(double[] packed, int d) {
        if (packed == null || packed.length != d * (d + 1) / 2) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a packed symmetric %d x %d matrix has %d "
                    + "coordinates. Provided value: %s", d, d, d * (d + 1) / 2, packed == null ? "null"
                    : packed.length + " coordinates"));
        }
        double[] m = new double[d * d];
        int i = 0;
        for (int j = 0; j < d; j++) {
            m[j * d + j] = packed[i++];
            for (int k = j + 1; k < d; k++) {
                m[j * d + k] = packed[i] / SQRT2;
                m[k * d + j] = packed[i++] / SQRT2;
            }
        }
        return m;
    }

    /**
     * The principal modes of a released (or non-private) packed matrix: post-processing, so it costs no privacy. See
     * {@link PrincipalModes#of}.
     */
    public static PrincipalModes modes(double[] packed, int d) {
        return PrincipalModes.of(unpack(packed, d), d);
    }

    /**
     * The principal modes of {@code value} (post-processing): the base point, the variances largest first (as
     * released; negative ones are noise), and each mode's unit direction as an ambient tangent vector at the base.
     */
    @Override
    public java.util.Map<String, Object> describe(Geometry dataSpace, double[] value) {
        double[] p = requireBase(dataSpace);
        int d = dataSpace.dimension();
        PrincipalModes modes = modes(value, d);
        double[][] basis = basis(dataSpace).basis(p);
        java.util.List<double[]> directions = new java.util.ArrayList<>();
        for (int i = 0; i < d; i++) {
            double[] coordinates = modes.direction(i);
            double[] direction = new double[p.length];
            TangentBasis.combine(basis, coordinates, direction);
            directions.add(direction);
        }
        java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("base", p);
        out.put("modeVariances", modes.variances());
        out.put("modeDirections", directions);
        return out;
    }

    @Override
    public GradientField gradientField(Geometry dataSpace, double[][] data) {
        double[] c = estimate(dataSpace, data);
        return theta -> {
            double sum = 0;
            for (int j = 0; j < c.length; j++) {
                double difference = theta[j] - c[j];
                sum += difference * difference;
            }
            return Math.sqrt(sum);
        };
    }

    /** {@code sqrt(2) R^2 / n} (d >= 2) or {@code R^2/n} (d = 1), {@code R = a + r}: docs/tangent-pca.md. */
    @Override
    public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
        SensitivityBounds.requireSampleSize(n);
        requireBound(radius);
        double factor = dataSpace.dimension() >= 2 ? SQRT2 : 1;
        return factor * reach * reach / n;
    }

    @Override
    public OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n) {
        return OptionalDouble.of(gradientSensitivity(dataSpace, radius, n));
    }

    @Override
    public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius) {
        return Optional.empty();
    }

    /**
     * The ball of radius R^2 about 0: every C is positive semi-definite with trace {@code (1/n) sum |v_i|^2 <= R^2},
     * so its Frobenius norm (at most its trace) is at most R^2.
     */
    @Override
    public Optional<ParameterBall> parameterBall(Geometry dataSpace, double[] center, double radius, int n) {
        requireBound(radius);
        return Optional.of(new ParameterBall(new double[parameterSpace(dataSpace).dimension()], reach * reach));
    }

    private double[] requireBase(Geometry dataSpace) {
        return BoundBall.referenceOf(ball, base, dataSpace, NAME, "base");
    }

    private void requireBound(double radius) {
        BoundBall.require(ball, NAME, "the sensitivity depends on the base's distance from the public ball", radius);
    }

    private static TangentBasis basis(Geometry dataSpace) {
        return dataSpace.capability(TangentBasis.class).orElseThrow(() -> new IllegalArgumentException(String.format(
                "%s needs an orthonormal tangent basis (the capability TangentBasis), which the geometry %s does not "
                        + "have; choose a geometry that provides it. Provided value: %s", NAME, dataSpace.spec(),
                dataSpace.spec())));
    }
}
