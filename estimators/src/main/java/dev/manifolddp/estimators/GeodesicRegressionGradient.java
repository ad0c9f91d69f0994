package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.JacobiFields;
import java.util.Locale;

/**
 * The geodesic-regression energy {@code E(p, v) = (1/n) sum_i E_i}, {@code E_i = (1/2) rho(exp(p, x_i v), y_i)^2},
 * and its per-record gradient fields through adjoint Jacobi fields (Kulkarni and Soto 2025, eq. (5), (6)):
 * <pre>
 *   grad_p E_i = -d_p Exp(p, x_i v)^dagger eps_i,    grad_v E_i = -x_i d_v Exp(p, x_i v)^dagger eps_i,
 *   eps_i = log(exp(p, x_i v), y_i),
 * </pre>
 * so that {@code grad_p E = (1/n) sum_i grad_p E_i} and likewise for v. A private regression evaluates these at
 * every proposal (KNG on the footpoint with v fixed, then on the vector), so every method here allocates nothing.
 *
 * <p>The covariates are the ones the model uses, normally the rescaled ones in [0, 1] (see
 * {@link GeodesicRegressionResult#scaledFootpoint()}): the sensitivity bounds of Kulkarni and Soto 2025 assume {@code |x_i| <= 1}.
 *
 * <p>Not thread-safe (scratch arrays); {@link #copy()} gives an independent instance for another thread.
 */
public final class GeodesicRegressionGradient {

    private final Geometry geometry;
    private final JacobiFields jacobi;
    private final double[] x;
    private final double[][] y;
    private final double[] shooting;
    private final double[] predicted;
    private final double[] residual;
    private final double[] adjoint;
    private final double[] sumP;
    private final double[] sumV;

    /**
     * A gradient field of the data {@code (x_i, y_i)}, copied. The geometry's {@link JacobiFields} are used when it
     * has them, otherwise {@link NumericalJacobiFields}.
     *
     * @throws IllegalArgumentException when the data are invalid (the message names the row) or the geometry has
     *     neither JacobiFields nor what the numerical fallback needs
     */
    public static GeodesicRegressionGradient of(Geometry geometry, double[] covariates, double[][] responses) {
        DataChecks.requireGeometry(geometry);
        RegressionData.requireRecords(geometry, covariates, responses);
        return new GeodesicRegressionGradient(geometry, NumericalJacobiFields.forGeometry(geometry),
                covariates.clone(), DataChecks.deepCopy(responses));
    }

    GeodesicRegressionGradient(Geometry geometry, JacobiFields jacobi, double[] x, double[][] y) {
        this.geometry = geometry;
        this.jacobi = jacobi;
        this.x = x;
        this.y = y;
        int length = geometry.layout().length();
        this.shooting = new double[length];
        this.predicted = new double[length];
        this.residual = new double[length];
        this.adjoint = new double[length];
        this.sumP = new double[length];
        this.sumV = new double[length];
    }

    /** An independent instance (its own scratch arrays and, for the numerical fallback, its own fields). */
    public GeodesicRegressionGradient copy() {
        JacobiFields fields = jacobi instanceof NumericalJacobiFields numerical ? numerical.copy() : jacobi;
        return new GeodesicRegressionGradient(geometry, fields, x, y);
    }

    /** The number of records n. */
    public int size() {
        return x.length;
    }

    /** The covariate {@code x_i} the model uses. */
    public double covariate(int i) {
        return x[i];
    }

    /**
     * Writes {@code grad_p E_i} into {@code outP} and {@code grad_v E_i} into {@code outV} (tangent vectors at p)
     * and returns {@code E_i = |eps_i|^2 / 2}. Either output may be null to skip it. Allocates nothing.
     *
     * @throws IllegalArgumentException when i is out of range, or {@code y_i} is at the cut locus of its prediction
     */
    public double recordGradients(int i, double[] p, double[] v, double[] outP, double[] outV) {
        if (i < 0 || i >= x.length) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "record index i must lie in [0, %d). Provided value: %d", x.length, i));
        }
        GeometryChecks.requireLength(geometry, "p", p);
        GeometryChecks.requireLength(geometry, "v", v);
        for (int j = 0; j < shooting.length; j++) {
            shooting[j] = x[i] * v[j];
        }
        geometry.exp(p, shooting, predicted);
        geometry.log(predicted, y[i], residual);
        if (outP != null) {
            jacobi.dpExpAdjoint(p, shooting, residual, outP);
            for (int j = 0; j < outP.length; j++) {
                outP[j] = -outP[j];
            }
        }
        if (outV != null) {
            jacobi.dvExpAdjoint(p, shooting, residual, outV);
            for (int j = 0; j < outV.length; j++) {
                outV[j] *= -x[i];
            }
        }
        return 0.5 * geometry.inner(predicted, residual, residual);
    }

    /**
     * Writes {@code grad_p E(p, v)} and {@code grad_v E(p, v)} (either may be null) and returns {@code E(p, v)}.
     * Allocates nothing.
     */
    public double gradient(double[] p, double[] v, double[] outP, double[] outV) {
        java.util.Arrays.fill(sumP, 0.0);
        java.util.Arrays.fill(sumV, 0.0);
        double energy = 0;
        for (int i = 0; i < x.length; i++) {
            energy += recordGradients(i, p, v, outP == null ? null : adjoint, null);
            if (outP != null) {
                add(sumP, adjoint);
            }
            if (outV != null) {
                recordVelocityOnly(i, p);
                add(sumV, adjoint);
            }
        }
        double scale = 1.0 / x.length;
        if (outP != null) {
            scaleInto(sumP, scale, outP);
        }
        if (outV != null) {
            scaleInto(sumV, scale, outV);
        }
        return energy * scale;
    }

    /** {@code |grad_p E(p, v)|_p}, the KNG exponent of the footpoint release. Allocates nothing. */
    public double footpointGradientNorm(double[] p, double[] v) {
        gradient(p, v, sumP, null);
        return geometry.norm(p, sumP);
    }

    /** {@code |grad_v E(p, v)|_p}, the KNG exponent of the shooting-vector release. Allocates nothing. */
    public double velocityGradientNorm(double[] p, double[] v) {
        gradient(p, v, null, sumV);
        return geometry.norm(p, sumV);
    }

    /** The energy {@code E(p, v) = (1/2n) sum_i rho(exp(p, x_i v), y_i)^2}. Allocates nothing. */
    public double energy(double[] p, double[] v) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < shooting.length; j++) {
                shooting[j] = x[i] * v[j];
            }
            geometry.exp(p, shooting, predicted);
            double d = geometry.distance(predicted, y[i]);
            sum += d * d;
        }
        return sum / (2.0 * x.length);
    }

    /** {@code adjoint = grad_v E_i}, reusing the residual and shooting vector left by {@link #recordGradients}. */
    private void recordVelocityOnly(int i, double[] p) {
        jacobi.dvExpAdjoint(p, shooting, residual, adjoint);
        for (int j = 0; j < adjoint.length; j++) {
            adjoint[j] *= -x[i];
        }
    }

    private static void add(double[] sum, double[] term) {
        for (int j = 0; j < sum.length; j++) {
            sum[j] += term[j];
        }
    }

    private static void scaleInto(double[] source, double scale, double[] out) {
        for (int j = 0; j < out.length; j++) {
            out[j] = source[j] * scale;
        }
    }
}
