package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.SpectralVolume;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.geometry.VolumeGrowth;

/**
 * SPD(k) with the affine-invariant (Rao-Fisher) metric {@code <u, v>_p = tr(p^-1 u p^-1 v)} (Soto et al. 2022,
 * §4.2; Pennec et al. 2006). Complete, with sectional curvature in [-1/2, 0] (Kulkarni and Soto 2025, App. F) and a
 * global logarithm.
 *
 * <p>Every operation works in the eigenbasis of the base point {@code p = U diag(lambda) U^T}, with
 * {@code s = sqrt(lambda)}: there {@code p^(-1/2) X p^(-1/2)} is {@code U (diag(1/s) U^T X U diag(1/s)) U^T}, so
 * one decomposition of p and one of the whitened matrix {@code M = diag(1/s) U^T X U diag(1/s)
 * = W diag(mu) W^T} give every formula, and {@code p^(1/2) (U W) = U diag(s) W}.
 *
 * <p>At k = 2, {@code exp}, {@code log}, {@code distance}, {@code inner} and {@code basis} use the closed forms of
 * {@link TwoByTwoSpd} and {@link SymmetricLog2} instead of the eigensolver (the per-step work of an SPD(2) KNG chain),
 * {@code log} and {@code distance} whitening in p's closed-form eigenbasis ({@link EigenbasisWhitening}, which says
 * why); the other operations keep the eigenbasis route.
 *
 * <p>Where the whitened spectrum is ill-conditioned (smallest below {@link #ILL_CONDITIONED} times the largest) or p's
 * computed eigenvalues are not all positive, {@code log}, {@code distance}, {@code transport}, the Hessian's log and
 * the fused log sums take the whitened pair's spectrum from {@link WhitenedSvd} (Cholesky factors and one-sided
 * Jacobi), and {@code inner} whitens by p's Cholesky factor: a valid far pair is never refused, and its small
 * eigenvalues keep their digits ({@code AffineInvariantIllConditionedTest}).
 *
 * <p>Operations read only the symmetric part of their arguments. {@code out} must not alias an input.
 */
