package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.Arrays;

/**
 * The {@link LogSums} kernel of affine-invariant SPD(k) for any k (k = 2 has the closed form of
 * {@link AffineInvariantLogSums2}). With {@code x = U diag(s^2) U^T} and {@code A_i = diag(1/s) U^T x_i U diag(1/s)},
 * which is {@code x^(-1/2) x_i x^(-1/2)} in x's eigenbasis, {@code log(x, x_i) = U diag(s) Logm(A_i) diag(s) U^T}
 * and {@code |v|_x = |diag(1/s) U^T v U diag(1/s)|_F}. So {@code S = sum_i Logm(A_i)} gives
 * {@code |sum_i log(x, x_i)|_x = |S|_F} and {@code sum_i log(x, x_i) = U diag(s) S diag(s) U^T}: one decomposition of
 * x per evaluation, then one whitening and one decomposition per record, where {@code log} pays two decompositions,
 * the whitening and the map back for every record.
 *
 * <p><b>Many points per pass, all cores, the same bits.</b> {@link #normsOfSumsOfLogs} evaluates a batch of points
 * (the exact KNG sampler's proposals) in one pass over the records. The work is cut into tasks by a grid fixed by n
 * and the batch alone, never by the thread count: the records into the blocks of {@link RecordBlocks}, the points
 * into groups of {@link #POINTS_PER_TASK}. A task sums, for each of its points, the block's records in record order
 * into a partial S of its own (chunk by chunk: {@link #CHUNK} records stay in cache while every point of the group
 * passes over them); the block partials of a point are then added in block order. So every S, hence every value, has
 * the same bits on any number of threads and for any batch, and for n up to {@link RecordBlocks#SIZE} (one block)
 * the bits of one loop over the records: those of this class before the batching, and of a single-point call.
 * Within a point's sum the records' eigendecompositions run {@link SymmetricEigenBatch#GROUP} at a time in
 * lockstep, which gives each record's decomposition bit for bit ({@link SymmetricEigenBatch}) and overlaps their
 * latency chains.
 *
 * <p><b>Norms at k = 3 from eigenvalues alone.</b> The norms ({@link #normOfSumOfLogs}, {@link #normsOfSumsOfLogs}:
 * the KNG density's exponent) take each {@code Logm(A_i)} of SPD(3) from the eigenvalues of {@code A_i} by the
 * interpolation form of {@link SymmetricLog3}, about a third of the work of the eigenvector path, to within about
 * {@code 1e-14 |Logm(A_i)|} of it; a record outside that form's range (a whitened condition number of 64 or more)
 * takes the eigenvector path. {@link #sumOfLogs} (the Frechet mean's gradient, hence the KNG sampler's anchor)
 * always takes the eigenvector path, so the mean keeps its bits.
 *
 * <p>Allocation: each thread's scratch (a workspace, a lockstep solver, the lane matrices; a {@link ThreadLocal}) and
 * the per-point and per-task arrays are created on first use and grown only when a larger batch or more tasks come,
 * then reused; a pass allocates nothing per point or per record (a pass with more than one task allocates its one
 * task lambda and the parallel stream's bookkeeping, per call). Not thread-safe (use {@link #copy()} per thread);
 * the tasks of one call each write only their own partial sums.
 *
 * <p><b>Split form</b> ({@link LogSums.Blocks}): a block's sums at a point are its partial S ({@code k^2} entries,
 * the records of the block in record order from zero, as a task sums them), {@link #normBlockSums} by the k = 3
 * eigenvalue path the norms take; the combination adds the blocks' S in block order as {@link #accumulate} does and
 * maps back or takes the norm as the single-machine calls do, so a kernel over no records gives their bits from
 * blocks summed elsewhere.
 */
final class AffineInvariantLogSums implements LogSums.Blocks {

    /** Points per task of a batched pass: enough tasks to keep both cores busy even when n is one block. */
    static final int POINTS_PER_TASK = 16;
    /** Records per chunk of a task: a chunk (2.3 KB of records at k = 3, 28 KB at k = 10) stays in cache. */
    static final int CHUNK = 256;

