package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.SymmetricEigensolver;

/**
 * Eigendecomposition {@code A = V diag(values) V^T} of a k x k symmetric matrix stored row-major. Every matrix
 * function of this module goes through it, so it is on every hot path and allocates nothing per call: all its
 * scratch is created once, sized for k, and {@link SpdWorkspace} keeps one instance per thread.
 *
 * <p>The method depends on k:
 * <ul>
 *   <li>k = 1: trivial; k = 2: the closed form, the single Jacobi rotation that diagonalises the matrix;</li>
 *   <li>{@code k >= }{@link #TRIDIAGONAL_QR_FROM} = 3: Householder tridiagonalisation
 *   ({@link HouseholderTridiagonal}) followed by the implicit symmetric QR iteration with Wilkinson shifts
 *   ({@link TridiagonalQr}, run by {@link LockstepTridiagonalQr} with this matrix as its one lane), Golub and Van
 *   Loan, Matrix Computations, §8.3. Should the QR iteration ever exhaust
 *   its step budget (never observed), the call falls back to cyclic Jacobi ({@link JacobiEigen}).</li>
 * </ul>
 * The crossover is where the QR path became the faster one, measured with {@code SymmetricEigenTiming} (test
 * scope; random symmetric matrices, with eigenvectors, microseconds per decomposition, best of seven rounds):
 * <pre>
 *    k    Jacobi   tridiagonal QR    EJML 0.46.1
 *    3      0.53             0.43           0.70
 *    5      2.0              1.2            1.6
 *   10     15.6              5.4            6.9
 *   20    112               28             38
 *   30    381               78            100
 * </pre>
 * Jacobi costs 5 to 10 sweeps of {@code 6 k^3} flops, the QR path about {@code 9 k^3} in all. The eigenvectors are
 * kept as row arrays so that the JIT can vectorise the loops that rotate them.
 *
 * <p>Where the time goes at k = 30 (issue 11 item 4; best of 20 rounds of 2000 calls on random positive definite
 * matrices on a loaded 2-core machine, so only the proportions mean much): tridiagonalisation 7 us, forming its Q
 * 7 us more, the QR iteration on eigenvalues only 19 us, and about 15 us more with the eigenvector rotations;
 * {@code V diag(f) V^T} (then {@code MatrixOps.scaledGram}, now {@link ScaledGram}) 11 us. The QR iteration takes
 * 2.2 steps per eigenvalue, about 1,090 rotations per matrix, each waiting on its predecessor through a square
 * root and a division (about 50 cycles): that latency chain, not the flops, is the largest part and the floor of
 * the values-only path. What paid was doing fewer decompositions: the SPD point test read off the logarithm's
 * own eigenvalues ({@code LogEuclideanSpd.toChartChecked}) and the affine-invariant distance whitened by a
 * Cholesky factor ({@link CholeskyWhitening}).
 *
 * <p>The second round (issue 11 item 4 again; thread CPU time, best of 20 rounds over 16 random positive definite
 * matrices with Haar eigenvectors and eigenvalues in [e^-1/4, e^1/4], the 2 cores at a load average of 13 to 17,
 * so again proportions only):
 * <pre>
 *   per matrix, k = 30                      one at a time    {@link SymmetricEigenBatch}, 4 in lockstep
 *   eigenvalues only                                  35.9    21.8
 *   eigenvalues and eigenvectors                      50.5    46.3
 *   of which tridiagonalisation 8.5, forming Q 6.0; 1,080 row rotations alone 11.4
 *   scaledGram: one running sum 9.8, four (bit-identical) 7.8
 * </pre>
 * The chains of different matrices overlap well, so the lockstep QR iteration almost halves the values-only
 * path, but with eigenvectors the rotations of the 30-entry rows (a loop too short for the JIT to vectorise
 * fully; a transposed axpy form of {@code scaledGram} ran 5x slower for the same reason) are the bound, and the
 * gain is about 8%. Tried and dropped, one matrix at a time: two bulges chased together with both eigenvalues of
 * the trailing 2 x 2 block as shifts (27% more rotations: values only 36 to 29 us, with vectors no change, and the
 * values would then differ from those of a decomposition with vectors, which the SPD point test relies on);
 * eigenvalues first, then the vector pass shifted by them ("perfect" shifts: 717 instead of 1,086 vector
 * rotations, but 61 us in all); two consecutive rotations fused into one pass over three rows (no change);
 * a column-wise sweep of a whole step per row entry (4x slower); in lockstep, the row rotations of two matrices in
 * one pass (47 against 45 us) or inside the chase loop (53 against 46 us). Left: a root-free QR (Pal-Walker-Kahan, as
 * LAPACK's dsterf) for the values-only path, and cheaper eigenvector updates.
 *
 * <p>The third round (issue 11 item 4, the dense kernels; wall time, best of 10 rounds over the same kind of 16
 * matrices, the parent commit's classes and these run alternately twice, at a load average of 2 to 4 on the 2
 * cores):
 * <pre>
 *   per matrix, k = 30                                      before      after
 *   tridiagonalisation (with the input copy and checks)    9.5-9.8     5.6-6.1
 *   tridiagonalisation and Q                              15.9-16.0   10.1-10.8
 *   one at a time, with vectors                           47.8-47.9   40.0-41.2
 *   4 in lockstep (SymmetricEigenBatch), with vectors     42.6-44.6   34.5-35.5
 *   V diag(f) V^T and its vecd (ScaledGram)                9.2         3.2-4.0
 *   SpdGeometry.entryViolation                             1.6         0.9
 *   LogEuclideanSpd.toChartCheckedAll, per record         53.2-55.6   39.2-40.1
 * </pre>
 * What paid: {@link Math#fma} with loads shared by four rows per pass in the Householder updates and in
 * {@link ScaledGram} (row-wise, over the transposed eigenvectors, so that its loops vectorise); one fused
 * multiply-add per entry in the row rotations (1.5 us per decomposition); the input copied over one triangle with
 * the finiteness test and the largest entry folded in, with no {@code Math.max} chain and no sum of squares (0.8
 * against 1.6 us). Tried and dropped: padding the rows to 32 entries (slower), six rows per pass in
 * {@link ScaledGram} (slower), four rows per pass in the update of Q (no change). The row rotations, about 11 us of
 * the 35, are at what the JIT makes of a 30-entry loop (0.36 ns per pair).
 *
 * <p>Also tried in that round and not kept (same harness, quiet machine, per matrix at k = 30 in groups of 4):
 * divide and conquer for the tridiagonal stage (Cuppen's split into two halves of 15 solved by this QR in
 * lockstep, dlaed2 deflation, a secular solver with the differences to the poles kept directly, Gu and Eisenstat's
 * recomputed z; as accurate as QR in every test) cost 65 against 42 us with vectors and 53 against 49 one at a
 * time: the final product with the merge's eigenvectors costs k^3 multiply-adds at 0.21 ns, as much as the halved
 * row rotations save, and the secular equation (6 to 9 sweeps of 900 divisions) more than the shorter chains save.
 * The QR step in dsteqr's compact form (about half the flops per rotation) depends on where its carried state
 * lives: in per-matrix arrays it ran 19.4 against 17.1 us on eigenvalues only; with the state folded into the
 * diagonal and the stored rotations, within the run-to-run noise of the current form (15.9 to 17.2 against 17.1 to
 * 17.7 us, and 32 to 38 against 34 to 36 with vectors); only with the four matrices' states in local variables
 * was it clearly faster (14.0 to 14.4 against 16.8 to 17.2 us on eigenvalues only, 31 to 32 against 34 to 36 with
 * vectors). Applying each rotation to the rows inside the lockstep chase loop ran 41.6 against 36.8 us; 8 matrices
 * in lockstep, 17.6 against 17.5 us on eigenvalues only and 37.4 against 36.8 with vectors. So the lockstep chains
 * are bounded by instruction throughput and memory round trips of their carried state, about 11 ns per rotation of
 * a matrix, and the row rotations by the JIT's 30-entry loop, about 13 ns each.
 *
 * <p>The fourth round adopted that compact step with each lane's state in local variables ({@link
 * LockstepTridiagonalQr}; a state array local to the loop, which escape analysis would keep in registers, measured as
 * fast but was still allocated in the allocation tests, before C2 had compiled the loop). Same harness, quiet machine,
 * per matrix at k = 30 in groups of 4, each figure the range over four to six JVM launches: eigenvalues only 17.3-18.0
 * -> 14.0-14.4 us, with vectors 33.7-36.6 -> 30.8-31.2 us; then two consecutive rotations per pass over three
 * eigenvector rows ({@link TridiagonalQr#rotateRowPair}), 33.4-33.7 -> 31.9-32.2 us with vectors (the fixture data of
 * the benchmarks). One JMH fork of the log-Euclidean mean profiled with perf showed the same 3 us per record less in
 * the QR iteration, but the benchmark's own average hardly moved at first: it varies from one JVM launch to the next by
 * about 10%, apparently with where the heap places the arrays that the vectorised 30-entry loops read (with {@code
 * -XX:ObjectAlignmentInBytes=32}, which fixes the placement, the mean took 19.2 ms with the compact step and 20.7
 * without). A fresh scratch per pass over the records ({@code ChartPass}) narrowed that spread; with it and the paired
 * rotations the side-by-side of benchmarks/README.md measured 19.2 ms (22.3 at the start of the round).
 *
 * <p>Accuracy: the QR path is normwise backward stable, with eigenvalue errors of order {@code k u |A|}
 * (u = 2^-53; the tests observe at most {@code 3 k u |A|_F}), so the smallest eigenvalue of a positive definite
 * matrix of condition number c carries a relative error of up to about {@code c k u}: 1e-12 at c = 1e4, 1e-8
 * at c = 1e8. Jacobi finds such eigenvalues to high relative accuracy (Demmel and Veselic, SIAM J. Matrix Anal.
 * Appl. 13, 1992) but is slower from k = 3 on; {@link Method#JACOBI} can still be forced.
 *
 * <p>Why not EJML: its {@code SymmetricQRAlgorithmDecomposition_DDRM} (0.46.1) allocates 72 to 504 bytes on
 * every {@code decompose} call, and a {@code Complex_F64} on every {@code getEigenvalue}, which the
 * allocation-free hot paths cannot afford. EJML remains the independent reference of the tests.
 *
 * <p>Only the symmetric part {@code (A + A^T)/2} of the input is read. Eigenvalues are not sorted; the i-th
 * eigenvector is column i of {@code vectors} ({@code vectors[r * k + i]}). An instance is not thread-safe: keep one
 * per thread (e.g. in a {@code ThreadLocal}, as {@link SpdWorkspace} does).
 *
 * <p>This is the project's one symmetric eigensolver: modules that must not name the SPD geometry (the samplers, the
 * pictures) reach it through the geometry's {@link dev.manifolddp.geometry.SymmetricEigensolvers} capability.
 * Public so that a new metric on the SPD point set ({@link SpdGeometry}) is one file that reuses this solver;
 * only the size constructor, {@link #jacobi}, {@link #size()} and {@link #decompose} are API.
 */