public final class AffineInvariantSpd extends SpdGeometry
        implements ParallelTransport, TangentBasis, VolumeGrowth, JacobiFields, SpectralVolume,
        SquaredDistanceHessian, LogSums, HessianSums {

    /** The provider name. */
    public static final String NAME = "spd/affine-invariant";

    private static final double SQRT1_2 = Math.sqrt(0.5);

    /**
     * From this k on, {@link #distance} whitens by a Cholesky factor instead of p's eigendecomposition. Below it the
     * eigendecomposition is as cheap (k = 2 is one closed-form rotation) and keeps small-k results unchanged.
     */
    static final int CHOLESKY_DISTANCE_FROM = 3;

    public AffineInvariantSpd(int k) {
        super(k);
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * {@code sqrt(k (k^2 - 1) / 12)}: in eigen-coordinates r (with {@code rho = |r|}) the volume element is
     * {@code prod_(i<j) sinh(|r_i - r_j|/2)}, which grows like {@code exp(sum_(i<j) |r_i - r_j| / 2)}, and the maximum
     * of {@code sum_(i<j) |r_i - r_j| / 2} over unit r is that value (r with equally spaced entries). The Laplace
     * {@code exp(-rho/sigma)} is therefore a distribution only for {@code sigma < sqrt(12 / (k (k^2 - 1)))}: 1.41 at
     * k = 2, 0.32 at k = 5, 0.11 at k = 10 (Hajri et al. 2016).
     */
    @Override
    public double exponentialRate() {
        return Math.sqrt(k * ((double) k * k - 1) / 12.0);
    }

    /** [-1/2, 0] (Kulkarni and Soto 2025, App. F). */
    @Override
    public CurvatureBounds curvature() {
        return new CurvatureBounds(-0.5, 0.0);
    }

    /**
     * {@code exp(p, v) = p^(1/2) Expm(p^(-1/2) v p^(-1/2)) p^(1/2)} (Soto et al. 2022, §4.2), defined for every
     * symmetric v. Writes {@code out}; allocates nothing.
     *
     * @throws IllegalArgumentException when p is not positive definite or the result overflows the double range
     */
    @Override
    public void exp(double[] p, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        SpdWorkspace w = workspace();
        if (k == 2) {
            try {
                expTwoByTwo(p, v, out, w);
            } catch (IllegalArgumentException overflow) {
                throw expOutOfRange(p, v, 708, overflow);
            }
            return;
        }
        decomposeBase(p, w);
        whiten(v, w);
        try {
            w.eigen.decompose(w.m1, w.valuesB, w.vectorsB, "p^-1/2 v p^-1/2");
            MatrixFunctions.exp(w.valuesB, w.auxB, k, "exp(p, v)");
        } catch (IllegalArgumentException overflow) {
            throw expOutOfRange(p, v, 708, overflow);
        }
        rootTimesVectors(w);
        w.gram.matrix(w.m2, w.auxB, out);
    }

    /**
     * {@code log(p, q) = p^(1/2) Logm(p^(-1/2) q p^(-1/2)) p^(1/2)} (Soto et al. 2022, §4.2), defined for all p, q in
     * SPD(k). Writes {@code out}; allocates nothing.
     *
     * @throws IllegalArgumentException when p or q is not positive definite
     */
    @Override
    public void log(double[] p, double[] q, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "out", out);
        if (k == 2) {
            logTwoByTwo(p, q, out, workspace());
            return;
        }
        logInEigenbasis(p, q, out);
    }

    /**
     * {@link #log} through the eigensolver, leaving the decompositions in the workspace (see its callers); where the
     * whitened spectrum is ill-conditioned, through {@link WhitenedSvd} instead, which leaves the log-eigenvalues in
     * {@code auxB} and returns true.
     */
    private boolean logInEigenbasis(double[] p, double[] q, double[] out) {
        SpdWorkspace w = workspace();
        if (!directRouteHolds(p, q, w, true) && w.svd.decompose(p, q)) {
            w.svd.logEigenvalues(w.auxB);
            w.svd.factorTimesVectors(w.m2); // L_p V, which plays p^(1/2) U W
            w.gram.matrix(w.m2, w.auxB, out);
            return true;
        }
        requireBaseAndWhitenedPositive(q, w);
        MatrixFunctions.log(w.valuesB, w.auxB, k);
        rootTimesVectors(w);
        w.gram.matrix(w.m2, w.auxB, out);
        return false;
    }

    /**
     * The Hessian of {@code f_q = rho(., q)^2 / 2} at p ({@link SquaredDistanceHessian}). With
     * {@code p^(-1/2) q p^(-1/2) = V diag(mu) V^T} and {@code l = ln mu}, the whitened log is {@code V diag(l) V^T},
     * and the curvature operator {@code R(., L) L = -(1/4) [[., L], L]} of this symmetric space is diagonal in the
     * orthonormal frame {@code F_ii = p^(1/2) V E_ii V^T p^(1/2)}, {@code F_ij = p^(1/2) V (E_ij + E_ji) V^T p^(1/2) /
     * sqrt(2)}, with eigenvalues {@code -(l_i - l_j)^2 / 4}. The Jacobi fields along the geodesic to q then give
     * {@code Hess f_q(p) = sum_(i<=j) c_ij F_ij F_ij^T}, {@code c_ij = a coth a}, {@code a = |l_i - l_j| / 2}
     * ({@code c_ii = 1}; compare {@code rho cot rho} on the sphere): {@code H = I + sum_(i<j) (c_ij - 1) z_ij
     * z_ij^T} in an orthonormal basis e_b, with {@code z_ij[b] = <e_b, F_ij>_p = sqrt(2) (h^T e_b h)_ij} and
     * {@code h = p^(-1/2) V}. Costs one log plus {@code O(d k^3 + d^2 k^2)}; allocates nothing after the first call
     * on a thread.
     */
    @Override
    public double addLogAndHessian(double[] p, double[] q, double[][] basis, double[] logOut,
            double[] coordinatesOut, double[] hessian) {
        SquaredDistanceHessian.requireArguments(this, p, q, basis, logOut, coordinatesOut, hessian);
        // leaves U (vectorsA), s (auxA), V in p's eigenbasis (vectorsB) and l (auxB), or l and the SVD's factors
        boolean bySvd = logInEigenbasis(p, q, logOut);
        SpdWorkspace w = workspace();
        int d = dimension();
        int kk = k * k;
        if (bySvd) {
            w.svd.inverseTransposeFactorTimesVectors(w.m3); // h = L_p^-T V = p^(-1/2) V (WhitenedSvd)
        } else {
            for (int i = 0; i < k; i++) {
                for (int l = 0; l < k; l++) {
                    w.tmp[i * k + l] = w.vectorsA[i * k + l] / w.auxA[l];
                }
            }
            MatrixOps.multiply(w.tmp, w.vectorsB, w.m3, k); // h = U diag(1/s) W = p^(-1/2) V
        }
        double[] g = w.congruences(d * kk);
        double squaredDistance = 0;
        for (int i = 0; i < k; i++) {
            squaredDistance += w.auxB[i] * w.auxB[i];
        }
        for (int b = 0; b < d; b++) {
            MatrixOps.multiply(basis[b], w.m3, w.tmp, k);
            int offset = b * kk;
            double coordinate = 0;
            for (int i = 0; i < k; i++) {
                for (int j = i; j < k; j++) {
                    double sum = 0;
                    for (int a = 0; a < k; a++) {
                        sum += w.m3[a * k + i] * w.tmp[a * k + j];
                    }
                    g[offset + i * k + j] = sum;
                }
                coordinate += w.auxB[i] * g[offset + i * k + i];
            }
            coordinatesOut[b] = coordinate;
        }
        SquaredDistanceHessian.addIdentity(hessian, d);
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                double excess = 2 * cothExcess(Math.abs(w.auxB[i] - w.auxB[j]) / 2);
                if (excess == 0) {
                    continue;
                }
                int entry = i * k + j;
                for (int b = 0; b < d; b++) {
                    double zb = excess * g[b * kk + entry];
                    for (int c = 0; c < d; c++) {
                        hessian[b * d + c] += zb * g[c * kk + entry];
                    }
                }
            }
        }
        return Math.sqrt(squaredDistance);
    }

    /** {@code a coth a - 1}, by its series {@code a^2/3 - a^4/45} below 1e-3 where the closed form cancels. */
    static double cothExcess(double a) {
        if (a < 1e-3) {
            double a2 = a * a;
            return a2 / 3 - a2 * a2 / 45;
        }
        return a / Math.tanh(a) - 1;
    }

    /**
     * {@code rho(p, q) = |Logm(p^(-1/2) q p^(-1/2))|_F = sqrt(sum_i ln^2 mu_i)} with mu the eigenvalues of
     * {@code p^(-1/2) q p^(-1/2)} (Soto et al. 2022, §4.2). Allocates nothing.
     *
     * @throws IllegalArgumentException when p or q is not positive definite
     */
    @Override
    public double distance(double[] p, double[] q) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        SpdWorkspace w = workspace();
        if (k == 2) {
            return distanceTwoByTwo(p, q, w);
        }
        // Cholesky whitening (L^-1 q L^-T has the eigenvalues of p^-1/2 q p^-1/2) and eigenvalues only: no
        // eigenvectors of p. Where the factor fails or overflows, the eigenbasis path scales, checks and names it.
        if (k < CHOLESKY_DISTANCE_FROM || !CholeskyWhitening.factor(p, w.m2, k)) {
            return distanceByEigenbasis(p, q);
        }
        CholeskyWhitening.whiten(w.m2, q, w.m1, w.tmp, k);
        for (int i = 0; i < k * k; i++) {
            if (!Double.isFinite(w.m1[i])) {
                return distanceByEigenbasis(p, q);
            }
        }
        w.eigen.decompose(w.m1, w.valuesB, null, "p^-1/2 q p^-1/2");
        return whitenedDistance(p, q, w);
    }

    /**
     * Below this ratio of the whitened matrix's smallest to largest eigenvalue, an operation recomputes the whitened
     * spectrum by {@link WhitenedSvd} (the direct eigenvalues' absolute error of about {@code 2^-52} times the largest
     * would cost the small ones more than half their digits); above it the direct route is kept, so well-conditioned
     * pairs give the same bits as before.
     */
    static final double ILL_CONDITIONED = 1e-8;

    /** Whether the whitened eigenvalues in {@code values} call for {@link WhitenedSvd} (a non-positive one does). */
    private boolean illConditioned(double[] values) {
        return !(MatrixFunctions.min(values, k) > ILL_CONDITIONED * MatrixFunctions.max(values, k));
    }

    /**
     * {@code sqrt(sum_i ln^2 mu_i)} from the whitened eigenvalues in {@code valuesB}, or from {@link WhitenedSvd}
     * where they are ill-conditioned; refuses a q that is not positive definite.
     */
    private double whitenedDistance(double[] p, double[] q, SpdWorkspace w) {
        if (illConditioned(w.valuesB) && w.svd.decompose(p, q)) {
            return svdDistance(w);
        }
        requireWhitenedPositive(q, w);
        return logSpectrumNorm(w.valuesB);
    }

    /**
     * {@link #distance} through the eigendecomposition of p: {@code p^(-1/2) q p^(-1/2)} in p's eigenbasis, then its
     * eigenvalues. The path for k below {@link #CHOLESKY_DISTANCE_FROM} and for p the Cholesky factor refuses;
     * tests compare the two paths.
     */
    double distanceByEigenbasis(double[] p, double[] q) {
        SpdWorkspace w = workspace();
        if (!directRouteHolds(p, q, w, false) && w.svd.decompose(p, q)) {
            return svdDistance(w);
        }
        requireBaseAndWhitenedPositive(q, w);
        return logSpectrumNorm(w.valuesB);
    }

    /**
     * The direct route: decomposes p (refusing nothing yet), and where p's eigenvalues are positive whitens q and
     * decomposes it (with eigenvectors when asked). Returns whether that route's result can be used: p's eigenvalues
     * positive and the whitened spectrum well-conditioned. Where not, the caller takes {@link WhitenedSvd}, and where
     * that cannot factor p or q, {@link #requireBaseAndWhitenedPositive} names the culprit.
     */
    private boolean directRouteHolds(double[] p, double[] q, SpdWorkspace w, boolean vectors) {
        w.eigen.decompose(p, w.valuesA, w.vectorsA, "p");
        if (!(MatrixFunctions.min(w.valuesA, k) > 0)) {
            return false; // a p with eigenvalues across 10^16 can be positive definite while its computed ones are not
        }
        for (int i = 0; i < k; i++) {
            w.auxA[i] = Math.sqrt(w.valuesA[i]);
        }
        whiten(q, w);
        w.eigen.decompose(w.m1, w.valuesB, vectors ? w.vectorsB : null, "p^-1/2 q p^-1/2");
        return !illConditioned(w.valuesB);
    }

    /** After {@link #directRouteHolds}: refuses a p, then a q, that is not positive definite. */
    private void requireBaseAndWhitenedPositive(double[] q, SpdWorkspace w) {
        MatrixFunctions.requirePositive(w.valuesA, k, "p");
        requireWhitenedPositive(q, w);
    }

    /** {@code sqrt(sum_i (2 ln sigma_i)^2)} from a decomposed {@link WhitenedSvd}. */
    private double svdDistance(SpdWorkspace w) {
        w.svd.logEigenvalues(w.auxB);
        double sum = 0;
        for (int i = 0; i < k; i++) {
            sum += w.auxB[i] * w.auxB[i];
        }
        return Math.sqrt(sum);
    }

    /** {@code sqrt(sum_i ln(values_i)^2)}. */
    private double logSpectrumNorm(double[] values) {
        double sum = 0;
        for (int i = 0; i < k; i++) {
            double l = Math.log(values[i]);
            sum += l * l;
        }
        return Math.sqrt(sum);
    }

    /**
     * {@code <u, v>_p = tr(p^-1 u p^-1 v) = sum_ij (U^T u U)_ij (U^T v U)_ij / (lambda_i lambda_j)} (Soto et
     * al. 2022, §4.2). Allocates nothing.
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
        double sum = 0;
        if (k == 2) {
            sum = innerTwoByTwo(p, u, v);
        } else {
            w.eigen.decompose(p, w.valuesA, w.vectorsA, "p");
            if (!(MatrixFunctions.min(w.valuesA, k) > 0) && CholeskyWhitening.factor(p, w.m3, k)) {
                return innerByCholesky(u, v, w);
            }
            MatrixFunctions.requirePositive(w.valuesA, k, "p");
            MatrixOps.transposeCongruence(w.vectorsA, u, w.m1, w.tmp, k);
            MatrixOps.transposeCongruence(w.vectorsA, v, w.m2, w.tmp, k);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    sum += w.m1[i * k + j] * w.m2[i * k + j] / (w.valuesA[i] * w.valuesA[j]);
                }
            }
        }
        if (!Double.isFinite(sum)) {
            throw new IllegalArgumentException("inner(p, u, v) is not finite: u or v is too large for p. "
                    + "Provided value: " + sum);
        }
        return sum;
    }

    /**
     * {@code <L^-1 u L^-T, L^-1 v L^-T>_F} with the Cholesky factor {@code p = L L^T} in {@code m3}: {@link #inner}
     * for a p whose computed eigenvalues are not all positive although the factor exists (eigenvalues across 10^16,
     * as at the ill-conditioned end of a far geodesic); every other p keeps the eigenbasis route and its bits.
     */
    private double innerByCholesky(double[] u, double[] v, SpdWorkspace w) {
        CholeskyWhitening.whiten(w.m3, u, w.m1, w.tmp, k);
        CholeskyWhitening.whiten(w.m3, v, w.m2, w.tmp, k);
        double sum = 0;
        for (int i = 0; i < k * k; i++) {
            sum += w.m1[i] * w.m2[i];
        }
        if (!Double.isFinite(sum)) {
            throw new IllegalArgumentException("inner(p, u, v) is not finite: u or v is too large for p. "
                    + "Provided value: " + sum);
        }
        return sum;
    }

    /**
     * Parallel transport along the geodesic from p to q: {@code E v E^T} with
     * {@code E = p^(1/2) (p^(-1/2) q p^(-1/2))^(1/2) p^(-1/2)} (Sra and Hosseini 2015). In the eigenbases this is
     * {@code U diag(s) W diag(sqrt mu) W^T diag(1/s) (U^T v U) diag(1/s) W diag(sqrt mu) W^T diag(s) U^T}.
     * Writes {@code out}; allocates nothing.
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
        if (!directRouteHolds(p, q, w, true) && w.svd.decompose(p, q)) {
            w.svd.transport(v, out, w.m1, w.m2, w.tmp);
            return;
        }
        requireBaseAndWhitenedPositive(q, w);
        for (int i = 0; i < k; i++) {
            w.auxB[i] = Math.sqrt(w.valuesB[i]);
        }
        whiten(v, w); // m1 = diag(1/s) U^T v U diag(1/s)
        MatrixOps.transposeCongruence(w.vectorsB, w.m1, w.m2, w.tmp, k);
        MatrixOps.scaleSymmetric(w.m2, w.auxB, k);
        MatrixOps.congruence(w.vectorsB, w.m2, w.m1, w.tmp, k);
        MatrixOps.scaleSymmetric(w.m1, w.auxA, k);
        MatrixOps.congruence(w.vectorsA, w.m1, out, w.tmp, k);
    }

    /** {@code k(k+1)/2}. */
    @Override
    public int basisSize() {
        return dimension();
    }

    /**
     * The orthonormal basis {@code p^(1/2) B_ij p^(1/2)} of T_p, where {@code B_ii = E_ii} and
     * {@code B_ij = (E_ij + E_ji)/sqrt(2)} ({@code i < j}) is the Frobenius-orthonormal basis of Sym(k), in vecd order
     * (diagonal first, then the strict upper triangle row by row). Orthonormal because
     * {@code tr(p^-1 p^(1/2) B p^(1/2) p^-1 p^(1/2) B' p^(1/2)) = tr(B B')}. With r_i the i-th column of
     * {@code p^(1/2)}, the vectors are {@code r_i r_i^T} and {@code (r_i r_j^T + r_j r_i^T)/sqrt(2)}.
     * Writes {@code out[0 .. d-1]}; allocates nothing.
     */
    @Override
    public void basis(double[] p, double[][] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireBasisOutput(this, dimension(), out);
        SpdWorkspace w = workspace();
        if (k == 2) {
            TwoByTwoSpd.roots(p, TwoByTwoSpd.requirePositiveDefinite(p, "p"), w.m1, w.m2);
        } else {
            decomposeBase(p, w);
            w.gram.matrix(w.vectorsA, w.auxA, w.m1); // p^(1/2)
        }
        double[] root = w.m1;
        int index = 0;
        for (int i = 0; i < k; i++) {
            double[] e = out[index++];
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    e[a * k + b] = root[a * k + i] * root[b * k + i];
                }
            }
        }
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                double[] e = out[index++];
                for (int a = 0; a < k; a++) {
                    for (int b = 0; b < k; b++) {
                        e[a * k + b] = SQRT1_2
                                * (root[a * k + i] * root[b * k + j] + root[a * k + j] * root[b * k + i]);
                    }
                }
            }
        }
    }

    // ---- LogSums ------------------------------------------------------------------------------------------------

    /**
     * The fused {@code sum_i log(x, x_i)} with one {@code x^(-1/2)} per evaluation point instead of one per record:
     * for k = 2 the closed forms of {@link AffineInvariantLogSums2} (no eigensolver at all), otherwise one whitening
     * and one decomposition per record ({@link AffineInvariantLogSums}).
     */
    @Override
    public LogSums.Batch prepare(double[][] data) {
        return prepare(data == null ? null : Records.of(data).copy());
    }

    /** {@link #prepare(double[][])} of records in either layout, read in place (records are read only). */
    @Override
    public LogSums.Batch prepare(Records data) {
        if (data == null) {
            throw new IllegalArgumentException("data is null; pass the points to sum the logarithms to");
        }
        return k == 2 ? AffineInvariantLogSums2.prepare(this, data) : new AffineInvariantLogSums(this, data);
    }

    // ---- HessianSums ----------------------------------------------------------------------------------------------

    /**
     * The Frechet mean's Newton sums ({@link #addLogAndHessian} per record) in blocks of records on all cores, with
     * the bits of one loop for n up to a block and the same bits on any thread count beyond
     * ({@link AffineInvariantHessianSums}).
     */
    @Override
    public HessianSums.Batch prepareHessians(double[][] data) {
        return prepareHessians(data == null ? null : Records.of(data).copy());
    }

    /** {@link #prepareHessians(double[][])} of records in either layout, read in place (records are read only). */
    @Override
    public HessianSums.Batch prepareHessians(Records data) {
        if (data == null) {
            throw new IllegalArgumentException("data is null; pass the points to sum the Hessians over");
        }
        return AffineInvariantHessianSums.of(this, data);
    }

    // ---- SpectralVolume -----------------------------------------------------------------------------------------

    /** k. */
    @Override
    public int spectralRank() {
        return k;
    }

    /**
     * {@code p^(1/2) Q diag(e^r) Q^T p^(1/2)}: the point at distance |r| from p whose whitened form
     * {@code p^(-1/2) x p^(-1/2)} has eigenvalues e^r and eigenvectors Q. Affine invariance ({@code x -> p^(1/2) x
     * p^(1/2)} is an isometry) carries the volume element at I, {@code ∝ prod_(i<j) sinh(|r_i - r_j|/2) dr dQ}, to
     * every p: the Jacobi fields of {@link #dvExp} have factors {@code sinh(d/2)/(d/2)} on the off-diagonal
     * directions, and the Euclidean eigen-decomposition of Sym(k) contributes {@code prod |d|} (Hajri et al. 2016;
     * docs/exact-sampling.md). Writes {@code out}; allocates nothing.
     *
     * @throws IllegalArgumentException when p is not positive definite, a length is wrong or {@code e^r} overflows
     */
    @Override
    public void fromSpectral(double[] p, double[] r, double[] rotation, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "out", out);
        if (r == null || r.length != k || rotation == null || rotation.length != k * k) {
            throw new IllegalArgumentException(String.format("fromSpectral needs r of length %d and a %d x %d "
                    + "rotation. Provided value: r length %s, rotation length %s", k, k, k,
                    r == null ? "null" : r.length, rotation == null ? "null" : rotation.length));
        }
        requireFiniteEntries("r", r);
        requireFiniteEntries("rotation", rotation);
        SpdWorkspace w = workspace();
        decomposeBase(p, w);
        MatrixOps.transposeMultiply(w.vectorsA, rotation, w.vectorsB, k); // U^T Q
        rootTimesVectors(w); // m2 = U diag(s) U^T Q = p^(1/2) Q
        MatrixFunctions.exp(r, w.auxB, k, "fromSpectral(p, r, Q)");
        w.gram.matrix(w.m2, w.auxB, out);
    }

    // ---- JacobiFields -------------------------------------------------------------------------------------------

    /**
     * {@code d_p Exp(p, v)[u] = M (F o (B^T u B)) M^T} with {@code F_ij = (e^(l_i) + e^(l_j))/2}, where
     * {@code p^(-1/2) v p^(-1/2) = W diag(l) W^T} in the eigenbasis {@code p = U diag(s^2) U^T},
     * {@code B = U diag(1/s) W} and {@code M = U diag(s) W} (so {@code exp(p, v) = M diag(e^l) M^T}).
     *
     * <p>Why: affine invariance moves p to I; there SPD(k) is a symmetric space whose Jacobi operator along
     * {@code gamma(t) = Expm(t w)} is diagonal in the frame {@code W E_ij W^T}, parallel along gamma, with
     * curvature {@code kappa_ij = -(l_i - l_j)^2/4} ({@code R(J, w) w = -[[J, w], w]/4}). The Jacobi field with
     * {@code J(0) = u}, {@code J'(0) = 0} therefore has components {@code cosh((l_i - l_j)/2) u~_ij}, and parallel
     * transport to {@code Expm(w)} multiplies them by {@code e^((l_i + l_j)/2)}: the product is F. At v = 0 it is
     * the identity. Writes {@code out}; allocates nothing.
     */
    @Override
    public void dpExp(double[] p, double[] v, double[] u, double[] out) {
        jacobi(p, v, u, out, false, false);
    }

    /**
     * {@code d_v Exp(p, v)[u] = M (F o (B^T u B)) M^T} with {@code F_ij = (e^(l_i) - e^(l_j))/(l_i - l_j)}
     * (notation of {@link #dpExp}): the Jacobi field with {@code J(0) = 0}, {@code J'(0) = u} has components
     * {@code sinh((l_i - l_j)/2)/((l_i - l_j)/2) u~_ij}, which transported is the Daleckii-Krein derivative of
     * Expm. Writes {@code out}; allocates nothing.
     */
    @Override
    public void dvExp(double[] p, double[] v, double[] u, double[] out) {
        jacobi(p, v, u, out, true, false);
    }

    /**
     * The adjoint of {@link #dpExp}: {@code M (F' o (B^T w B)) M^T} with {@code F'_ij = (e^(-l_i) + e^(-l_j))/2}.
     * From {@code <A u, w>_q = sum_ij F_ij u~_ij e^(-l_i - l_j) w~_ij} (as {@code q^-1 = B diag(e^-l) B^T}) and
     * {@code <u, y>_p = sum_ij u~_ij y~_ij} (as {@code p^-1 = B B^T}), with {@code B^-T = M}. Writes {@code out}.
     */
    @Override
    public void dpExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        jacobi(p, v, w, out, false, true);
    }

    /**
     * The adjoint of {@link #dvExp}: as {@link #dpExpAdjoint} with
     * {@code F'_ij = (e^(-l_i) - e^(-l_j))/(l_j - l_i)}. Writes {@code out}.
     */
    @Override
    public void dvExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        jacobi(p, v, w, out, true, true);
    }

    /** The four maps: {@code out = M (F o (B^T x B)) M^T} with the factor F of the map asked for. */
    private void jacobi(double[] p, double[] v, double[] x, double[] out, boolean velocity, boolean adjoint) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, adjoint ? "w" : "u", x);
        GeometryChecks.requireLength(this, "out", out);
        requireFiniteEntries("v", v);
        requireFiniteEntries(adjoint ? "w" : "u", x);
        SpdWorkspace w = workspace();
        decomposeBase(p, w);
        whiten(v, w);
        w.eigen.decompose(w.m1, w.valuesB, w.vectorsB, "p^-1/2 v p^-1/2");
        rootTimesVectors(w); // m2 = M = U diag(s) W
        for (int i = 0; i < k; i++) {
            for (int l = 0; l < k; l++) {
                w.tmp[i * k + l] = w.vectorsA[i * k + l] / w.auxA[l];
            }
        }
        MatrixOps.multiply(w.tmp, w.vectorsB, w.m3, k); // m3 = B = U diag(1/s) W
        MatrixOps.transposeCongruence(w.m3, x, w.m1, w.tmp, k);
        // The adjoint's factors are the forward ones at -l (F_ij e^(-l_i - l_j)).
        double sign = adjoint ? -1 : 1;
        double[] l = w.valuesB;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double a = sign * l[i];
                double b = sign * l[j];
                w.m1[i * k + j] *= velocity ? DividedDifferences.exp(a, b) : 0.5 * (Math.exp(a) + Math.exp(b));
            }
        }
        MatrixOps.congruence(w.m2, w.m1, out, w.tmp, k);
    }

    // ---- k = 2 closed forms ----------------------------------------------------------------------------------------

    /** {@code exp(p, v) = R Expm(W v W) R} with {@code R = p^(1/2)}, {@code W = p^(-1/2)} ({@link TwoByTwoSpd}). */
    private static void expTwoByTwo(double[] p, double[] v, double[] out, SpdWorkspace w) {
        requireFiniteEntries("v", v);
        TwoByTwoSpd.roots(p, TwoByTwoSpd.requirePositiveDefinite(p, "p"), w.m1, w.m2);
        TwoByTwoSpd.congruence(w.m2, v, w.m3);
        TwoByTwoSpd.expm(w.m3, w.tmp, "exp(p, v)");
        TwoByTwoSpd.congruence(w.m1, w.tmp, out);
    }

    /**
     * {@code log(p, q) = p^(1/2) Logm(A) p^(1/2)} with A the whitened q in p's eigenbasis ({@link EigenbasisWhitening},
     * where the class comment gives the accuracy) and {@code Logm(A) = alpha I + beta (A - m I)} ({@link SymmetricLog2}),
     * {@code alpha = ln(det A)/2} as {@link EigenbasisWhitening#halfLogDet} reads it.
     */
    private static void logTwoByTwo(double[] p, double[] q, double[] out, SpdWorkspace w) {
        EigenbasisWhitening e = w.whitening2;
        double alpha = whitenTwoByTwo(p, q, e);
        double beta = SymmetricLog2.slope(e.m, e.root, alpha);
        e.unwhiten(alpha + beta * e.h, beta * e.a12, alpha - beta * e.h, out);
    }

    /**
     * {@code rho(p, q) = sqrt(l_1^2 + l_2^2)} with {@code l_1 = ln(m + s)} the logarithm of the larger eigenvalue of
     * the whitened q (as in {@link #logTwoByTwo}) and {@code l_2 = 2 alpha - l_1}, with {@code alpha} from the
     * determinants where A is ill-conditioned, so that l_2 stays accurate there.
     */
    private static double distanceTwoByTwo(double[] p, double[] q, SpdWorkspace w) {
        EigenbasisWhitening e = w.whitening2;
        double alpha = whitenTwoByTwo(p, q, e);
        double large = Math.log(e.m + e.root);
        double small = 2 * alpha - large;
        return Math.sqrt(large * large + small * small);
    }

    /**
     * Checks p and q, sets p as {@code e}'s base and whitens q into A; returns {@code alpha = ln(det A)/2} as
     * {@link EigenbasisWhitening#halfLogDet} reads it from the two determinants and A's entries.
     */
    private static double whitenTwoByTwo(double[] p, double[] q, EigenbasisWhitening e) {
        double detP = TwoByTwoSpd.requirePositiveDefinite(p, "p");
        double detQ = TwoByTwoSpd.requirePositiveDefinite(q, "q");
        e.setBase(p[0], 0.5 * (p[1] + p[2]), p[3], detP);
        e.whiten(q[0], 0.5 * (q[1] + q[2]), q[3]);
        return e.halfLogDet(0.5 * SymmetricLog2.logRatio(detQ, detP), detQ / detP);
    }

    /** {@code tr(p^-1 u p^-1 v)} with {@code p^-1 = adj(p)/det p}. */
    private static double innerTwoByTwo(double[] p, double[] u, double[] v) {
        double det = TwoByTwoSpd.requirePositiveDefinite(p, "p");
        double g11 = p[3] / det;
        double g12 = -0.5 * (p[1] + p[2]) / det;
        double g22 = p[0] / det;
        double u12 = 0.5 * (u[1] + u[2]);
        double v12 = 0.5 * (v[1] + v[2]);
        // P = p^-1 u and Q = p^-1 v; tr(P Q)
        double p11 = g11 * u[0] + g12 * u12;
        double p12 = g11 * u12 + g12 * u[3];
        double p21 = g12 * u[0] + g22 * u12;
        double p22 = g12 * u12 + g22 * u[3];
        double q11 = g11 * v[0] + g12 * v12;
        double q12 = g11 * v12 + g12 * v[3];
        double q21 = g12 * v[0] + g22 * v12;
        double q22 = g12 * v12 + g22 * v[3];
        return p11 * q11 + p12 * q21 + p21 * q12 + p22 * q22;
    }

    /**
     * Decomposes the base point into {@code valuesA} (lambda), {@code vectorsA} (U) and {@code auxA}
     * (s = sqrt(lambda)), refusing a p that is not positive definite.
     */
    private void decomposeBase(double[] p, SpdWorkspace w) {
        w.eigen.decompose(p, w.valuesA, w.vectorsA, "p");
        MatrixFunctions.requirePositive(w.valuesA, k, "p");
        for (int i = 0; i < k; i++) {
            w.auxA[i] = Math.sqrt(w.valuesA[i]);
        }
    }

    /**
     * Throws unless {@code p^(-1/2) q p^(-1/2)}, whose eigenvalues are in {@code valuesB}, is positive definite,
     * which by Sylvester's law of inertia holds exactly when q is. The message names q's own smallest
     * eigenvalue, found by one more decomposition on this failure path only (overwriting {@code valuesB}).
     */
    private void requireWhitenedPositive(double[] q, SpdWorkspace w) {
        double whitened = MatrixFunctions.min(w.valuesB, k);
        if (whitened > 0) {
            return;
        }
        w.eigen.decompose(q, w.valuesB, null, "q");
        throw new IllegalArgumentException(String.format(
                "q is not symmetric positive definite: its smallest eigenvalue is %.6g (that of p^-1/2 q p^-1/2 "
                        + "is %.6g)", MatrixFunctions.min(w.valuesB, k), whitened));
    }

    /** {@code m1 = diag(1/s) U^T x U diag(1/s)}, i.e. {@code p^(-1/2) x p^(-1/2)} expressed in p's eigenbasis. */
    private void whiten(double[] x, SpdWorkspace w) {
        MatrixOps.transposeCongruence(w.vectorsA, x, w.m1, w.tmp, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                w.m1[i * k + j] /= w.auxA[i] * w.auxA[j];
            }
        }
    }

    /** {@code m2 = U diag(s) W = p^(1/2) (U W)}: the eigenvectors of the whitened matrix mapped back by p^(1/2). */
    private void rootTimesVectors(SpdWorkspace w) {
        MatrixOps.scaleColumns(w.vectorsA, w.auxA, w.tmp, k);
        MatrixOps.multiply(w.tmp, w.vectorsB, w.m2, k);
    }
}
