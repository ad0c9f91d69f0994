package dev.manifolddp.geometry.spd;

/**
 * The implicit symmetric QR iteration ({@link TridiagonalQr}) on up to {@link #LANES} independent tridiagonal
 * matrices at once, their steps interleaved rotation by rotation in one loop (issue 11 item 4); one matrix is a call
 * with one lane. A step is a chain of dependent rotations, each waiting on its predecessor through a square root and
 * a division; the chains of different matrices do not depend on each other, so the processor overlaps them, and a
 * group of matrices costs much less than their sum.
 *
 * <p>A rotation is applied in the compact form of LAPACK's dsteqr, which carries the bulge implicitly in g and the
 * pending update of {@code d_i} in p and writes each diagonal entry once, about half the flops of the explicit
 * {@code 2 x 2} similarity {@code T <- J T J^T}. What a lane carries from one rotation to the next (g, p and the
 * last {@code (c, s)}) lives in local variables: in arrays or fields, the chain gained a store and a load per
 * carried value and ran about a fifth slower, so the chase is written out once per lane. Issue 11 item 4, k = 30,
 * per matrix in groups of 4, one harness run: eigenvalues only 17.3-18.0 us before (the explicit similarity, state
 * in arrays), 14.0-14.4 after.
 *
 * <p>Each matrix goes through the same deflations, shifts and rotations in the same order whatever lane it is in and
 * whichever other matrices share the call, so the results are bit-identical to a call with that matrix alone.
 * Allocates nothing; not thread-safe.
 */
final class LockstepTridiagonalQr {

    /**
     * The most matrices of one call. Four chains overlap well on this kind of processor (issue 11 item 4, k = 30:
     * 50.5 us per matrix alone, 49.6 in pairs, 45 to 46 in fours, 46.6 in eights, whose row sets no longer fit the
     * level-1 data cache).
     */
    static final int LANES = 4;

    private final int k;
    private final int maxStepsPerEigenvalue;
    private final int[] lo = new int[LANES];
    private final int[] hi = new int[LANES];
    private final int[] budget = new int[LANES];
    private final int[] length = new int[LANES];
    private final double[] floor = new double[LANES];
    /** The rotations of the current step of each lane, {@code (c, s)} at (i, i+1). */
    private final double[][] cosines;
    private final double[][] sines;
    /** {@link TridiagonalQr#tinyRotation}'s {@code (c, s)}. */
    private final double[] tiny = new double[2];

    /** @param maxStepsPerEigenvalue each matrix's QR step budget is this times k; two are typical, LAPACK allows 30 */
    LockstepTridiagonalQr(int k, int maxStepsPerEigenvalue) {
        this.k = k;
        this.maxStepsPerEigenvalue = maxStepsPerEigenvalue;
        this.cosines = new double[LANES][k];
        this.sines = new double[LANES][k];
    }

