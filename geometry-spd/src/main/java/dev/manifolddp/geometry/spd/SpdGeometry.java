package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.Parameters;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.SymmetricEigensolver;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import java.util.Optional;

/**
 * The SPD point set with what every metric on it has in common; a metric is a subclass (affine-invariant and
 * log-Euclidean here; a plugin adds another, e.g. Bures-Wasserstein or log-Cholesky, in one file that extends this
 * class and reuses its membership test and the public {@link SymmetricEigen} solver). Shared by every metric on the
 * open cone of k x k symmetric positive definite matrices: the point layout (the full matrix row-major, length k*k), the intrinsic dimension k(k+1)/2, the tangent space
 * Sym(k) at every point, the membership test, global logarithms (injectivity radius +infinity), and the ambient
 * coordinates {@code vecd(P)}.
 *
 * <p>Tangent vectors are symmetric k x k matrices in the same layout. The operations read only the symmetric
 * part of their matrix arguments, which is also the tangent projection ({@link #projectToTangent}).
 */
public abstract class SpdGeometry implements Geometry, AmbientEmbedding, HomogeneousSpace, SymmetricEigensolvers {

    /** The largest matrix size a provider accepts; the O(k^3) operations stay fast up to here. */
    public static final int MAX_K = 64;

    /** The matrix size k. */
    protected final int k;

    private final PointLayout layout;
    private final int dimension;
    private final ThreadLocal<SpdWorkspace> workspaces;

    /**
     * The point set of k x k matrices, {@code 1 <= k <= MAX_K}.
     *
     * @throws IllegalArgumentException when k is out of range
     */
    protected SpdGeometry(int k) {
        if (k < 1 || k > MAX_K) {
            throw new IllegalArgumentException(String.format(
                    "SPD matrix size k must lie in [1, %d]. Provided value: %d", MAX_K, k));
        }
        this.k = k;
        this.layout = PointLayout.symmetricMatrix(k);
        this.dimension = Vecd.dimension(k);
        this.workspaces = ThreadLocal.withInitial(() -> new SpdWorkspace(k));
    }

    /** The module's one solver ({@link SymmetricEigen}) for k x k matrices, {@code 1 <= k <= MAX_K}. */
    @Override
    public SymmetricEigensolver eigensolver(int k) {
        return new SymmetricEigen(requireSolverSize(k));
    }

    /** {@link SymmetricEigen#jacobi}, {@code 1 <= k <= MAX_K}. */
    @Override
    public SymmetricEigensolver jacobiEigensolver(int k) {
        return SymmetricEigen.jacobi(requireSolverSize(k));
    }

    private static int requireSolverSize(int k) {
        if (k < 1 || k > MAX_K) {
            throw new IllegalArgumentException(String.format(
                    "a symmetric eigensolver's matrix size k must lie in [1, %d]. Provided value: %d", MAX_K, k));
        }
        return k;
    }

    /** Reads the parameter {@code k} for a provider. */
    public static int readMatrixSize(Parameters parameters) {
        return parameters.integer("k", 1, MAX_K);
    }

