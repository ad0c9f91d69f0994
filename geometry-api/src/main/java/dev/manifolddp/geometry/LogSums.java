package dev.manifolddp.geometry;

/**
 * A geometry's fused loop for {@code sum_i log(x, x_i)} over a data set fixed once: the inner loop of the K-norm
 * gradient density, of gradient descent for the Frechet mean and of every MH step of a KNG chain. The generic loop
 * calls {@link Geometry#log(double[], double[], double[])} n times; a geometry that knows a cheaper form of the
 * same sum (data laid out for a vectorisable loop, a polynomial instead of a trigonometric call where the data lie in
 * a cap, one whitening per evaluation point instead of one per record) exposes it here.
 *
 * <p>Contract: both methods agree with the generic loop to a relative error of 1e-13 of
 * {@code sum_i |log(x, x_i)|_x} (plus a few ulps), and throw as {@code log} does where one of the logarithms is
 * undefined (the cut locus of x). The data are validated by the caller; {@link #prepare(double[][])} copies what it
 * keeps, {@link #prepare(Records)} may read the records in place ({@link Records} are read only, and their holder
 * keeps them unchanged while a kernel over them is in use).
 */
public interface LogSums {

    /** A kernel over a copy of {@code data} (points of this geometry, already validated by the caller). */
    Batch prepare(double[][] data);

    /**
     * {@link #prepare(double[][])} of records in either layout ({@link Records}). This default hands the kernel one
     * array per record ({@link Records#rows()}: copies of flat records); a kernel that copies the records into a
     * layout of its own reads them here one at a time instead.
     */
    default Batch prepare(Records data) {
        return prepare(data.rows());
    }

    /** The prepared data set and its scratch; not thread-safe (use {@link #copy()} per thread). */
    interface Batch {

        /** The number n of data points. */
        int size();

        /** Writes {@code sum_i log(x, x_i)}, a tangent vector at x, into {@code out}. Allocates nothing. */
        void sumOfLogs(double[] x, double[] out);

        /** {@code |sum_i log(x, x_i)|_x}. Allocates nothing; may skip work {@link #sumOfLogs} must do. */
        double normOfSumOfLogs(double[] x);

        /**
         * {@link #normOfSumOfLogs} at each of {@code xs[0 .. count-1]} into {@code out[0 .. count-1]}, each value bit
         * for bit the one {@link #normOfSumOfLogs} gives at that point. For the exact K-norm gradient sampler, whose
         * fixed budget of proposals is drawn before any density is evaluated: a kernel may serve all the points in
         * one pass over the records, so that the records are read once per call instead of once per point. This
         * default evaluates them one by one. Allocates nothing per point (a kernel may allocate its scratch once per
         * call); throws where {@link #normOfSumOfLogs} would throw at one of the points.
         */
        default void normsOfSumsOfLogs(double[][] xs, int count, double[] out) {
            if (count < 0 || count > xs.length || count > out.length) {
                throw new IllegalArgumentException("count must lie in [0, min(xs.length, out.length)] = [0, "
                        + Math.min(xs.length, out.length) + "]. Provided value: " + count);
            }
            for (int j = 0; j < count; j++) {
                out[j] = normOfSumOfLogs(xs[j]);
            }
        }

        /** An independent kernel over the same (shared, never modified) data, with fresh scratch. */
        Batch copy();
    }

    /**
     * A kernel whose {@code sum_i log(x, x_i)} is a function of per-block sums over {@link RecordBlocks} added in
     * block order, split in its two halves so that the blocks can be summed elsewhere (another machine, holding only
     * its blocks' records, in a kernel prepared over them) and combined here with the same bits as
     * {@link Batch#sumOfLogs} and {@link Batch#normOfSumOfLogs}: a kernel prepared over the records of block b alone
     * gives, as its block 0, the sums this kernel gives as block b.
     */
    interface Blocks extends Batch {

        /** The number of doubles {@link #blockSums} writes per block and point. */
        int blockWidth();

        /**
         * Block {@code block}'s sums at each of {@code xs[0 .. count-1]}: point j's into {@code out[j blockWidth()
         * .. (j + 1) blockWidth())}. Allocates nothing.
         */
        void blockSums(double[][] xs, int count, int block, double[] out);

        /**
         * Block {@code block}'s sums for the norms alone ({@link #normOfSumOfLogs(double[], int, double[][])}), laid
         * out as {@link #blockSums}. A kernel whose norms take a cheaper path than its sums (SPD(3)'s eigenvalue-only
         * logarithms) sums the block that way here; by default the norms add the same sums as {@link #sumOfLogs}.
         */
        default void normBlockSums(double[][] xs, int count, int block, double[] out) {
            blockSums(xs, count, block, out);
        }

        /**
         * {@link Batch#sumOfLogs} at {@code x}, point {@code point} of the {@code xs} given to {@link #blockSums},
         * from every block's sums ({@code sums[b]} from {@link #blockSums} of block b of the records, by a kernel over
         * them or over block b alone), added in block order: the bits {@link Batch#sumOfLogs} gives over those records.
         * This kernel's own records play no part, so a kernel over no
         * records can add sums computed elsewhere.
         *
         * @throws IllegalArgumentException when a block needed the per-record path (a record beyond the kernel's
         *     fast range of x), which needs all records in one place
         */
        void sumOfLogs(double[] x, int point, double[][] sums, double[] out);

        /**
         * {@link Batch#normOfSumOfLogs} at {@code x} from every block's sums ({@code sums[b]} from
         * {@link #normBlockSums} of block b), added in block order: its bits. Allocates nothing.
         */
        double normOfSumOfLogs(double[] x, int point, double[][] sums);
    }
}