public final class SymmetricEigen implements SymmetricEigensolver {

    /** The algorithm of a decomposition; tests force one to compare them. */
    enum Method {
        /** Cyclic Jacobi, with the closed form for k = 2 unless that is switched off. */
        JACOBI,
        /** Householder tridiagonalisation followed by the implicit QR iteration. */
        TRIDIAGONAL_QR
    }

    /** The smallest k that uses the tridiagonal QR path; measured, see the class comment. */
    static final int TRIDIAGONAL_QR_FROM = 3;

    /** Jacobi's floor: off-diagonal entries below this multiple of the Frobenius norm count as zero. */
    private static final double ABSOLUTE_THRESHOLD = 0x1.0p-106;

    /** The QR step budget per eigenvalue, as in LAPACK's dsteqr; about two steps are typical. */
    static final int QR_STEPS_PER_EIGENVALUE = 30;

    private final int k;
    private final Method method;
    private final boolean closedFormForTwo;
    /** The symmetric part of the input, destroyed by the solvers; an array of rows, like {@code rows}. */
    private final double[][] work;
    /** The eigenvectors as rows while a solver runs, so that rotations update whole row arrays. */
    private final double[][] rows;
    private final JacobiEigen jacobi;
    private final HouseholderTridiagonal householder;
    private final LockstepTridiagonalQr qr;
    private final double[] diagonal;
    private final double[] subdiagonal;
    /** This matrix as the one lane of a {@link LockstepTridiagonalQr} call. */
    private final double[][] diagonalLane;
    private final double[][] subdiagonalLane;
    private final double[][][] rowsLane;
    private final boolean[] laneOk;