    private final AffineInvariantSpd geometry;
    private final int k;
    /** The records, read in place (never modified): records are read only, and their holder keeps them unchanged. */
    private final Records data;
    private final int n;
    /** The calling thread's workspace: decomposes the points, maps {@link #sumOfLogs} back. */
    private final SpdWorkspace w;
    /** The one-point batch of the single-point calls. */
    private final double[][] single = new double[1][];
    private final double[] singleOut = new double[1];
    /** Per point of the last call: its eigenvalues s^2, eigenvectors U (k x k) and 1/s. */
    private double[][] values = new double[0][];
    private double[][] vectors = new double[0][];
    private double[][] inverseRoots = new double[0][];
    /** Per point of the last call: the whitening {@code W = diag(1/s) U^T} (k x k), for the k = 3 norms. */
    private double[][] whiteners = new double[0][];
    /** Per point of the last call: S = sum_i Logm(A_i) (k x k). */
    private double[][] sums = new double[0][];
    /** Per task: the partial S of each of its points, {@code k^2} entries per point. */
    private double[][] partial = new double[0][];
    /** Each thread's scratch for the tasks it runs (a task's results do not depend on what its scratch held). */
    private final ThreadLocal<Task> scratch = ThreadLocal.withInitial(Task::new);

    AffineInvariantLogSums(AffineInvariantSpd geometry, Records data) {
        this.geometry = geometry;
        this.k = geometry.matrixSize();
        this.data = data;
        this.n = data.size();
        double[] row = data.scratch();
        for (int i = 0; i < n; i++) {
            GeometryChecks.requireLength(geometry, "data[" + i + "]", data.row(i, row));
        }
        this.w = new SpdWorkspace(k);
    }

