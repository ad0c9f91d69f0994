package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.ClosedFormMean;
import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * SPD(k) with the log-Euclidean metric, the pullback of the Frobenius metric by Logm (Arsigny et al. 2007;
 * Utpala et al. 2023, §3):
 * {@code rho(p, q) = |Logm p - Logm q|_F}, {@code <u, v>_p = <DLogm_p[u], DLogm_p[v]>_F}. Flat and complete;
 * {@code vecd o Logm} is a global isometry onto R^(k(k+1)/2) (Utpala et al. 2023, Lemma A.1).
 *
 * <p>The differentials come from the Daleckii-Krein formula in the eigenbasis of the point
 * {@code p = U diag(lambda) U^T}, {@code l = ln(lambda)}: {@code DLogm_p[H] = U ((U^T H U) o G) U^T} with
 * {@code G_ij = (l_i - l_j)/(lambda_i - lambda_j)}, and {@code DExpm_(Logm p)[H] = U ((U^T H U) o F) U^T} with
 * {@code F_ij = (lambda_i - lambda_j)/(l_i - l_j)} (see {@link DividedDifferences}); the two maps are inverse
 * to each other.
 *
 * <p>Operations read only the symmetric part of their arguments. {@code out} must not alias an input.
 */
public final class LogEuclideanSpd extends SpdGeometry
        implements ParallelTransport, TangentBasis, IsometricChart, ClosedFormMean, JacobiFields,
        SquaredDistanceHessian {

    /** The provider name. */
    public static final String NAME = "spd/log-euclidean";

    private static final double SQRT1_2 = Math.sqrt(0.5);

    public LogEuclideanSpd(int k) {
        super(k);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Flat: [0, 0]. */
    @Override
    public CurvatureBounds curvature() {
        return CurvatureBounds.constant(0.0);
    }

    /**
     * {@code exp(p, v) = Expm(Logm p + DLogm_p[v])} (Arsigny et al. 2007), defined for every symmetric v. Writes
     * {@code out}; allocates nothing.
     *
     * @throws IllegalArgumentException when p is not positive definite or the result overflows the double range
     */
    @Override
    public void exp(double[] p, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        SpdWorkspace w = workspace();
        decomposeFirst(p, w);
        MatrixOps.transposeCongruence(w.vectorsA, v, w.m1, w.tmp, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                w.m1[i * k + j] *= DividedDifferences.log(w.valuesA[i], w.valuesA[j]);
            }
            w.m1[i * k + i] += w.auxA[i];
        }
        try {
            w.eigen.decompose(w.m1, w.valuesB, w.vectorsB, "Logm p + DLogm_p[v]");
            MatrixFunctions.exp(w.valuesB, w.auxB, k, "exp(p, v)");
        } catch (IllegalArgumentException overflow) {
            double logNorm = 0;
            for (int i = 0; i < k; i++) {
                logNorm = Math.max(logNorm, Math.abs(w.auxA[i]));
            }
            throw expOutOfRange(p, v, 708 - logNorm, overflow);
        }
        MatrixOps.multiply(w.vectorsA, w.vectorsB, w.m2, k);
        w.gram.matrix(w.m2, w.auxB, out);
    }

    /**
     * The Hessian of {@code f_q = rho(., q)^2 / 2} at p ({@link SquaredDistanceHessian}): the metric is flat, so it is
     * the identity in any orthonormal basis. The coordinates are {@code <e_b, log(p, q)>_p}. Allocates nothing.
     */
    @Override
    public double addLogAndHessian(double[] p, double[] q, double[][] basis, double[] logOut,
            double[] coordinatesOut, double[] hessian) {
        SquaredDistanceHessian.requireArguments(this, p, q, basis, logOut, coordinatesOut, hessian);
        log(p, q, logOut);
        int d = dimension();
        for (int b = 0; b < d; b++) {
            coordinatesOut[b] = inner(p, basis[b], logOut);
        }
        SquaredDistanceHessian.addIdentity(hessian, d);
        return distance(p, q);
    }

    /**
     * {@code log(p, q) = DExpm_(Logm p)[Logm q - Logm p]} (Arsigny et al. 2007), a tangent vector at p
     * (not {@code Logm q - Logm p} itself, which is its image under DLogm_p). Defined for all p, q. Writes
     * {@code out}; allocates nothing.
     *
     * @throws IllegalArgumentException when p or q is not positive definite
     */
    @Override
    public void log(double[] p, double[] q, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "out", out);
        SpdWorkspace w = workspace();
        decomposeFirst(p, w);
        decomposeSecond(q, w);
        // m2 = U_p^T Logm(q) U_p, with R = U_p^T U_q
        MatrixOps.transposeMultiply(w.vectorsA, w.vectorsB, w.m1, k);
        w.gram.matrix(w.m1, w.auxB, w.m2);
        for (int i = 0; i < k; i++) {
            w.m2[i * k + i] -= w.auxA[i];
            for (int j = 0; j < k; j++) {
                w.m2[i * k + j] *= DividedDifferences.exp(w.auxA[i], w.auxA[j]);
            }
        }
        MatrixOps.congruence(w.vectorsA, w.m2, out, w.tmp, k);
    }

    /**
     * {@code rho(p, q) = |Logm p - Logm q|_F} (Utpala et al. 2023, eq. (6)). Allocates nothing.
     *
     * @throws IllegalArgumentException when p or q is not positive definite
     */
    @Override
    public double distance(double[] p, double[] q) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        SpdWorkspace w = workspace();
        decomposeFirst(p, w);
        decomposeSecond(q, w);
        w.gram.matrix(w.vectorsA, w.auxA, w.m1);
        w.gram.matrix(w.vectorsB, w.auxB, w.m2);
        double sum = 0;
        for (int i = 0; i < k * k; i++) {
            double d = w.m1[i] - w.m2[i];
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    /**
     * {@code <u, v>_p = <DLogm_p[u], DLogm_p[v]>_F = sum_ij (U^T u U)_ij (U^T v U)_ij G_ij^2} (Arsigny et
     * al. 2007). Allocates nothing.
     *
     * @throws IllegalArgumentException when p is not positive definite
     */
    @Override
    public double inner(double[] p, double[] u, double[] v) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "u", u);
        GeometryChecks.requireLength(this, "v", v);
        requireFiniteEntries("u", u);
        requireFiniteEntries("v", v);
        SpdWorkspace w = workspace();
        decomposeFirst(p, w);
        MatrixOps.transposeCongruence(w.vectorsA, u, w.m1, w.tmp, k);
        MatrixOps.transposeCongruence(w.vectorsA, v, w.m2, w.tmp, k);
        double sum = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double g = DividedDifferences.log(w.valuesA[i], w.valuesA[j]);
                sum += w.m1[i * k + j] * w.m2[i * k + j] * g * g;
            }
        }
        if (!Double.isFinite(sum)) {
            throw new IllegalArgumentException("inner(p, u, v) is not finite: u or v is too large for p. "
                    + "Provided value: " + sum);
        }
        return sum;
    }

    /**
     * Parallel transport of the flat metric: {@code DExpm_(Logm q)[DLogm_p[v]]}, the tangent vector at q with the
     * same chart image as v. Writes {@code out}; allocates nothing.
     *
     * @throws IllegalArgumentException when p or q is not positive definite
     */
    @Override
    public void transport(double[] p, double[] q, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        requireFiniteEntries("v", v);
        SpdWorkspace w = workspace();
        decomposeFirst(p, w);
        MatrixOps.transposeCongruence(w.vectorsA, v, w.m1, w.tmp, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                w.m1[i * k + j] *= DividedDifferences.log(w.valuesA[i], w.valuesA[j]);
            }
        }
        decomposeSecond(q, w);
        // m3 = U_q^T DLogm_p[v] U_q = R^T m1 R with R = U_p^T U_q
        MatrixOps.transposeMultiply(w.vectorsA, w.vectorsB, w.m2, k);
        MatrixOps.transposeCongruence(w.m2, w.m1, w.m3, w.tmp, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                w.m3[i * k + j] *= DividedDifferences.exp(w.auxB[i], w.auxB[j]);
            }
        }
        MatrixOps.congruence(w.vectorsB, w.m3, out, w.tmp, k);
    }

    /** {@code k(k+1)/2}. */
    @Override
    public int basisSize() {
        return dimension();
    }

    /**
     * The orthonormal basis {@code DExpm_(Logm p)[B_ij]} of T_p, where {@code B_ii = E_ii},
     * {@code B_ij = (E_ij + E_ji)/sqrt(2)} ({@code i < j}) is the Frobenius-orthonormal basis of Sym(k), in vecd order.
     * Orthonormal because DLogm_p undoes DExpm_(Logm p). Writes {@code out[0 .. d-1]}; allocates nothing.
     */
    @Override
    public void basis(double[] p, double[][] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireBasisOutput(this, dimension(), out);
        SpdWorkspace w = workspace();
        decomposeFirst(p, w);
        double[] u = w.vectorsA;
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                w.m2[a * k + b] = DividedDifferences.exp(w.auxA[a], w.auxA[b]);
            }
        }
        int index = 0;
        for (int i = 0; i < k; i++) {
            // U^T E_ii U = (row i of U)^T (row i of U)
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    w.m1[a * k + b] = u[i * k + a] * u[i * k + b] * w.m2[a * k + b];
                }
            }
            MatrixOps.congruence(u, w.m1, out[index++], w.tmp, k);
        }
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                for (int a = 0; a < k; a++) {
                    for (int b = 0; b < k; b++) {
                        w.m1[a * k + b] = SQRT1_2 * (u[i * k + a] * u[j * k + b] + u[j * k + a] * u[i * k + b])
                                * w.m2[a * k + b];
                    }
                }
                MatrixOps.congruence(u, w.m1, out[index++], w.tmp, k);
            }
        }
    }

    /** {@code k(k+1)/2}. */
    @Override
    public int chartDimension() {
        return dimension();
    }

    /**
     * {@code out = vecd(Logm p)}, a global isometry onto R^(k(k+1)/2) (Utpala et al. 2023, Lemma A.1). Allocates nothing.
     *
     * @throws IllegalArgumentException when p is not positive definite
     */
    @Override
    public void toChart(double[] p, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength("out", out, dimension(), "vecd chart coordinates");
        SpdWorkspace w = workspace();
        MatrixFunctions.logm(p, w.m1, w, "p");
        Vecd.vecd(w.m1, k, out);
    }

    /**
     * {@link GeometryChecks#requirePoint} and {@link #toChart} in one decomposition: the symmetry test needs none,
     * and positive definiteness is read off the eigenvalues of the logarithm's own decomposition, which are those
     * {@link #pointViolation} computes (the QR iteration's eigenvalues do not depend on whether eigenvectors are
     * accumulated). Fails with {@code requirePoint}'s message. Allocates nothing when p is a point.
     */
    @Override
    public void toChartChecked(Geometry geometry, String name, double[] p, double[] out) {
        GeometryChecks.requireFinite(geometry, name, p);
        GeometryChecks.requireLength("out", out, dimension(), "vecd chart coordinates");
        Optional<String> entries = entryViolation(p, Geometry.DEFAULT_TOLERANCE);
        if (entries.isPresent()) {
            throw GeometryChecks.notAPoint(geometry, name, entries.get());
        }
        SpdWorkspace w = workspace();
        w.eigen.decomposeToRows(p, w.valuesA, name);
        String violation = chartFromEigen(w.valuesA, w.eigen.rows(), out, w.gram, w.auxA);
        if (violation != null) {
            throw GeometryChecks.notAPoint(geometry, name, violation);
        }
    }

    /**
     * {@link #toChartChecked} for every record, {@link SymmetricEigenBatch#GROUP} records per eigensolver call so
     * that their QR iterations overlap; the results are bit-identical to record by record, whatever the grouping. A
     * group with a record of the wrong length or with a non-finite or asymmetric entry goes record by record, so
     * that the first failure in order is the one thrown. Allocates one {@link ChartPass} per call (fresh on purpose,
     * see there) and nothing per record beyond the failure.
     */
    @Override
    public void toChartCheckedAll(Geometry geometry, double[][] records, IntFunction<String> name, double[][] out) {
        ChartPass pass = new ChartPass(k);
        SymmetricEigenBatch batch = pass.batch;
        double[][] values = pass.values;
        for (int from = 0; from < records.length; from += SymmetricEigenBatch.GROUP) {
            int count = Math.min(SymmetricEigenBatch.GROUP, records.length - from);
            if (!lengthsPass(records, out, from, count)
                    || !batch.decomposeToRowsIfEntriesPass(records, from, count, values, Geometry.DEFAULT_TOLERANCE)) {
                for (int i = from; i < from + count; i++) {
                    toChartChecked(geometry, name.apply(i), records[i], out[i]);
                }
                continue;
            }
            for (int b = 0; b < count; b++) {
                String violation = chartFromEigen(values[b], batch.rows(b), out[from + b], pass.gram, pass.logs);
                if (violation != null) {
                    throw GeometryChecks.notAPoint(geometry, name.apply(from + b), violation);
                }
            }
        }
    }

    /**
     * Writes the chart coordinates {@code vecd(V diag(ln values) V^T)} of a decomposed record into {@code out}
     * ({@code vectorRows[i]} = eigenvector i, column i of V), or, when its eigenvalues fail the definiteness test,
     * writes nothing and returns why (null on success).
     */
    private String chartFromEigen(double[] values, double[][] vectorRows, double[] out, ScaledGram gram,
            double[] logs) {
        Optional<String> definiteness = definitenessViolation(values);
        if (definiteness.isPresent()) {
            return definiteness.get();
        }
        MatrixFunctions.log(values, logs, k);
        gram.vecdOfRows(vectorRows, logs, out);
        return null;
    }

    /** Whether records {@code from .. from+count-1} and their outputs are present and of the right lengths. */
    private boolean lengthsPass(double[][] records, double[][] out, int from, int count) {
        for (int i = from; i < from + count; i++) {
            double[] p = records[i];
            if (p == null || p.length != k * k || out[i] == null || out[i].length != dimension()) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code out = Expm(invvecd(y))}, the inverse of {@link #toChart(double[], double[])}. Allocates nothing.
     *
     * @throws IllegalArgumentException when the result overflows the double range
     */
    @Override
    public void fromChart(double[] y, double[] out) {
        GeometryChecks.requireLength("y", y, dimension(), "vecd chart coordinates");
        GeometryChecks.requireLength(this, "out", out);
        SpdWorkspace w = workspace();
        Vecd.invvecd(y, k, w.m1);
        MatrixFunctions.expm(w.m1, out, w, "Expm(invvecd(y))");
    }

    /**
     * The Frechet mean in closed form, {@code Expm((1/n) sum_i Logm x_i)} (Utpala et al. 2023, §3): the Euclidean mean
     * in the isometric chart. Writes {@code out}; allocates nothing.
     *
     * @throws IllegalArgumentException when there are no points, or one has the wrong length or is not positive
     *     definite
     */
    @Override
    public void mean(double[][] points, double[] out) {
        if (points == null || points.length == 0) {
            throw new IllegalArgumentException("the Frechet mean needs at least one point; the data set is empty");
        }
        GeometryChecks.requireLength(this, "out", out);
        SpdWorkspace w = workspace();
        Arrays.fill(w.m3, 0.0);
        for (int n = 0; n < points.length; n++) {
            double[] x = points[n];
            if (x == null || x.length != k * k) {
                throw new IllegalArgumentException(String.format("points[%d] must have length %d. Provided: %s", n,
                        k * k, x == null ? "null" : "length " + x.length));
            }
            try {
                MatrixFunctions.logm(x, w.m1, w, "the point");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("points[" + n + "]: " + e.getMessage(), e);
            }
            for (int i = 0; i < k * k; i++) {
                w.m3[i] += w.m1[i];
            }
        }
        double scale = 1.0 / points.length;
        for (int i = 0; i < k * k; i++) {
            w.m3[i] *= scale;
        }
        MatrixFunctions.expm(w.m3, out, w, "the mean");
    }

    // ---- JacobiFields -------------------------------------------------------------------------------------------

    /**
     * {@code d_p Exp(p, v)[u]}: the metric is flat, so the Jacobi field with {@code J(0) = u}, {@code J'(0) = 0}
     * is u parallel-transported to {@code q = exp(p, v)}, the tangent vector at q with the chart image
     * {@code DLogm_p[u]}: {@code DExpm_(Logm q)[DLogm_p[u]]} with {@code Logm q = Logm p + DLogm_p[v]}. Writes
     * {@code out}; allocates nothing.
     */
    @Override
    public void dpExp(double[] p, double[] v, double[] u, double[] out) {
        flatJacobi(p, v, u, out, false);
    }

    /**
     * {@code d_v Exp(p, v)[u]}: in a flat space the Jacobi field with {@code J(0) = 0}, {@code J'(0) = u} is
     * {@code t} times u transported, so at t = 1 it equals {@link #dpExp}. Writes {@code out}.
     */
    @Override
    public void dvExp(double[] p, double[] v, double[] u, double[] out) {
        flatJacobi(p, v, u, out, false);
    }

    /**
     * The adjoint of {@link #dpExp}, which is an isometry: its inverse, transport from {@code exp(p, v)} back to p,
     * {@code DExpm_(Logm p)[DLogm_q[w]]}. Writes {@code out}.
     */
    @Override
    public void dpExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        flatJacobi(p, v, w, out, true);
    }

    /** The adjoint of {@link #dvExp}, equal to {@link #dpExpAdjoint}. Writes {@code out}. */
    @Override
    public void dvExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        flatJacobi(p, v, w, out, true);
    }

    /**
     * Transport between p and {@code q = exp(p, v)} in the eigenbases {@code p = U diag(lambda) U^T} and
     * {@code Logm q = V diag(mu) V^T}, {@code V = U W}: forward
     * {@code V ((W^T ((U^T x U) o G_p) W) o D_q) V^T}, backward {@code U ((W ((V^T x V) / D_q) W^T) o D_p) U^T},
     * with G the divided differences of log at the eigenvalues and D those of exp at their logarithms
     * ({@code 1/D_q} is G at q's eigenvalues).
     */
    private void flatJacobi(double[] p, double[] v, double[] x, double[] out, boolean backward) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, backward ? "w" : "u", x);
        GeometryChecks.requireLength(this, "out", out);
        requireFiniteEntries("v", v);
        requireFiniteEntries(backward ? "w" : "u", x);
        SpdWorkspace w = workspace();
        decomposeFirst(p, w);
        // m1 = U^T Logm(q) U = diag(ln lambda) + (U^T v U) o G_p
        MatrixOps.transposeCongruence(w.vectorsA, v, w.m1, w.tmp, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                w.m1[i * k + j] *= DividedDifferences.log(w.valuesA[i], w.valuesA[j]);
            }
            w.m1[i * k + i] += w.auxA[i];
        }
        w.eigen.decompose(w.m1, w.valuesB, w.vectorsB, "Logm p + DLogm_p[v]");
        double[] mu = w.valuesB;
        if (!backward) {
            MatrixOps.transposeCongruence(w.vectorsA, x, w.m2, w.tmp, k);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    w.m2[i * k + j] *= DividedDifferences.log(w.valuesA[i], w.valuesA[j]);
                }
            }
            MatrixOps.transposeCongruence(w.vectorsB, w.m2, w.m3, w.tmp, k);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    w.m3[i * k + j] *= DividedDifferences.exp(mu[i], mu[j]);
                }
            }
            MatrixOps.multiply(w.vectorsA, w.vectorsB, w.m1, k);
            MatrixOps.congruence(w.m1, w.m3, out, w.tmp, k);
        } else {
            MatrixOps.multiply(w.vectorsA, w.vectorsB, w.m2, k);
            MatrixOps.transposeCongruence(w.m2, x, w.m3, w.tmp, k);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    w.m3[i * k + j] /= DividedDifferences.exp(mu[i], mu[j]);
                }
            }
            MatrixOps.congruence(w.vectorsB, w.m3, w.m1, w.tmp, k);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    w.m1[i * k + j] *= DividedDifferences.exp(w.auxA[i], w.auxA[j]);
                }
            }
            MatrixOps.congruence(w.vectorsA, w.m1, out, w.tmp, k);
        }
    }

    /** Decomposes p into {@code valuesA} (lambda), {@code vectorsA} (U) and {@code auxA} (ln lambda). */
    private void decomposeFirst(double[] p, SpdWorkspace w) {
        w.eigen.decompose(p, w.valuesA, w.vectorsA, "p");
        MatrixFunctions.requirePositive(w.valuesA, k, "p");
        MatrixFunctions.log(w.valuesA, w.auxA, k);
    }

    /** Decomposes q into {@code valuesB}, {@code vectorsB} and {@code auxB} (ln of the eigenvalues). */
    private void decomposeSecond(double[] q, SpdWorkspace w) {
        w.eigen.decompose(q, w.valuesB, w.vectorsB, "q");
        MatrixFunctions.requirePositive(w.valuesB, k, "q");
        MatrixFunctions.log(w.valuesB, w.auxB, k);
    }
}