    /** A solver for k x k matrices, with the method chosen by k as described in the class comment. */
    public SymmetricEigen(int k) {
        this(k, k >= TRIDIAGONAL_QR_FROM ? Method.TRIDIAGONAL_QR : Method.JACOBI, true, QR_STEPS_PER_EIGENVALUE);
    }

    /**
     * The cyclic Jacobi solver for every k (the closed form for k = 2): slower than the default from k = 3 on, but
     * it finds the eigenvalues of a positive definite matrix to high relative accuracy and returns them in the
     * order of the diagonal they converge on (see {@link dev.manifolddp.geometry.SymmetricEigensolvers}).
     */
    public static SymmetricEigen jacobi(int k) {
        return new SymmetricEigen(k, Method.JACOBI, true, QR_STEPS_PER_EIGENVALUE);
    }

    /** Forces {@code method}; JACOBI then runs the general loop also for k = 2 (tests compare the paths). */
    SymmetricEigen(int k, Method method) {
        this(k, method, false, QR_STEPS_PER_EIGENVALUE);
    }

    /** Full control, for tests: a QR budget of 0 steps exercises the fallback to Jacobi. */
    SymmetricEigen(int k, Method method, boolean closedFormForTwo, int qrStepsPerEigenvalue) {
        this.k = k;
        this.method = method;
        this.closedFormForTwo = closedFormForTwo;
        this.work = new double[k][k];
        this.rows = new double[k][k];
        this.jacobi = new JacobiEigen(k, work, rows);
        if (method == Method.TRIDIAGONAL_QR) {
            this.householder = new HouseholderTridiagonal(k, work, rows);
            this.qr = new LockstepTridiagonalQr(k, qrStepsPerEigenvalue);
            this.diagonal = new double[k];
            this.subdiagonal = new double[k];
            this.diagonalLane = new double[LockstepTridiagonalQr.LANES][];
            this.subdiagonalLane = new double[LockstepTridiagonalQr.LANES][];
            this.rowsLane = new double[LockstepTridiagonalQr.LANES][][];
            this.laneOk = new boolean[LockstepTridiagonalQr.LANES];
            diagonalLane[0] = diagonal;
            subdiagonalLane[0] = subdiagonal;
            rowsLane[0] = rows;
        } else {
            this.householder = null;
            this.qr = null;
            this.diagonal = null;
            this.subdiagonal = null;
            this.diagonalLane = null;
            this.subdiagonalLane = null;
            this.rowsLane = null;
            this.laneOk = null;
        }
    }

