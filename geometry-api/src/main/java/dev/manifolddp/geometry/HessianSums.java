package dev.manifolddp.geometry;

/**
 * A geometry's fused loop for everything one Newton step of the Frechet mean needs at a point x, over a data set fixed
 * once: {@code sum_i log(x, x_i)}, its coordinates in an orthonormal basis of {@code T_x}, the sum of the Hessians of
 * {@code (1/2) rho(., x_i)^2} at x in that basis ({@link SquaredDistanceHessian}), {@code sum_i rho(x, x_i)^2} and the
 * record farthest from x. The generic loop calls {@link SquaredDistanceHessian#addLogAndHessian} n times, each with
 * its own trigonometric calls and basis projections; a geometry that knows a cheaper form of the same sums (a
 * polynomial instead of {@code atan2} where the data lie in a cap, the rank-one terms accumulated in ambient
 * coordinates and projected onto the basis once per evaluation) exposes it here, in the style of {@link LogSums}.
 *
 * <p>Contract: {@link Batch#evaluate} agrees with the generic loop of {@link SquaredDistanceHessian#addLogAndHessian}
 * to a relative error of 1e-13 of {@code sum_i |log(x, x_i)|_x} for the logarithms and their coordinates, of
 * {@code sum_i rho(x, x_i)^2} for the objective, and of {@code sum_i |Hess_i|} (the largest absolute entry of each
 * record's Hessian, summed) for the Hessian, plus a few ulps of the magnitudes involved; it throws as {@code log}
 * does where one of the logarithms is undefined (the cut locus of x). The data are validated by the caller;
 * {@link #prepareHessians(double[][])} copies what it keeps, {@link #prepareHessians(Records)} may read the records
 * in place, as {@link LogSums#prepare(Records)}.
 */
public interface HessianSums {

    /**
     * A kernel over a copy of {@code data} (points of this geometry, already validated by the caller). Named apart
     * from {@link LogSums#prepare} so that one geometry can offer both.
     */
    Batch prepareHessians(double[][] data);

    /**
     * {@link #prepareHessians(double[][])} of records in either layout ({@link Records}); the default hands the kernel
     * one array per record ({@link Records#rows()}), as {@link LogSums#prepare(Records)} does.
     */
    default Batch prepareHessians(Records data) {
        return prepareHessians(data.rows());
    }

    /** The prepared data set and its scratch; not thread-safe (use {@link #copy()} per thread). */
    interface Batch {

        /** The number n of data points. */
        int size();

        /**
         * Overwrites {@code logSum} (the layout's length) with {@code sum_i log(x, x_i)}, {@code coordinates}
         * (length d) with its coordinates {@code <e_k, sum_i log(x, x_i)>_x} in {@code basis} (an orthonormal basis
         * of {@code T_x}: d arrays of the layout's length) and the row-major {@code d x d} array {@code hessian} with
         * {@code sum_i Hess (1/2) rho(., x_i)^2 (x)} in that basis; returns {@code sum_i rho(x, x_i)^2} and records
         * the farthest record for {@link #farthestIndex()} and {@link #farthestDistance()}. Allocates nothing; the
         * outputs must alias no input.
         *
         * @throws IllegalArgumentException at the cut locus of x (as {@link Geometry#log}), on a non-finite x, or
         *     on arrays of the wrong length
         */
        double evaluate(double[] x, double[][] basis, double[] logSum, double[] coordinates, double[] hessian);

        /** The index of a record at the largest distance from the x of the last {@link #evaluate}. */
        int farthestIndex();

        /** {@code max_i rho(x, x_i)} at the x of the last {@link #evaluate}. */
        double farthestDistance();

        /** An independent kernel over the same (shared, never modified) data, with fresh scratch. */
        Batch copy();
    }

    /**
     * A kernel whose sums are per-block sums over {@link RecordBlocks} added in block order, split in its two halves
     * so that the blocks can be summed elsewhere (another machine, holding only its blocks' records, in a kernel
     * prepared over them) and added here with the same bits as {@link #evaluate}: a kernel prepared over the records
     * of block b alone (at most {@link RecordBlocks#SIZE}) gives, as its block 0, the sums this kernel gives as block
     * b.
     */
    interface Blocks extends Batch {

        /**
         * Whether this kernel's sums are block sums at all (a kernel may split in some dimensions only); when false,
         * only {@link #evaluate(double[], double[][], double[], double[], double[])} may be called.
         */
        boolean splits();

        /** The number of doubles {@link #blockSums} writes per block. */
        int blockWidth();

        /**
         * Block {@code block}'s sums at x (with an orthonormal basis of {@code T_x}) into {@code out[at ..
         * at + blockWidth())}, record indices relative to the block's first record. Allocates nothing.
         */
        void blockSums(double[] x, double[][] basis, int block, double[] out, int at);

        /**
         * {@link #evaluate} from every block's sums, {@code sums[b]} from {@link #blockSums} of block b of the records
         * (by a kernel over them, or over block b alone), added in block order: the bits {@link #evaluate} gives over
         * those records, farthest record included. This kernel's own records play no part, so a kernel over no
         * records can add sums computed elsewhere.
         *
         * @throws IllegalArgumentException when a block needed the per-record path (a record beyond the kernel's
         *     fast range of x), which needs all records in one place
         */
        double evaluate(double[] x, double[][] basis, double[][] sums, double[] logSum, double[] coordinates,
                        double[] hessian);
    }

    /**
     * The length checks every implementation of {@link Batch#evaluate} makes before its hot path, with the messages
     * of {@link SquaredDistanceHessian#requireArguments}.
     *
     * @throws IllegalArgumentException naming the argument and the provided length
     */
    static void requireArguments(Geometry geometry, double[] x, double[][] basis, double[] logSum,
                                 double[] coordinates, double[] hessian) {
        SquaredDistanceHessian.requireArguments(geometry, x, x, basis, logSum, coordinates, hessian);
    }
}
