package dev.manifolddp.geometry.spd;

/**
 * The QR iteration of {@link TridiagonalQr} on several independent tridiagonal matrices at once, their steps
 * interleaved rotation by rotation in one loop (issue 11 item 4). A step is a chain of dependent rotations, each
 * waiting on its predecessor through a square root and a division; the chains of different matrices do not depend
 * on each other, so the processor overlaps them, and a group of matrices costs much less than their sum.
 *
 * <p>Each matrix goes through exactly the operations {@link TridiagonalQr#diagonalise} applies to it alone (the same
 * deflations, shifts and rotations in the same order; only the interleaving with the other matrices differs), so
 * the results are bit-identical to the one-matrix path and do not depend on how matrices are grouped. Allocates
 * nothing.
 */
final class LockstepTridiagonalQr {

    private final int k;
    private final int maxStepsPerEigenvalue;
    private final int[] lo;
    private final int[] hi;
    private final int[] budget;
    private final int[] length;
    private final double[] floor;
    private final double[] x;
    private final double[] z;
    private final double[] cs = new double[2];
    /** The rotations of the current step of each matrix, {@code (c, s)} at (i, i+1). */
    private final double[][] cosines;
    private final double[][] sines;

    /**
     * @param group the most matrices one call diagonalises
     * @param maxStepsPerEigenvalue each matrix's QR step budget is this times k, as in {@link TridiagonalQr}
     */
    LockstepTridiagonalQr(int k, int group, int maxStepsPerEigenvalue) {
        this.k = k;
        this.maxStepsPerEigenvalue = maxStepsPerEigenvalue;
        this.lo = new int[group];
        this.hi = new int[group];
        this.budget = new int[group];
        this.length = new int[group];
        this.floor = new double[group];
        this.x = new double[group];
        this.z = new double[group];
        this.cosines = new double[group][k];
        this.sines = new double[group][k];
    }

    /**
     * Diagonalises the matrices {@code b < count} given by {@code diag[b]}, {@code off[b]} as
     * {@link TridiagonalQr#diagonalise} does, rotating {@code rows[b]} when {@code withVectors}. Sets {@code ok[b]}
     * false when matrix b exhausted its step budget (its arrays are then partly iterated: the caller redoes it
     * alone, which falls back as the one-matrix path does).
     */
    void diagonalise(double[][] diag, double[][] off, double[][][] rows, int count, boolean withVectors,
            boolean[] ok) {
        for (int b = 0; b < count; b++) {
            floor[b] = TridiagonalQr.floor(diag[b], off[b], k);
            budget[b] = maxStepsPerEigenvalue * k;
            hi[b] = k - 1;
            ok[b] = true;
        }
        while (true) {
            int longest = 0;
            for (int b = 0; b < count; b++) {
                length[b] = nextBlock(diag[b], off[b], b, ok);
                longest = Math.max(longest, length[b]);
            }
            if (longest == 0) {
                return;
            }
            for (int t = 0; t < longest; t++) {
                for (int b = 0; b < count; b++) {
                    if (t < length[b]) {
                        int i = lo[b] + t;
                        z[b] = TridiagonalQr.rotate(diag[b], off[b], lo[b], hi[b], i, x[b], z[b], cs);
                        x[b] = off[b][i];
                        cosines[b][i] = cs[0];
                        sines[b][i] = cs[1];
                    }
                }
            }
            if (withVectors) {
                // Apart from the chains, so that the rotations of the rows, plain throughput, do not fill the
                // processor's window while the chains wait.
                for (int b = 0; b < count; b++) {
                    for (int i = lo[b]; i < lo[b] + length[b]; i++) {
                        TridiagonalQr.rotateRows(rows[b], i, cosines[b][i], sines[b][i]);
                    }
                }
            }
        }
    }

    /**
     * Deflates matrix b down to its next unreduced block and starts a step on it: sets {@code lo[b]}, {@code hi[b]}
     * and the first column {@code (x[b], z[b])} of {@code T - mu I}. Returns the number of rotations of the step, 0
     * when the matrix is diagonal or out of budget ({@code ok[b]} false).
     */
    private int nextBlock(double[] diag, double[] off, int b, boolean[] ok) {
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
        double mu = diag[top] - TridiagonalQr.shiftOffset(diag, off, top);
        x[b] = diag[bottom] - mu;
        z[b] = off[bottom];
        return top - bottom;
    }
}
