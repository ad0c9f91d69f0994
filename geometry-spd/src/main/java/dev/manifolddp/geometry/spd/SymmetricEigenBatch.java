package dev.manifolddp.geometry.spd;

/**
 * Eigendecompositions of several k x k symmetric matrices at once, with results bit-identical to one
 * {@link SymmetricEigen#decompose} per matrix: the Householder reductions run one after the other, and the QR
 * iterations in lockstep ({@link LockstepTridiagonalQr}), whose latency chains then overlap. For the loops over
 * records (one eigendecomposition and matrix logarithm per record on log-Euclidean SPD), which pass through
 * {@link #GROUP} records per call. Below {@link SymmetricEigen#TRIDIAGONAL_QR_FROM} it decomposes the matrices one
 * by one. Allocates nothing per call; not thread-safe.
 */
final class SymmetricEigenBatch {

    /**
     * The most matrices per call. Measured at k = 30 with eigenvectors (issue 11 item 4, {@link SymmetricEigen}'s
     * class comment): 50.5 us per matrix alone, 49.6 in pairs, 45 to 46 in fours, 46.6 in eights (eight 30 x 30 row
     * sets and their Householder scratch no longer fit a 48 KB level-1 data cache).
     */
    static final int GROUP = 4;

    private final int k;
    private final SymmetricEigen[] solvers;
    private final LockstepTridiagonalQr lockstep;
    private final double[][] diagonals;
    private final double[][] subdiagonals;
    private final double[][][] rows;
    private final int[] exponents;
    private final boolean[] ok;

    SymmetricEigenBatch(int k) {
        this(k, SymmetricEigen.QR_STEPS_PER_EIGENVALUE);
    }

    /**
     * For tests: a lockstep budget of {@code lockstepStepsPerEigenvalue} QR steps per eigenvalue (0 sends every
     * matrix down the redo path; the redo has the usual budget).
     */
    SymmetricEigenBatch(int k, int lockstepStepsPerEigenvalue) {
        this.k = k;
        this.solvers = new SymmetricEigen[GROUP];
        this.diagonals = new double[GROUP][];
        this.subdiagonals = new double[GROUP][];
        this.rows = new double[GROUP][][];
        for (int b = 0; b < GROUP; b++) {
            solvers[b] = new SymmetricEigen(k);
            diagonals[b] = solvers[b].diagonal();
            subdiagonals[b] = solvers[b].subdiagonal();
            rows[b] = solvers[b].rows();
        }
        this.lockstep = solvers[0].method() == SymmetricEigen.Method.TRIDIAGONAL_QR
                ? new LockstepTridiagonalQr(k, GROUP, lockstepStepsPerEigenvalue) : null;
        this.exponents = new int[GROUP];
        this.ok = new boolean[GROUP];
    }

    /**
     * Decomposes the symmetric parts of {@code inputs[from + b]} for {@code b < count <= }{@link #GROUP} into
     * {@code values[b]} (length k) and, unless {@code vectors} is null, {@code vectors[b]} (k x k, eigenvectors as
     * columns), exactly as {@link SymmetricEigen#decompose} would.
     *
     * @param what names the matrices in the error message
     * @throws IllegalArgumentException when an input has a NaN or infinite entry
     */
    void decompose(double[][] inputs, int from, int count, double[][] values, double[][] vectors, String what) {
        if (count < 1 || count > GROUP) {
            throw new IllegalArgumentException("count must be in [1, " + GROUP + "]. Provided value: " + count);
        }
        boolean withVectors = vectors != null;
        if (lockstep == null) {
            for (int b = 0; b < count; b++) {
                solvers[b].decompose(inputs[from + b], values[b], withVectors ? vectors[b] : null, what);
            }
            return;
        }
        for (int b = 0; b < count; b++) {
            exponents[b] = solvers[b].tridiagonalise(inputs[from + b], what, withVectors);
        }
        lockstep.diagonalise(diagonals, subdiagonals, rows, count, withVectors, ok);
        for (int b = 0; b < count; b++) {
            double[] vectorsB = withVectors ? vectors[b] : null;
            if (ok[b]) {
                solvers[b].finish(exponents[b], values[b], vectorsB);
            } else {
                solvers[b].decompose(inputs[from + b], values[b], vectorsB, what);
            }
        }
    }
}
