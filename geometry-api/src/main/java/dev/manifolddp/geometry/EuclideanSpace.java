package dev.manifolddp.geometry;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Euclidean R^k with its standard metric: the parameter space of an estimand whose value is a vector of real numbers
 * (a Frechet variance, the upper triangle of a tangent covariance), not a point of the data's manifold. Mechanisms
 * release such an estimand on this space exactly as on a manifold ({@code Estimator.parameterSpace} in the
 * estimators module): it is flat ({@code kmin = kmax = 0}), has no cut locus, is its own {@link IsometricChart} (so
 * the exact chart samplers apply), is homogeneous (translations act transitively, so the Laplace's normaliser does
 * not depend on its centre) and transports vectors unchanged.
 *
 * <p>It is not registered as a data geometry: records live on a manifold a geometry module provides; this class is
 * the API's own space of real-valued parameters. Points are plain vectors of length k ({@link PointLayout#vector}).
 * Immutable and thread-safe.
 */
public final class EuclideanSpace
        implements Geometry, IsometricChart, TangentBasis, ParallelTransport, HomogeneousSpace {

    /** The largest dimension accepted; far above any estimand's (a covariance of SPD(30) tangents has 465). */
    public static final int MAX_DIMENSION = 1_000_000;

    private final int k;
    private final PointLayout layout;

    private EuclideanSpace(int k) {
        this.k = k;
        this.layout = PointLayout.vector(k);
    }

    /**
     * R^k.
     *
     * @throws IllegalArgumentException when {@code k} is not in [1, {@link #MAX_DIMENSION}]
     */
    public static EuclideanSpace of(int k) {
        if (k < 1 || k > MAX_DIMENSION) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the dimension k of R^k must be in [1, %d]; "
                    + "pass the number of real parameters of the estimand. Provided value: %d", MAX_DIMENSION, k));
        }
        return new EuclideanSpace(k);
    }

    @Override
    public String name() {
        return "euclidean";
    }

    @Override
    public String spec() {
        return "euclidean:n=" + k;
    }

    @Override
    public PointLayout layout() {
        return layout;
    }

    @Override
    public int dimension() {
        return k;
    }

    @Override
    public CurvatureBounds curvature() {
        return CurvatureBounds.constant(0);
    }

    @Override
    public double injectivityRadius() {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public void exp(double[] p, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        for (int i = 0; i < k; i++) {
            double x = p[i] + v[i];
            if (!Double.isFinite(x) && Double.isFinite(p[i]) && Double.isFinite(v[i])) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "exp(p, v): p + v overflows in "
                        + "coordinate %d; use |v| below 1e308 - |p|. Provided value: p[%d] = %s, v[%d] = %s", i, i, p[i],
                        i, v[i]));
            }
            out[i] = x;
        }
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "out", out);
        for (int i = 0; i < k; i++) {
            out[i] = q[i] - p[i];
        }
    }

    @Override
    public double distance(double[] p, double[] q) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        double distance = ScaledNorm.distance(p, q, k);
        if (distance == Double.POSITIVE_INFINITY && Arrays.stream(p).allMatch(Double::isFinite)
                && Arrays.stream(q).allMatch(Double::isFinite)) {
            throw new IllegalArgumentException("distance(p, q): |q - p| is beyond the largest double (1.8e308); use "
                    + "points closer than that");
        }
        return distance;
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "u", u);
        GeometryChecks.requireLength(this, "v", v);
        double sum = 0;
        for (int i = 0; i < k; i++) {
            sum += u[i] * v[i];
        }
        return sum;
    }

    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "ambient", ambient);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(ambient, 0, out, 0, k);
    }

    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        GeometryChecks.requireLength(this, "p", p);
        return Optional.empty(); // every finite vector is a point (requirePoint checks finiteness)
    }

    @Override
    public int chartDimension() {
        return k;
    }

    @Override
    public void toChart(double[] p, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(p, 0, out, 0, k);
    }

    @Override
    public void fromChart(double[] y, double[] out) {
        GeometryChecks.requireLength(this, "y", y);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(y, 0, out, 0, k);
    }

    @Override
    public int basisSize() {
        return k;
    }

    @Override
    public void basis(double[] p, double[][] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireBasisOutput(this, k, out);
        for (int i = 0; i < k; i++) {
            Arrays.fill(out[i], 0.0);
            out[i][i] = 1.0;
        }
    }

    @Override
    public void transport(double[] p, double[] q, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(v, 0, out, 0, k); // the Levi-Civita connection of R^k is trivial
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EuclideanSpace that && that.k == k;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(k) * 31 + 7;
    }

    @Override
    public String toString() {
        return spec();
    }
}
