package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.LogSums;

/**
 * The {@link LogSums} kernel of affine-invariant SPD(2). With {@code A_i} the record {@code x_i} whitened by x in x's
 * eigenbasis ({@link EigenbasisWhitening}: {@code x = U diag(l) U^T}, {@code A_i = diag(l)^(-1/2) U^T x_i U
 * diag(l)^(-1/2)}), {@code log(x, x_i) = U diag(l)^(1/2) Logm(A_i) diag(l)^(1/2) U^T} and {@code |v|_x} is the
 * Frobenius norm of v whitened alike, so {@code |sum_i log(x, x_i)|_x = |S|_F} and {@code sum_i log(x, x_i)} is S
 * taken back, with {@code S = sum_i Logm(A_i)}: one eigendecomposition of x per evaluation (closed form), none per
 * record. Each record then costs the three entries of {@code A_i} (nine products) and {@link SymmetricLog2}'s
 * logarithm: {@code Logm(A_i) = alpha_i I + beta_i (A_i - m_i I)} with {@code alpha_i = ln(det A_i)/2} from
 * {@code (ln det x_i - ln det x)/2} (computed once per record in {@link #prepare}) and, where {@code A_i} is
 * well-conditioned, corrected to match its rounded entries ({@link EigenbasisWhitening#halfLogDet}).
 * Allocation-free per evaluation; not thread-safe (the caller's {@link #copy()} per thread).
 */
final class AffineInvariantLogSums2 implements LogSums.Batch {

    private final AffineInvariantSpd geometry;
    /** The symmetric parts {@code [a_i b_i; b_i d_i]} of the records, and {@code ln(det x_i)/2}. */
    private final double[] a;
    private final double[] b;
    private final double[] d;
    private final double[] halfLogDet;
    /** {@code det x_i}. */
    private final double[] determinants;
    /** S = sum_i Logm(A_i) of the last evaluation, in x's whitened eigenbasis. */
    private double s11;
    private double s12;
    private double s22;
    private final EigenbasisWhitening whitening = new EigenbasisWhitening();

    private AffineInvariantLogSums2(AffineInvariantSpd geometry, double[] a, double[] b, double[] d,
            double[] halfLogDet, double[] determinants) {
        this.geometry = geometry;
        this.a = a;
        this.b = b;
        this.d = d;
        this.halfLogDet = halfLogDet;
        this.determinants = determinants;
    }

    /** Copies the symmetric parts of the (validated) data and takes each record's log-determinant once. */
    static AffineInvariantLogSums2 prepare(AffineInvariantSpd geometry, Records data) {
        int n = data.size();
        double[] row = data.scratch();
        double[] a = new double[n];
        double[] b = new double[n];
        double[] d = new double[n];
        double[] halfLogDet = new double[n];
        double[] dets = new double[n];
        for (int i = 0; i < n; i++) {
            double[] x = data.row(i, row);
            GeometryChecks.requireLength(geometry, "data[" + i + "]", x);
            a[i] = x[0];
            b[i] = 0.5 * (x[1] + x[2]);
            d[i] = x[3];
            double det = SymmetricLog2.determinant(a[i], b[i], d[i]);
            if (!(det > 0 && a[i] > 0) || !Double.isFinite(det)) {
                throw new IllegalArgumentException(String.format("data[%d] is not a finite symmetric positive "
                        + "definite matrix: its determinant is %.6g", i, det));
            }
            halfLogDet[i] = 0.5 * Math.log(det);
            dets[i] = det;
        }
        return new AffineInvariantLogSums2(geometry, a, b, d, halfLogDet, dets);
    }

    @Override
    public int size() {
        return a.length;
    }

    @Override
    public void sumOfLogs(double[] x, double[] out) {
        GeometryChecks.requireLength(geometry, "out", out);
        accumulate(x);
        whitening.unwhiten(s11, s12, s22, out);
    }

    @Override
    public double normOfSumOfLogs(double[] x) {
        accumulate(x);
        return Math.sqrt(s11 * s11 + 2 * s12 * s12 + s22 * s22);
    }

    @Override
    public LogSums.Batch copy() {
        return new AffineInvariantLogSums2(geometry, a, b, d, halfLogDet, determinants);
    }

    /** Sets S and x^(1/2) for the evaluation point x. */
    private void accumulate(double[] x) {
        GeometryChecks.requireLength(geometry, "x", x);
        double xa = x[0];
        double xb = 0.5 * (x[1] + x[2]);
        double xd = x[3];
        double det = SymmetricLog2.determinant(xa, xb, xd);
        if (!(det > 0 && xa > 0) || !(det < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(String.format("x is not a finite symmetric positive definite "
                    + "matrix: its determinant is %.6g and its first diagonal entry %.6g", det, xa));
        }
        EigenbasisWhitening e = whitening;
        e.setBase(xa, xb, xd, det);
        double halfLogDetX = 0.5 * Math.log(det);
        double inverseDetX = 1 / det;
        double sumAlpha = 0;
        double sumH = 0;
        double sumOff = 0;
        for (int i = 0; i < a.length; i++) {
            e.whiten(a[i], b[i], d[i]);
            double alpha = e.halfLogDet(halfLogDet[i] - halfLogDetX, determinants[i] * inverseDetX);
            double beta = SymmetricLog2.slope(e.m, e.root, alpha);
            sumAlpha += alpha;
            sumH += beta * e.h;
            sumOff += beta * e.a12;
        }
        s11 = sumAlpha + sumH;
        s12 = sumOff;
        s22 = sumAlpha - sumH;
    }
}