    private AffineInvariantLogSums(AffineInvariantLogSums other) {
        this.geometry = other.geometry;
        this.k = other.k;
        this.data = other.data;
        this.n = other.n;
        this.w = new SpdWorkspace(k);
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public void sumOfLogs(double[] x, double[] out) {
        GeometryChecks.requireLength(geometry, "out", out);
        single[0] = x;
        accumulate(single, 1, false);
        double[] sum = sums[0];
        for (int i = 0; i < k; i++) {
            w.auxA[i] = Math.sqrt(values[0][i]); // s, for the map back
        }
        MatrixOps.scaleSymmetric(sum, w.auxA, k);
        MatrixOps.congruence(vectors[0], sum, out, w.tmp, k);
    }

    @Override
    public double normOfSumOfLogs(double[] x) {
        single[0] = x;
        normsOfSumsOfLogs(single, 1, singleOut);
        return singleOut[0];
    }

    @Override
    public void normsOfSumsOfLogs(double[][] xs, int count, double[] out) {
        if (count < 0 || count > xs.length || count > out.length) {
            throw new IllegalArgumentException("count must lie in [0, min(xs.length, out.length)] = [0, "
                    + Math.min(xs.length, out.length) + "]. Provided value: " + count);
        }
        if (count == 0) {
            return;
        }
        accumulate(xs, count, k == 3);
        for (int j = 0; j < count; j++) {
            double total = 0;
            for (double value : sums[j]) {
                total += value * value;
            }
            out[j] = Math.sqrt(total);
        }
    }

    @Override
    public LogSums.Batch copy() {
        return new AffineInvariantLogSums(this);
    }

    @Override
    public int blockWidth() {
        return k * k;
    }

    @Override
    public void blockSums(double[][] xs, int count, int block, double[] out) {
        partialSums(xs, count, block, out, false);
    }

    @Override
    public void normBlockSums(double[][] xs, int count, int block, double[] out) {
        partialSums(xs, count, block, out, k == 3);
    }

    /** Block {@code block}'s partial S at each point, as {@link #run} sums it for the point's task. */
    private void partialSums(double[][] xs, int count, int block, double[] out, boolean spectral) {
        int kk = k * k;
        if (count < 0 || count > xs.length || out.length < count * kk) {
            throw new IllegalArgumentException("count must lie in [0, xs.length] with out.length >= count * " + kk
                    + ". Provided value: " + count);
        }
        if (block < 0 || block >= RecordBlocks.count(n)) {
            throw new IllegalArgumentException("block must lie in [0, " + RecordBlocks.count(n)
                    + "). Provided value: " + block);
        }
        decompose(xs, count, spectral);
        int from = RecordBlocks.from(block);
        int to = RecordBlocks.to(block, n);
        Task task = scratch.get();
        Arrays.fill(out, 0, count * kk, 0.0);
        for (int start = from; start < to; start += CHUNK) {
            int end = Math.min(to, start + CHUNK);
            for (int j = 0; j < count; j++) {
                if (spectral) {
                    task.spectralSum(xs[j], vectors[j], inverseRoots[j], whiteners[j], start, end, out, j * kk);
                } else {
                    task.sum(xs[j], vectors[j], inverseRoots[j], start, end, out, j * kk);
                }
            }
        }
    }

    @Override
    public void sumOfLogs(double[] x, int point, double[][] sums, double[] out) {
        GeometryChecks.requireLength(geometry, "out", out);
        single[0] = x;
        decompose(single, 1, false);
        double[] sum = this.sums[0];
        addBlocks(point, sums, sum);
        for (int i = 0; i < k; i++) {
            w.auxA[i] = Math.sqrt(values[0][i]);
        }
        MatrixOps.scaleSymmetric(sum, w.auxA, k);
        MatrixOps.congruence(vectors[0], sum, out, w.tmp, k);
    }

    @Override
    public double normOfSumOfLogs(double[] x, int point, double[][] sums) {
        GeometryChecks.requireLength(geometry, "x", x);
        reserve(1);
        double[] sum = this.sums[0];
        addBlocks(point, sums, sum);
        double total = 0;
        for (double value : sum) {
            total += value * value;
        }
        return Math.sqrt(total);
    }

    /** Point {@code point}'s S from every block's partial S, added in block order as {@link #accumulate} adds them. */
    private void addBlocks(int point, double[][] sums, double[] sum) {
        int kk = k * k;
        if (point < 0) {
            throw new IllegalArgumentException("point must be an index into the points the blocks were summed at. "
                    + "Provided value: " + point);
        }
        int offset = point * kk;
        RecordBlocks.requireSums(sums, offset + kk);
        System.arraycopy(sums[0], offset, sum, 0, kk);
        for (int b = 1; b < sums.length; b++) {
            double[] part = sums[b];
            for (int e = 0; e < kk; e++) {
                sum[e] += part[offset + e];
            }
        }
    }

    /**
     * Decomposes every point (in order, on the calling thread, so that a point that is not SPD is reported first),
     * then runs the grid of tasks and adds each point's block partials in block order into {@link #sums}.
     */
    private void accumulate(double[][] xs, int count, boolean spectral) {
        decompose(xs, count, spectral);
        int blocks = RecordBlocks.count(n);
        int groups = (count + POINTS_PER_TASK - 1) / POINTS_PER_TASK;
        int taskCount = blocks * groups;
        reserveTasks(taskCount);
        if (taskCount == 1) {
            run(0, xs, count, groups, spectral); // no lambda, no task: a single-point call allocates nothing
        } else {
            RecordBlocks.forEach(taskCount, t -> run(t, xs, count, groups, spectral));
        }
        int kk = k * k;
        for (int j = 0; j < count; j++) {
            int group = j / POINTS_PER_TASK;
            int offset = (j - group * POINTS_PER_TASK) * kk;
            double[] sum = sums[j];
            System.arraycopy(partial[group], offset, sum, 0, kk);
            for (int b = 1; b < blocks; b++) {
                double[] part = partial[b * groups + group];
                for (int e = 0; e < kk; e++) {
                    sum[e] += part[offset + e];
                }
            }
        }
    }

    /** Decomposes the first {@code count} points, in order (the whitenings too when {@code spectral}). */
    private void decompose(double[][] xs, int count, boolean spectral) {
        reserve(count);
        for (int j = 0; j < count; j++) {
            GeometryChecks.requireLength(geometry, "x", xs[j]);
            w.eigen.decompose(xs[j], values[j], vectors[j], "x");
            MatrixFunctions.requirePositive(values[j], k, "x");
            for (int i = 0; i < k; i++) {
                inverseRoots[j][i] = 1 / Math.sqrt(values[j][i]);
            }
            if (spectral) {
                for (int i = 0; i < k; i++) {
                    for (int r = 0; r < k; r++) {
                        whiteners[j][i * k + r] = inverseRoots[j][i] * vectors[j][r * k + i];
                    }
                }
            }
        }
    }

    /**
     * Task t of the grid: block {@code t / groups} of the records for the points of group {@code t % groups}, each
     * point's records summed in record order into its slice of {@code partial[t]}.
     */
    private void run(int t, double[][] xs, int count, int groups, boolean spectral) {
        int block = t / groups;
        int first = (t % groups) * POINTS_PER_TASK;
        int last = Math.min(count, first + POINTS_PER_TASK);
        int from = RecordBlocks.from(block);
        int to = RecordBlocks.to(block, n);
        Task task = scratch.get();
        double[] part = partial[t];
        int kk = k * k;
        Arrays.fill(part, 0, (last - first) * kk, 0.0);
        for (int start = from; start < to; start += CHUNK) {
            int end = Math.min(to, start + CHUNK);
            for (int j = first; j < last; j++) {
                if (spectral) {
                    task.spectralSum(xs[j], vectors[j], inverseRoots[j], whiteners[j], start, end, part,
                            (j - first) * kk);
                } else {
                    task.sum(xs[j], vectors[j], inverseRoots[j], start, end, part, (j - first) * kk);
                }
            }
        }
    }

    /** Grows the per-point arrays to at least {@code count} points. */
    private void reserve(int count) {
        if (values.length >= count) {
            return;
        }
        int size = Math.max(count, 2 * values.length);
        values = grow(values, size, k);
        vectors = grow(vectors, size, k * k);
        inverseRoots = grow(inverseRoots, size, k);
        whiteners = grow(whiteners, size, k * k);
        sums = grow(sums, size, k * k);
    }

    /** Grows the tasks' partial sums to at least {@code count} tasks. */
    private void reserveTasks(int count) {
        if (partial.length < count) {
            partial = grow(partial, count, POINTS_PER_TASK * k * k);
        }
    }

    private static double[][] grow(double[][] arrays, int size, int length) {
        double[][] grown = Arrays.copyOf(arrays, size);
        for (int j = arrays.length; j < size; j++) {
            grown[j] = new double[length];
        }
        return grown;
    }

    /** One task's scratch: a workspace, a lockstep eigensolver and its lanes. */
    private final class Task {
        final SpdWorkspace w = new SpdWorkspace(k);
        final SymmetricEigenBatch eigen = new SymmetricEigenBatch(k);
        final double[][] lanes = new double[SymmetricEigenBatch.GROUP][k * k];
        final double[][] laneValues = new double[SymmetricEigenBatch.GROUP][k];
        final double[][] laneVectors = new double[SymmetricEigenBatch.GROUP][k * k];
        /** The lanes' records: where a flat record is copied, then the record each lane holds. */
        final double[][] records = new double[SymmetricEigenBatch.GROUP][k * k];
        final double[][] laneRecords = new double[SymmetricEigenBatch.GROUP][];

        /**
         * Adds {@code Logm(A_i)} for the records {@code from <= i < to}, in order, to {@code out[offset ..]}, for the
         * point x with eigenvectors {@code u} and inverse roots {@code inverseRoot}.
         */
        void sum(double[] x, double[] u, double[] inverseRoot, int from, int to, double[] out, int offset) {
            int kk = k * k;
            for (int i = from; i < to; i += SymmetricEigenBatch.GROUP) {
                int count = Math.min(SymmetricEigenBatch.GROUP, to - i);
                for (int b = 0; b < count; b++) {
                    laneRecords[b] = data.row(i + b, records[b]);
                    MatrixOps.transposeCongruence(u, laneRecords[b], lanes[b], w.tmp, k);
                    MatrixOps.scaleSymmetric(lanes[b], inverseRoot, k);
                }
                eigen.decompose(lanes, 0, count, laneValues, laneVectors, "x^-1/2 x_i x^-1/2");
                for (int b = 0; b < count; b++) {
                    double[] logm = logm(x, u, inverseRoot, laneRecords[b], laneValues[b], laneVectors[b]);
                    for (int e = 0; e < kk; e++) {
                        out[offset + e] += logm[e];
                    }
                }
            }
        }

        /**
         * {@link #sum} for k = 3 with each {@code Logm(A_i)} from the eigenvalues alone ({@link SymmetricLog3}): the
         * lockstep decompositions skip the eigenvectors, and a record whose whitened matrix that form refuses (its
         * condition number, or a non-positive eigenvalue) takes the eigenvector path of {@link #sum}.
         */
        void spectralSum(double[] x, double[] u, double[] inverseRoot, double[] whitener, int from, int to,
                double[] out, int offset) {
            double[] lane = lanes[0];
            double[] values = laneValues[0];
            for (int i = from; i < to; i++) {
                double[] record = data.row(i, records[0]);
                whiten3(whitener, record, lane);
                if (!SymmetricLog3.eigenvalues(lane, values)) {
                    w.eigen.decompose(lane, values, null, "x^-1/2 x_i x^-1/2");
                }
                double[] logm = w.m2;
                if (!SymmetricLog3.log(lane, values, logm)) {
                    w.eigen.decompose(lane, values, laneVectors[0], "x^-1/2 x_i x^-1/2");
                    logm = logm(x, u, inverseRoot, record, values, laneVectors[0]);
                }
                for (int e = 0; e < 9; e++) {
                    out[offset + e] += logm[e];
                }
            }
        }

        /**
         * {@code out = W sym(m) W^T} for 3 x 3 row-major W and m, unrolled (45 multiply-adds; the generic
         * {@link MatrixOps#transposeCongruence} and scaling took a third of a record's time in the norm pass).
         */
        private static void whiten3(double[] w, double[] m, double[] out) {
            double s00 = m[0];
            double s11 = m[4];
            double s22 = m[8];
            double s01 = 0.5 * (m[1] + m[3]);
            double s02 = 0.5 * (m[2] + m[6]);
            double s12 = 0.5 * (m[5] + m[7]);
            // T = sym(m) W^T: column i of T is sym(m) times row i of W
            double t00 = s00 * w[0] + s01 * w[1] + s02 * w[2];
            double t10 = s01 * w[0] + s11 * w[1] + s12 * w[2];
            double t20 = s02 * w[0] + s12 * w[1] + s22 * w[2];
            double t01 = s00 * w[3] + s01 * w[4] + s02 * w[5];
            double t11 = s01 * w[3] + s11 * w[4] + s12 * w[5];
            double t21 = s02 * w[3] + s12 * w[4] + s22 * w[5];
            double t02 = s00 * w[6] + s01 * w[7] + s02 * w[8];
            double t12 = s01 * w[6] + s11 * w[7] + s12 * w[8];
            double t22 = s02 * w[6] + s12 * w[7] + s22 * w[8];
            // A = W T, upper triangle, mirrored
            out[0] = w[0] * t00 + w[1] * t10 + w[2] * t20;
            out[1] = out[3] = w[0] * t01 + w[1] * t11 + w[2] * t21;
            out[2] = out[6] = w[0] * t02 + w[1] * t12 + w[2] * t22;
            out[4] = w[3] * t01 + w[4] * t11 + w[5] * t21;
            out[5] = out[7] = w[3] * t02 + w[4] * t12 + w[5] * t22;
            out[8] = w[6] * t02 + w[7] * t12 + w[8] * t22;
        }

        /** {@code Logm(A_i)} from the whitened record's decomposition, into {@code w.m2}. */
        private double[] logm(double[] x, double[] u, double[] inverseRoot, double[] point, double[] eigenvalues,
                double[] eigenvectors) {
            if (!(MatrixFunctions.min(eigenvalues, k)
                    > AffineInvariantSpd.ILL_CONDITIONED * MatrixFunctions.max(eigenvalues, k))
                    && w.svd.decompose(x, point)) {
                // as in AffineInvariantSpd.log: the small whitened eigenvalues from singular values (WhitenedSvd),
                // the ambient log L_x V diag(l) V^T L_x^T then whitened into x's eigenbasis like the record
                w.svd.logEigenvalues(w.auxB);
                w.svd.factorTimesVectors(w.m3);
                w.gram.matrix(w.m3, w.auxB, w.m1);
                MatrixOps.transposeCongruence(u, w.m1, w.m2, w.tmp, k);
                MatrixOps.scaleSymmetric(w.m2, inverseRoot, k);
            } else {
                MatrixFunctions.requirePositive(eigenvalues, k, "x^-1/2 x_i x^-1/2");
                MatrixFunctions.log(eigenvalues, w.auxB, k);
                w.gram.matrix(eigenvectors, w.auxB, w.m2);
            }
            return w.m2;
        }
    }
}
