package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.LogSums;

/**
 * The {@link LogSums} kernel of affine-invariant SPD(k) for any k (k = 2 has the closed form of
 * {@link AffineInvariantLogSums2}). With {@code x = U diag(s^2) U^T} and {@code A_i = diag(1/s) U^T x_i U diag(1/s)},
 * which is {@code x^(-1/2) x_i x^(-1/2)} in x's eigenbasis, {@code log(x, x_i) = U diag(s) Logm(A_i) diag(s) U^T}
 * and {@code |v|_x = |diag(1/s) U^T v U diag(1/s)|_F}. So {@code S = sum_i Logm(A_i)} gives
 * {@code |sum_i log(x, x_i)|_x = |S|_F} and {@code sum_i log(x, x_i) = U diag(s) S diag(s) U^T}: one decomposition of
 * x per evaluation, then one whitening and one decomposition per record, where {@code log} pays two decompositions,
 * the whitening and the map back for every record. Allocation-free per evaluation; not thread-safe.
 */
final class AffineInvariantLogSums implements LogSums.Batch {

    private final AffineInvariantSpd geometry;
    private final int k;
    private final double[][] data;
    private final SpdWorkspace w;
    /** S = sum_i Logm(A_i) in x's eigenbasis, of the last evaluation. */
    private final double[] sum;

    AffineInvariantLogSums(AffineInvariantSpd geometry, double[][] data) {
        this.geometry = geometry;
        this.k = geometry.matrixSize();
        this.data = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            GeometryChecks.requireLength(geometry, "data[" + i + "]", data[i]);
            this.data[i] = data[i].clone();
        }
        this.w = new SpdWorkspace(k);
        this.sum = new double[k * k];
    }

    private AffineInvariantLogSums(AffineInvariantLogSums other) {
        this.geometry = other.geometry;
        this.k = other.k;
        this.data = other.data;
        this.w = new SpdWorkspace(k);
        this.sum = new double[k * k];
    }

    @Override
    public int size() {
        return data.length;
    }

    @Override
    public void sumOfLogs(double[] x, double[] out) {
        GeometryChecks.requireLength(geometry, "out", out);
        accumulate(x);
        MatrixOps.scaleSymmetric(sum, w.auxA, k);
        MatrixOps.congruence(w.vectorsA, sum, out, w.tmp, k);
    }

    @Override
    public double normOfSumOfLogs(double[] x) {
        accumulate(x);
        double total = 0;
        for (double value : sum) {
            total += value * value;
        }
        return Math.sqrt(total);
    }

    @Override
    public LogSums.Batch copy() {
        return new AffineInvariantLogSums(this);
    }

    /** Decomposes x into {@code vectorsA} (U) and {@code auxA} (s), then sums the whitened logarithms into S. */
    private void accumulate(double[] x) {
        GeometryChecks.requireLength(geometry, "x", x);
        w.eigen.decompose(x, w.valuesA, w.vectorsA, "x");
        MatrixFunctions.requirePositive(w.valuesA, k, "x");
        for (int i = 0; i < k; i++) {
            w.auxA[i] = 1 / Math.sqrt(w.valuesA[i]);
        }
        java.util.Arrays.fill(sum, 0.0);
        for (double[] point : data) {
            MatrixOps.transposeCongruence(w.vectorsA, point, w.m1, w.tmp, k);
            MatrixOps.scaleSymmetric(w.m1, w.auxA, k);
            w.eigen.decompose(w.m1, w.valuesB, w.vectorsB, "x^-1/2 x_i x^-1/2");
            if (!(MatrixFunctions.min(w.valuesB, k)
                    > AffineInvariantSpd.ILL_CONDITIONED * MatrixFunctions.max(w.valuesB, k))
                    && w.svd.decompose(x, point)) {
                // as in AffineInvariantSpd.log: the small whitened eigenvalues from singular values (WhitenedSvd),
                // the ambient log L_x V diag(l) V^T L_x^T then whitened into x's eigenbasis like the record
                w.svd.logEigenvalues(w.auxB);
                w.svd.factorTimesVectors(w.m3);
                w.gram.matrix(w.m3, w.auxB, w.m1);
                MatrixOps.transposeCongruence(w.vectorsA, w.m1, w.m2, w.tmp, k);
                MatrixOps.scaleSymmetric(w.m2, w.auxA, k);
            } else {
                MatrixFunctions.requirePositive(w.valuesB, k, "x^-1/2 x_i x^-1/2");
                MatrixFunctions.log(w.valuesB, w.auxB, k);
                w.gram.matrix(w.vectorsB, w.auxB, w.m2);
            }
            for (int j = 0; j < sum.length; j++) {
                sum[j] += w.m2[j];
            }
        }
        for (int i = 0; i < k; i++) {
            w.auxA[i] = Math.sqrt(w.valuesA[i]); // s, for the map back in sumOfLogs
        }
    }
}