    /**
     * Diagonalises the matrices {@code b < count <= }{@link #LANES} given by their diagonals {@code diag[b][0..k-1]}
     * and subdiagonals {@code off[b][0..k-2]}, both overwritten: the eigenvalues end in {@code diag[b]}. When
     * {@code withVectors}, each rotation J applied as {@code T <- J T J^T} is also applied to {@code rows[b]}
     * ({@code rows <- J rows}), so rows that held {@code Q^T} with {@code A = Q T Q^T} end holding the eigenvectors
     * of A. The arrays need {@link #LANES} entries; those from count on may be null and are not touched.
     *
     * <p>Sets {@code ok[b]} false when matrix b exhausted its step budget (not observed; its arrays are then partly
     * iterated and the caller falls back to another method), true otherwise; {@code ok[b]} for {@code b >= count}
     * is set false.
     */
    void diagonalise(double[][] diag, double[][] off, double[][][] rows, int count, boolean withVectors,
            boolean[] ok) {
        for (int b = 0; b < LANES; b++) {
            ok[b] = b < count;
            if (ok[b]) {
                floor[b] = TridiagonalQr.floor(diag[b], off[b], k);
                budget[b] = maxStepsPerEigenvalue * k;
                hi[b] = k - 1;
            }
        }
        double[] d0 = diag[0];
        double[] d1 = diag[1];
        double[] d2 = diag[2];
        double[] d3 = diag[3];
        double[] e0 = off[0];
        double[] e1 = off[1];
        double[] e2 = off[2];
        double[] e3 = off[3];
        double[] cos0 = cosines[0];
        double[] cos1 = cosines[1];
        double[] cos2 = cosines[2];
        double[] cos3 = cosines[3];
        double[] sin0 = sines[0];
        double[] sin1 = sines[1];
        double[] sin2 = sines[2];
        double[] sin3 = sines[3];
        while (true) {
            int n0 = nextBlock(d0, e0, 0, ok);
            int n1 = nextBlock(d1, e1, 1, ok);
            int n2 = nextBlock(d2, e2, 2, ok);
            int n3 = nextBlock(d3, e3, 3, ok);
            int longest = Math.max(Math.max(n0, n1), Math.max(n2, n3));
            if (longest == 0) {
                return;
            }
            int lo0 = lo[0];
            int lo1 = lo[1];
            int lo2 = lo[2];
            int lo3 = lo[3];
            // Each lane's step starts from g = d_lo - mu, p = 0 and the "rotation" (c, s) = (1, 1), which makes its
            // first rotation read f = b = e_lo.
            double g0 = n0 > 0 ? TridiagonalQr.firstG(d0, e0, lo0, hi[0]) : 0;
            double g1 = n1 > 0 ? TridiagonalQr.firstG(d1, e1, lo1, hi[1]) : 0;
            double g2 = n2 > 0 ? TridiagonalQr.firstG(d2, e2, lo2, hi[2]) : 0;
            double g3 = n3 > 0 ? TridiagonalQr.firstG(d3, e3, lo3, hi[3]) : 0;
            double p0 = 0;
            double p1 = 0;
            double p2 = 0;
            double p3 = 0;
            double c0 = 1;
            double c1 = 1;
            double c2 = 1;
            double c3 = 1;
            double s0 = 1;
            double s1 = 1;
            double s2 = 1;
            double s3 = 1;
            // Rotation i of a lane: J = [c s; -s c] with J (g, f)^T = (r, 0)^T (dsteqr's inner loop, Golub and Van
            // Loan §8.3); the four bodies differ only in the lane's variables.
            for (int t = 0; t < longest; t++) {
                if (t < n0) {
                    int i = lo0 + t;
                    double f = s0 * e0[i];
                    double b = c0 * e0[i];
                    double r2 = g0 * g0 + f * f;
                    double r;
                    if (r2 >= TridiagonalQr.SAFE_SQUARE) {
                        r = Math.sqrt(r2);
                        double inverse = 1 / r;
                        c0 = g0 * inverse;
                        s0 = f * inverse;
                    } else {
                        r = TridiagonalQr.tinyRotation(g0, f, tiny);
                        c0 = tiny[0];
                        s0 = tiny[1];
                    }
                    if (t > 0) {
                        e0[i - 1] = r;
                    }
                    double h = d0[i] - p0;
                    double q = (d0[i + 1] - h) * s0 + 2 * c0 * b;
                    p0 = s0 * q;
                    d0[i] = h + p0;
                    g0 = c0 * q - b;
                    cos0[i] = c0;
                    sin0[i] = s0;
                }
                if (t < n1) {
                    int i = lo1 + t;
                    double f = s1 * e1[i];
                    double b = c1 * e1[i];
                    double r2 = g1 * g1 + f * f;
                    double r;
                    if (r2 >= TridiagonalQr.SAFE_SQUARE) {
                        r = Math.sqrt(r2);
                        double inverse = 1 / r;
                        c1 = g1 * inverse;
                        s1 = f * inverse;
                    } else {
                        r = TridiagonalQr.tinyRotation(g1, f, tiny);
                        c1 = tiny[0];
                        s1 = tiny[1];
                    }
                    if (t > 0) {
                        e1[i - 1] = r;
                    }
                    double h = d1[i] - p1;
                    double q = (d1[i + 1] - h) * s1 + 2 * c1 * b;
                    p1 = s1 * q;
                    d1[i] = h + p1;
                    g1 = c1 * q - b;
                    cos1[i] = c1;
                    sin1[i] = s1;
                }
                if (t < n2) {
                    int i = lo2 + t;
                    double f = s2 * e2[i];
                    double b = c2 * e2[i];
                    double r2 = g2 * g2 + f * f;
                    double r;
                    if (r2 >= TridiagonalQr.SAFE_SQUARE) {
                        r = Math.sqrt(r2);
                        double inverse = 1 / r;
                        c2 = g2 * inverse;
                        s2 = f * inverse;
                    } else {
                        r = TridiagonalQr.tinyRotation(g2, f, tiny);
                        c2 = tiny[0];
                        s2 = tiny[1];
                    }
                    if (t > 0) {
                        e2[i - 1] = r;
                    }
                    double h = d2[i] - p2;
                    double q = (d2[i + 1] - h) * s2 + 2 * c2 * b;
                    p2 = s2 * q;
                    d2[i] = h + p2;
                    g2 = c2 * q - b;
                    cos2[i] = c2;
                    sin2[i] = s2;
                }
                if (t < n3) {
                    int i = lo3 + t;
                    double f = s3 * e3[i];
                    double b = c3 * e3[i];
                    double r2 = g3 * g3 + f * f;
                    double r;
                    if (r2 >= TridiagonalQr.SAFE_SQUARE) {
                        r = Math.sqrt(r2);
                        double inverse = 1 / r;
                        c3 = g3 * inverse;
                        s3 = f * inverse;
                    } else {
                        r = TridiagonalQr.tinyRotation(g3, f, tiny);
                        c3 = tiny[0];
                        s3 = tiny[1];
                    }
                    if (t > 0) {
                        e3[i - 1] = r;
                    }
                    double h = d3[i] - p3;
                    double q = (d3[i + 1] - h) * s3 + 2 * c3 * b;
                    p3 = s3 * q;
                    d3[i] = h + p3;
                    g3 = c3 * q - b;
                    cos3[i] = c3;
                    sin3[i] = s3;
                }
            }
            // The last diagonal entry of each block takes its pending update, and g is the block's last e.
            endStep(d0, e0, n0, 0, p0, g0);
            endStep(d1, e1, n1, 1, p1, g1);
            endStep(d2, e2, n2, 2, p2, g2);
            endStep(d3, e3, n3, 3, p3, g3);
            if (withVectors) {
                // Apart from the chains, so that the rotations of the rows, plain throughput, do not fill the
                // processor's window while the chains wait; two consecutive rotations per pass over three rows
                // (issue 11, k = 30, groups of 4, six JVM launches: 33.4-33.7 -> 31.9-32.2 us per matrix with
                // vectors; four per pass over five rows measured the same as two).
                for (int b = 0; b < count; b++) {
                    double[] cos = cosines[b];
                    double[] sin = sines[b];
                    int end = lo[b] + length[b];
                    int i = lo[b];
                    for (; i + 1 < end; i += 2) {
                        TridiagonalQr.rotateRowPair(rows[b], i, cos[i], sin[i], cos[i + 1], sin[i + 1]);
                    }
                    if (i < end) {
                        TridiagonalQr.rotateRows(rows[b], i, cos[i], sin[i]);
                    }
                }
            }
        }
    }

    private void endStep(double[] diag, double[] off, int rotations, int b, double p, double g) {
        if (rotations > 0) {
            diag[hi[b]] -= p;
            off[hi[b] - 1] = g;
        }
    }

    /**
     * Deflates lane b down to its next unreduced block: sets {@code lo[b]}, {@code hi[b]} and {@code length[b]}, the
     * number of rotations of its step, which it returns; 0 when the lane is unused, diagonal or out of budget
     * ({@code ok[b]} false).
     */
    private int nextBlock(double[] diag, double[] off, int b, boolean[] ok) {
        length[b] = 0;
        if (!ok[b]) {
            return 0;
        }
        int top = hi[b];
        while (top > 0 && TridiagonalQr.negligible(diag, off, top - 1, floor[b])) {
            off[top - 1] = 0;
            top--;
        }
        hi[b] = top;
        if (top == 0) {
            return 0;
        }
        int bottom = TridiagonalQr.lowerEnd(diag, off, top, floor[b]);
        if (budget[b]-- == 0) {
            ok[b] = false;
            return 0;
        }
        lo[b] = bottom;
        length[b] = top - bottom;
        return length[b];
    }
}
