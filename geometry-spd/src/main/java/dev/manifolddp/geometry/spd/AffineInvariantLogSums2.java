package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.LogSums;

/**
 * The {@link LogSums} kernel of affine-invariant SPD(2). With {@code W = x^(-1/2)} and
 * {@code A_i = W x_i W}, {@code log(x, x_i) = x^(1/2) Logm(A_i) x^(1/2)} and {@code |v|_x = |W v W|_F}, so
 * {@code |sum_i log(x, x_i)|_x = |S|_F} and {@code sum_i log(x, x_i) = x^(1/2) S x^(1/2)} with
 * {@code S = sum_i Logm(A_i)}: one square root of x per evaluation, none per record. {@code W} and
 * {@code x^(1/2)} have the 2 x 2 closed forms {@code x^(1/2) = (x + delta I)/t} and
 * {@code x^(-1/2) = adj(x + delta I)/(delta t)}, {@code delta = sqrt(det x)}, {@code t = sqrt(tr x + 2 delta)}
 * (Cayley-Hamilton). Each record then costs the three entries of {@code A_i} (linear in x_i, nine products) and
 * {@link SymmetricLog2}'s logarithm: {@code Logm(A_i) = alpha_i I + beta_i (A_i - m_i I)} with
 * {@code alpha_i = (ln det x_i - ln det x)/2}, where {@code ln det x_i} is computed once in {@link #prepare}.
 * Allocation-free per evaluation; not thread-safe (the caller's {@link #copy()} per thread).
 */
final class AffineInvariantLogSums2 implements LogSums.Batch {

    private final AffineInvariantSpd geometry;
    /** The symmetric parts {@code [a_i b_i; b_i d_i]} of the records, and {@code ln(det x_i)/2}. */
    private final double[] a;
    private final double[] b;
    private final double[] d;
    private final double[] halfLogDet;
    /** S = sum_i Logm(A_i) of the last evaluation, and x^(1/2): (s11, s12, s22), (r11, r12, r22). */
    private double s11;
    private double s12;
    private double s22;
    private double r11;
    private double r12;
    private double r22;

    private AffineInvariantLogSums2(AffineInvariantSpd geometry, double[] a, double[] b, double[] d,
            double[] halfLogDet) {
        this.geometry = geometry;
        this.a = a;
        this.b = b;
        this.d = d;
        this.halfLogDet = halfLogDet;
    }

    /** Copies the symmetric parts of the (validated) data and takes each record's log-determinant once. */
    static AffineInvariantLogSums2 prepare(AffineInvariantSpd geometry, double[][] data) {
        int n = data.length;
        double[] a = new double[n];
        double[] b = new double[n];
        double[] d = new double[n];
        double[] halfLogDet = new double[n];
        for (int i = 0; i < n; i++) {
            double[] x = data[i];
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
        }
        return new AffineInvariantLogSums2(geometry, a, b, d, halfLogDet);
    }

    @Override
    public int size() {
        return a.length;
    }

    @Override
    public void sumOfLogs(double[] x, double[] out) {
        GeometryChecks.requireLength(geometry, "out", out);
        accumulate(x);
        // x^(1/2) S x^(1/2) for symmetric R = x^(1/2) and S
        double t11 = r11 * s11 + r12 * s12;
        double t12 = r11 * s12 + r12 * s22;
        double t21 = r12 * s11 + r22 * s12;
        double t22 = r12 * s12 + r22 * s22;
        double o12 = t11 * r12 + t12 * r22;
        out[0] = t11 * r11 + t12 * r12;
        out[1] = o12;
        out[2] = o12;
        out[3] = t21 * r12 + t22 * r22;
    }

    @Override
    public double normOfSumOfLogs(double[] x) {
        accumulate(x);
        return Math.sqrt(s11 * s11 + 2 * s12 * s12 + s22 * s22);
    }

    @Override
    public LogSums.Batch copy() {
        return new AffineInvariantLogSums2(geometry, a, b, d, halfLogDet);
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
        double delta = Math.sqrt(det);
        double t = Math.sqrt(xa + xd + 2 * delta);
        r11 = (xa + delta) / t;
        r12 = xb / t;
        r22 = (xd + delta) / t;
        double scale = 1 / (delta * t);
        double w1 = (xd + delta) * scale;
        double w2 = -xb * scale;
        double w3 = (xa + delta) * scale;
        // m_i, h_i (half the trace and half the diagonal difference of A_i) and A_i's off-diagonal entry are
        // linear in (a_i, b_i, d_i): A11 = w1^2 a + 2 w1 w2 b + w2^2 d, A22 = w2^2 a + 2 w2 w3 b + w3^2 d,
        // A12 = w1 w2 a + (w2^2 + w1 w3) b + w2 w3 d.
        double ma = 0.5 * (w1 * w1 + w2 * w2);
        double mb = w2 * (w1 + w3);
        double md = 0.5 * (w2 * w2 + w3 * w3);
        double ha = 0.5 * (w1 - w2) * (w1 + w2);
        double hb = w2 * (w1 - w3);
        double hd = 0.5 * (w2 - w3) * (w2 + w3);
        double oa = w1 * w2;
        double ob = w2 * w2 + w1 * w3;
        double od = w2 * w3;
        double halfLogDetX = 0.5 * Math.log(det);
        double sumAlpha = 0;
        double sumH = 0;
        double sumOff = 0;
        for (int i = 0; i < a.length; i++) {
            double ai = a[i];
            double bi = b[i];
            double di = d[i];
            double m = ma * ai + mb * bi + md * di;
            double h = ha * ai + hb * bi + hd * di;
            double off = oa * ai + ob * bi + od * di;
            double s = Math.sqrt(h * h + off * off);
            double alpha = halfLogDet[i] - halfLogDetX;
            double beta = SymmetricLog2.slope(m, s, alpha);
            sumAlpha += alpha;
            sumH += beta * h;
            sumOff += beta * off;
        }
        s11 = sumAlpha + sumH;
        s12 = sumOff;
        s22 = sumAlpha - sumH;
    }
}