    /** The matrix size k. */
    @Override
    public int size() {
        return k;
    }

    Method method() {
        return method;
    }

    /**
     * Decomposes the symmetric part of {@code a}. Writes {@code values} (length k) and, unless it is null,
     * {@code vectors} (k x k, orthogonal, eigenvectors as columns). Allocates nothing.
     *
     * @param what names the matrix in the error message
     * @throws IllegalArgumentException when {@code a} has a NaN or infinite entry
     */
    @Override
    public void decompose(double[] a, double[] values, double[] vectors, String what) {
        decompose(a, values, vectors != null, vectors, what);
    }

    /**
     * {@link #decompose} with eigenvectors that stay in {@link #rows()} (row i is eigenvector i) instead of being
     * copied out as columns: for callers that read them as rows ({@link ScaledGram#vecdOfRows}). The rows hold them
     * until the next call.
     */
    void decomposeToRows(double[] a, double[] values, String what) {
        decompose(a, values, true, null, what);
    }

    private void decompose(double[] a, double[] values, boolean withVectors, double[] vectors, String what) {
        if (k == 1) {
            copySymmetricPart(a, what);
            values[0] = work[0][0];
            if (withVectors) {
                rows[0][0] = 1;
                if (vectors != null) {
                    vectors[0] = 1;
                }
            }
            return;
        }
        if (method == Method.TRIDIAGONAL_QR) {
            int exponent = tridiagonalise(a, what, withVectors);
            qr.diagonalise(diagonalLane, subdiagonalLane, rowsLane, 1, withVectors, laneOk);
            if (laneOk[0]) {
                finish(exponent, values, vectors);
                return;
            }
            // the QR iteration ran out of steps (never observed): cyclic Jacobi on the input instead
        }
        jacobi(a, values, withVectors, what);
        if (vectors != null) {
            copyVectors(vectors);
        }
    }