    /**
     * The refusal of an exp whose matrix exponential leaves the doubles, in terms of the tangent vector's norm (the
     * caller's input) rather than the internal eigenvalue: the eigenvalues that are exponentiated are at most
     * {@code |v|_p} (plus {@code |Logm p|} for the log-Euclidean metric) in magnitude, so exp is representable for
     * {@code |v|_p} up to {@code safeNorm}. A v with a non-finite entry keeps the cause's message (which says so);
     * so does a p that is not positive definite, checked before any of this.
     */
    protected IllegalArgumentException expOutOfRange(double[] p, double[] v, double safeNorm,
            IllegalArgumentException cause) {
        for (double entry : v) {
            if (!Double.isFinite(entry)) {
                return cause; // a NaN or infinite entry, not a long vector: the cause says so
            }
        }
        // the norm of v scaled down by 2^-600 (the inner product is quadratic, so a norm near 1e300 cannot overflow it)
        double[] scaled = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            scaled[i] = v[i] * 0x1p-600;
        }
        double norm;
        try {
            norm = Math.sqrt(inner(p, scaled, scaled)) * 0x1p600;
        } catch (IllegalArgumentException beyond) {
            norm = Double.POSITIVE_INFINITY;
        }
        String shown = Double.isFinite(norm) ? String.format(java.util.Locale.ROOT, "%.4g", norm) : "beyond 1e154";
        return new IllegalArgumentException(String.format(java.util.Locale.ROOT, "exp(p, v): the tangent vector's norm "
                + "|v|_p = %s takes the matrix exponential beyond the double range (%s); exp is representable for "
                + "|v|_p up to %.4g at this p (an eigenvalue e^x needs |x| <= 708). Use a shorter tangent vector. "
                + "Provided value: |v|_p = %s", shown, cause.getMessage(), Math.max(0, safeNorm), shown), cause);
    }

    /**
     * Fails on a NaN or infinite entry of a tangent or ambient matrix. An O(k^2) pass, small beside the O(k^3)
     * eigendecompositions of every operation; it keeps the hot path from returning NaN for such input.
     */
    public static void requireFiniteEntries(String name, double[] values) {
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(String.format(
                        "%s has the non-finite entry %s at index %d; every entry must be finite", name, values[i], i));
            }
        }
    }

    /** The matrix size k. */
    public int matrixSize() {
        return k;
    }

    /** This thread's scratch space. */
    final SpdWorkspace workspace() {
        return workspaces.get();
    }

    @Override
    public String spec() {
        return name() + ":k=" + k;
    }

    @Override
    public PointLayout layout() {
        return layout;
    }

    /** {@code k(k+1)/2}, the dimension of Sym(k). */
    @Override
    public int dimension() {
        return dimension;
    }

    /**
     * {@code +infinity}: both metrics are complete with a globally defined logarithm (Soto et al. 2022, §4.2; Arsigny
     * et al. 2007).
     */
    @Override
    public double injectivityRadius() {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * The tangent projection {@code out = (A + A^T)/2} onto Sym(k) = T_p SPD(k), the same for every p and both
     * metrics. It is orthogonal for each metric extended to all k x k matrices in the natural way:
     * <ul>
     *   <li>affine-invariant, {@code <X, Y>_p = tr(p^-1 X^T p^-1 Y)} (positive definite on all matrices, equal to
     *   {@code tr(p^-1 X p^-1 Y)} on Sym(k)): for S symmetric and W antisymmetric let
     *   {@code a = tr(p^-1 W^T p^-1 S)}. Then {@code a = -tr(p^-1 W p^-1 S)} as {@code W^T = -W}, and also
     *   {@code a = tr((p^-1 W^T p^-1 S)^T) = tr(S p^-1 W p^-1) = tr(p^-1 W p^-1 S)} by cyclicity; so a = 0;</li>
     *   <li>log-Euclidean, {@code <X, Y>_p = <DLogm_p[X], DLogm_p[Y]>_F}: the Daleckii-Krein formula
     *   {@code U((U^T X U) o G)U^T} with G symmetric maps Sym(k) to Sym(k) and antisymmetric matrices to
     *   antisymmetric ones, which are Frobenius-orthogonal.</li>
     * </ul>
     * Writes {@code out}; {@code out} may alias {@code ambient}.
     */
    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "ambient", ambient);
        GeometryChecks.requireLength(this, "out", out);
        requireFiniteEntries("ambient", ambient);
        for (int i = 0; i < k; i++) {
            out[i * k + i] = ambient[i * k + i];
            for (int j = i + 1; j < k; j++) {
                double value = 0.5 * (ambient[i * k + j] + ambient[j * k + i]);
                out[i * k + j] = value;
                out[j * k + i] = value;
            }
        }
    }

    /**
     * Empty when p is symmetric up to {@code tolerance * max_ij |p_ij|} (largest entry of {@code |p - p^T|}) and
     * positive definite (smallest eigenvalue of its symmetric part {@code > 0}); otherwise says which test fails,
     * with the asymmetry or the smallest eigenvalue.
     */
    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        GeometryChecks.requireLength(this, "p", p);
        Optional<String> entries = entryViolation(p, tolerance);
        if (entries.isPresent()) {
            return entries;
        }
        SpdWorkspace w = workspace();
        w.eigen.decompose(p, w.valuesB, null, "p");
        return definitenessViolation(w.valuesB);
    }

    /**
     * The part of {@link #pointViolation} that needs no decomposition: a non-finite entry, or asymmetry beyond
     * {@code tolerance} times the largest entry. Run once per record before every log-Euclidean chart evaluation, so
     * the common case is one branch-free test ({@link #entriesPass}); only a failing matrix is searched for the
     * entry to report.
     */
    final Optional<String> entryViolation(double[] p, double tolerance) {
        if (entriesPass(p, tolerance)) {
            return Optional.empty();
        }
        double largest = 0;
        for (int i = 0; i < p.length; i++) {
            if (!Double.isFinite(p[i])) {
                return Optional.of(String.format("entry (%d, %d) is %s; every entry must be finite", i / k, i % k,
                        p[i]));
            }
            largest = Math.max(largest, Math.abs(p[i]));
        }
        double asymmetry = 0;
        int row = 0;
        int column = 0;
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                double difference = Math.abs(p[i * k + j] - p[j * k + i]);
                if (difference > asymmetry) {
                    asymmetry = difference;
                    row = i;
                    column = j;
                }
            }
        }
        if (asymmetry > tolerance * largest) {
            return Optional.of(String.format("it is not symmetric: |p[%d][%d] - p[%d][%d]| = %.3g exceeds the "
                            + "tolerance %.3g times the largest entry %.3g", row, column, column, row, asymmetry,
                    tolerance, largest));
        }
        return Optional.empty();
    }

    /**
     * Whether every entry of p is finite and no {@code |p_ij - p_ji|} exceeds {@code tolerance} times the largest
     * {@code |p_ij|}: the test of {@link #entryViolation} with no data-dependent exit and no {@code Math.max} chain
     * in its loops (0.9 against 1.6 us at k = 30). The running maximum is a comparison, which skips NaN; a NaN entry
     * fails instead the and-ed tests below, as every comparison with NaN is false (off the diagonal through
     * {@code p_ij - p_ji}), and an infinite one makes {@code largest} infinite.
     */
    private boolean entriesPass(double[] p, double tolerance) {
        double largest = 0;
        for (double x : p) {
            double magnitude = Math.abs(x);
            largest = magnitude > largest ? magnitude : largest;
        }
        if (!(largest <= Double.MAX_VALUE)) {
            return false;
        }
        double bound = tolerance * largest;
        boolean pass = true;
        for (int r = 0; r < k; r++) {
            pass &= Math.abs(p[r * k + r]) <= largest;
            for (int c = r + 1; c < k; c++) {
                pass &= Math.abs(p[r * k + c] - p[c * k + r]) <= bound;
            }
        }
        return pass;
    }

    /**
     * The part of {@link #pointViolation} decided by the eigenvalues of the symmetric part: empty when the smallest
     * is {@code > 0}. Any decomposition of that matrix will do, also one taken for a matrix function.
     */
    final Optional<String> definitenessViolation(double[] values) {
        double smallest = MatrixFunctions.min(values, k);
        if (!(smallest > 0)) {
            return Optional.of(String.format("it is not positive definite: its smallest eigenvalue is %.6g "
                    + "(largest %.6g)", smallest, MatrixFunctions.max(values, k)));
        }
        return Optional.empty();
    }

    // ---- AmbientEmbedding: vecd coordinates --------------------------------------------------------------

    /** {@code k(k+1)/2}: the ambient coordinates are {@code vecd(P)}, an isometric copy of (Sym(k), Frobenius). */
    @Override
    public int ambientDimension() {
        return dimension;
    }

    /** {@code out = vecd(p)} (length k(k+1)/2); {@code |vecd p - vecd q| = |p - q|_F}. */
    @Override
    public void toAmbient(double[] p, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength("out", out, dimension, "vecd ambient coordinates");
        Vecd.vecd(p, k, out);
    }

    /** {@code out = invvecd(y)}: a symmetric matrix, positive definite or not. */
    @Override
    public void fromAmbient(double[] y, double[] out) {
        GeometryChecks.requireLength("y", y, dimension, "vecd ambient coordinates");
        GeometryChecks.requireLength(this, "out", out);
        Vecd.invvecd(y, k, out);
    }

    /**
     * Writes {@code invvecd(y)} into {@code out} and returns true when that matrix is positive definite;
     * returns false otherwise. No metric projection exists for the others: SPD(k) is an open cone, so a matrix
     * with an eigenvalue {@code <= 0} has no nearest positive definite matrix (the infimum of the distance is
     * attained only on the singular boundary).
     */
    @Override
    public boolean project(double[] y, double[] out) {
        GeometryChecks.requireLength("y", y, dimension, "vecd ambient coordinates");
        GeometryChecks.requireLength(this, "out", out);
        Vecd.invvecd(y, k, out);
        SpdWorkspace w = workspace();
        w.eigen.decompose(out, w.valuesB, null, "invvecd(y)");
        for (int i = 0; i < k; i++) {
            if (!(w.valuesB[i] > 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code r_E = lambda_max(C) (e^r - 1)}: the geodesic ball {@code B_r(C)} lies in the Frobenius ball of radius
     * r_E around C, i.e. the vecd ball around {@code vecd(C)}. Valid for both metrics:
     * <ul>
     *   <li>At C = I, {@code |Expm(S) - I|_F <= e^|S|_F - 1} (Reimherr et al. 2021, suppl. Prop. 1): with s the eigenvalues of S,
     *   {@code |(e^s_i - 1)_i|_2 <= sum_n |(s_i^n)_i|_2 / n! <= sum_n |s|_2^n / n!}.</li>
     *   <li>Affine-invariant: a point at distance {@code <= r} is {@code X = C^1/2 Y C^1/2} with
     *   {@code Y = Expm(S)}, {@code |S|_F <= r}, so {@code |X - C|_F = |C^1/2 (Y - I) C^1/2|_F
     *   <= |C^1/2|_2^2 |Y - I|_F <= lambda_max(C) (e^r - 1)}.</li>
     *   <li>Log-Euclidean: {@code X = Expm(L + H)} with {@code L = Logm C}, {@code |H|_F <= r}, so
     *   {@code X - C = int_0^1 DExpm_(L + tH)[H] dt}. By Daleckii-Krein the derivative multiplies the entries
     *   of H in an eigenbasis by divided differences of exp bounded by {@code e^lambda_max(L + tH)
     *   <= e^(lambda_max(L) + t r)}, hence {@code |X - C|_F <= int_0^1 lambda_max(C) e^(t r) r dt
     *   = lambda_max(C) (e^r - 1)}.</li>
     * </ul>
     * Allocates nothing. A metric added by a subclass inherits this bound only if its geodesic balls lie inside
     * those of one of these two metrics (e.g. a metric whose distance is at least the log-Euclidean one); otherwise
     * it must override this method.
     *
     * @param center a point C of SPD(k)
     * @param geodesicRadius r {@code >= 0}
     */
    @Override
    public double ambientRadius(double[] center, double geodesicRadius) {
        GeometryChecks.requireLength(this, "center", center);
        if (!(geodesicRadius >= 0) || geodesicRadius == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(
                    "the geodesic radius must be finite and >= 0. Provided value: " + geodesicRadius);
        }
        SpdWorkspace w = workspace();
        w.eigen.decompose(center, w.valuesB, null, "center");
        MatrixFunctions.requirePositive(w.valuesB, k, "center");
        return MatrixFunctions.max(w.valuesB, k) * Math.expm1(geodesicRadius);
    }

    @Override
    public String toString() {
        return spec();
    }
}
