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

    /** The most matrices per call: the lanes of {@link LockstepTridiagonalQr}, where the group size is measured. */
    static final int GROUP = LockstepTridiagonalQr.LANES;

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
                ? new LockstepTridiagonalQr(k, lockstepStepsPerEigenvalue) : null;
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
        decompose(inputs, from, count, values, vectors != null, vectors, what);
    }

    /**
     * The eigenvector rows of matrix b (row i is eigenvector i) after a {@link #decomposeToRowsIfEntriesPass} call
     * that returned true, as {@link SymmetricEigen#decomposeToRows} would leave them; valid until the next call.
     */
    double[][] rows(int b) {
        return rows[b];
    }

    /**
     * {@link #decompose} with the eigenvectors left as rows ({@link #rows(int)}), for inputs whose entries nobody has
     * checked: returns false, with nothing decomposed, when an input fails the entry test of
     * {@link SymmetricEigen#tridiagonaliseIfEntriesPass} (the caller then takes its checked path, which reports the
     * failure), true otherwise.
     */
    boolean decomposeToRowsIfEntriesPass(double[][] inputs, int from, int count, double[][] values, double tolerance) {
        requireCount(count);
        if (lockstep == null) {
            for (int b = 0; b < count; b++) {
                if (!solvers[b].entriesPass(inputs[from + b], tolerance)) {
                    return false;
                }
            }
            decompose(inputs, from, count, values, true, null, "p");
            return true;
        }
        for (int b = 0; b < count; b++) {
            exponents[b] = solvers[b].tridiagonaliseIfEntriesPass(inputs[from + b], tolerance, true);
            if (exponents[b] == SymmetricEigen.UNCHECKED_ENTRIES) {
                return false;
            }
        }
        iterate(inputs, from, count, values, true, null, "p");
        return true;
    }

    private void decompose(double[][] inputs, int from, int count, double[][] values, boolean withVectors,
            double[][] vectors, String what) {
        requireCount(count);
        if (lockstep == null) {
            for (int b = 0; b < count; b++) {
                one(b, inputs[from + b], values[b], withVectors, vectors, what);
            }
            return;
        }
        for (int b = 0; b < count; b++) {
            exponents[b] = solvers[b].tridiagonalise(inputs[from + b], what, withVectors);
        }
        iterate(inputs, from, count, values, withVectors, vectors, what);
    }

    private static void requireCount(int count) {
        if (count < 1 || count > GROUP) {
            throw new IllegalArgumentException("count must be in [1, " + GROUP + "]. Provided value: " + count);
        }
    }

    /** The lockstep QR iteration on the group's tridiagonalised matrices, and their results. */
    private void iterate(double[][] inputs, int from, int count, double[][] values, boolean withVectors,
            double[][] vectors, String what) {
        lockstep.diagonalise(diagonals, subdiagonals, rows, count, withVectors, ok);
        for (int b = 0; b < count; b++) {
            if (ok[b]) {
                solvers[b].finish(exponents[b], values[b], vectors != null ? vectors[b] : null);
            } else {
                one(b, inputs[from + b], values[b], withVectors, vectors, what);
            }
        }
    }

    /** Matrix b alone, on its own solver. */
    private void one(int b, double[] input, double[] values, boolean withVectors, double[][] vectors, String what) {
        if (vectors != null) {
            solvers[b].decompose(input, values, vectors[b], what);
        } else if (withVectors) {
            solvers[b].decomposeToRows(input, values, what);
        } else {
            solvers[b].decompose(input, values, null, what);
        }
    }
}