    /**
     * The tridiagonal QR path up to the QR iteration, for {@link SymmetricEigenBatch}: copies the symmetric part of
     * {@code a}, scales it by a power of two to largest entry in [1, 2) (exact, and no sum of squares in the
     * reduction can overflow or lose everything to underflow) and reduces it to {@link #diagonal} and
     * {@link #subdiagonal}, with {@code Q^T} in {@link #rows} when {@code withVectors}. Returns the binary exponent
     * that {@link #finish} scales back by.
     */
    int tridiagonalise(double[] a, String what, boolean withVectors) {
        return reduceCopy(copySymmetricPart(a, what), withVectors);
    }

    /**
     * {@link #tridiagonalise} (the tridiagonal QR path only) for input whose entries nobody has checked yet: returns
     * {@link #UNCHECKED_ENTRIES}, with nothing reduced, unless every entry of a is finite and no {@code |a_ij - a_ji|}
     * exceeds {@code tolerance} times the largest {@code |a_ij|} (the test of {@code SpdGeometry.entryViolation},
     * folded into the copy: issue 11, about 0.5 us per record at k = 30 less than a separate pass). Never throws for
     * bad entries: the caller redoes a failing input on its checked path, which reports the failure.
     */
    int tridiagonaliseIfEntriesPass(double[] a, double tolerance, boolean withVectors) {
        double largest = copyIfEntriesPass(a, tolerance);
        return largest < 0 ? UNCHECKED_ENTRIES : reduceCopy(largest, withVectors);
    }

    /** The entry test of {@link #tridiagonaliseIfEntriesPass} alone (it overwrites the solver's scratch). */
    boolean entriesPass(double[] a, double tolerance) {
        return copyIfEntriesPass(a, tolerance) >= 0;
    }

    /** What {@link #tridiagonaliseIfEntriesPass} returns for input that fails the entry test; no exponent is. */
    static final int UNCHECKED_ENTRIES = Integer.MIN_VALUE;

    /** Scales the copied input, whose largest absolute entry is {@code largest}, and reduces it; see tridiagonalise. */
    private int reduceCopy(double largest, boolean withVectors) {
        if (withVectors) {
            resetRows();
        }
        int exponent = largest == 0 ? 0 : Math.getExponent(largest);
        if (exponent != 0) { // a scaling by 1 would change nothing
            double down = Math.scalb(1.0, -exponent);
            for (double[] row : work) {
                for (int j = 0; j < k; j++) {
                    row[j] *= down;
                }
            }
        }
        householder.reduce(diagonal, subdiagonal, withVectors);
        return exponent;
    }

    /**
     * Completes {@link #tridiagonalise} once the QR iteration has diagonalised {@link #diagonal} (and rotated
     * {@link #rows}): writes {@code values} and, unless it is null, {@code vectors}.
     */
    void finish(int exponent, double[] values, double[] vectors) {
        scaleBack(exponent, values);
        if (vectors != null) {
            copyVectors(vectors);
        }
    }

    /** The diagonal of the tridiagonal matrix of {@link #tridiagonalise}, the eigenvalues after the iteration. */
    double[] diagonal() {
        return diagonal;
    }

    /** The subdiagonal of the tridiagonal matrix of {@link #tridiagonalise}. */
    double[] subdiagonal() {
        return subdiagonal;
    }

    /** The eigenvectors as rows while a solver runs. */
    double[][] rows() {
        return rows;
    }

    /** Cyclic Jacobi on the symmetric part of {@code a}, from the identity as eigenvector rows. */
    private void jacobi(double[] a, double[] values, boolean withVectors, String what) {
        copySymmetricPart(a, what);
        double norm2 = 0;
        for (double[] row : work) {
            for (double x : row) {
                norm2 += x * x;
            }
        }
        if (withVectors) {
            resetRows();
        }
        diagonaliseByJacobi(norm2, values, withVectors);
    }

    private void scaleBack(int exponent, double[] values) {
        double up = Math.scalb(1.0, exponent);
        for (int i = 0; i < k; i++) {
            values[i] = diagonal[i] * up;
        }
    }

    /**
     * {@code vectors[r * k + i] = rows[i][r]}: a transpose, two rows per pass so that each pass stores two adjacent
     * entries of every output row (0.2 against 0.3 us at k = 30).
     */
    private void copyVectors(double[] vectors) {
        int i = 0;
        for (; i + 1 < k; i += 2) {
            double[] row0 = rows[i];
            double[] row1 = rows[i + 1];
            for (int r = 0; r < k; r++) {
                vectors[r * k + i] = row0[r];
                vectors[r * k + i + 1] = row1[r];
            }
        }
        if (i < k) {
            double[] row = rows[i];
            for (int r = 0; r < k; r++) {
                vectors[r * k + i] = row[r];
            }
        }
    }

    /**
     * {@code work <- (a + a^T) / 2}, checking finiteness; returns the largest absolute entry. One pass over the upper
     * triangle writes both mirror entries. Its loop has no data-dependent exit and no {@code Math.max} chain: the
     * finiteness test is and-ed up and the maximum taken by a comparison (a predicted branch, where
     * {@code Math.max}'s NaN handling made a chain of dependent operations). 0.8 against 1.6 us at k = 30 for the
     * former full-matrix copy with a sum of squares and a separate maximum pass.
     */
    private double copySymmetricPart(double[] a, String what) {
        boolean finite = true;
        double largest = 0;
        for (int i = 0; i < k; i++) {
            double[] row = work[i];
            for (int j = i; j < k; j++) {
                double x = 0.5 * (a[i * k + j] + a[j * k + i]);
                row[j] = x;
                work[j][i] = x;
                double magnitude = Math.abs(x);
                finite &= magnitude <= Double.MAX_VALUE;
                largest = magnitude > largest ? magnitude : largest;
            }
        }
        if (!finite) {
            throw nonFinite(a, what);
        }
        return largest;
    }

    /**
     * {@link #copySymmetricPart} that also applies the entry test of {@link #tridiagonaliseIfEntriesPass} in the same
     * pass, with the same branch-free form; returns the largest absolute entry of the copy, or -1 when the test
     * fails or the copy overflows.
     */
    private double copyIfEntriesPass(double[] a, double tolerance) {
        boolean finite = true;
        double largest = 0;
        double largestEntry = 0;
        double asymmetry = 0;
        for (int i = 0; i < k; i++) {
            double[] row = work[i];
            for (int j = i; j < k; j++) {
                double upper = a[i * k + j];
                double lower = a[j * k + i];
                double x = 0.5 * (upper + lower);
                row[j] = x;
                work[j][i] = x;
                double magnitude = Math.abs(x);
                largest = magnitude > largest ? magnitude : largest;
                double upperMagnitude = Math.abs(upper);
                double lowerMagnitude = Math.abs(lower);
                finite &= upperMagnitude <= Double.MAX_VALUE & lowerMagnitude <= Double.MAX_VALUE;
                double entry = upperMagnitude > lowerMagnitude ? upperMagnitude : lowerMagnitude;
                largestEntry = entry > largestEntry ? entry : largestEntry;
                double gap = Math.abs(upper - lower);
                asymmetry = gap > asymmetry ? gap : asymmetry;
            }
        }
        return finite && asymmetry <= tolerance * largestEntry && largest <= Double.MAX_VALUE ? largest : -1;
    }

    /** The failure for the first (row-major) entry of {@code (a + a^T) / 2} that is not finite. */
    private IllegalArgumentException nonFinite(double[] a, String what) {
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double x = 0.5 * (a[i * k + j] + a[j * k + i]);
                if (!(Math.abs(x) <= Double.MAX_VALUE)) {
                    return new IllegalArgumentException(String.format(
                            "%s has the non-finite entry %s at (%d, %d); every entry must be finite", what,
                            a[i * k + j], i, j));
                }
            }
        }
        throw new IllegalStateException("no non-finite entry found after the largest entry was not finite");
    }

    private void resetRows() {
        for (int i = 0; i < k; i++) {
            java.util.Arrays.fill(rows[i], 0);
            rows[i][i] = 1;
        }
    }

    private void diagonaliseByJacobi(double norm2, double[] values, boolean withVectors) {
        double floor = Math.sqrt(norm2) * ABSOLUTE_THRESHOLD;
        if (k == 2 && closedFormForTwo) {
            jacobi.diagonaliseTwoByTwo(floor, withVectors);
        } else {
            jacobi.diagonalise(floor, withVectors);
        }
        for (int i = 0; i < k; i++) {
            values[i] = work[i][i];
        }
    }
}
