package dev.manifolddp.geometry;

import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Sums over records on all cores, with the same bits on any number of threads: the records are cut into blocks of a
 * fixed size ({@link #SIZE}, a constant, never the thread count), each block is summed in record order on one
 * thread into a slot of its own, and the block sums are then added in block order on the calling thread. The order
 * of every floating-point addition is therefore fixed by n alone; only which thread does a block's work varies.
 *
 * <p>The blocks run in the calling thread's {@link java.util.concurrent.ForkJoinPool} (the common pool, whose
 * parallelism is the machine's cores less one plus the caller; a caller inside a pool of k threads gets k). A data
 * set of at most {@link #SIZE} records is one block, summed on the calling thread exactly as a plain loop sums it,
 * so results for such n are those of a single-threaded kernel, bit for bit.
 */
public final class RecordBlocks {

    /** Records per block: large enough that a block's work dwarfs handing it to a thread (about 0.1 ms on S^2). */
    public static final int SIZE = 1 << 16;

    private RecordBlocks() {
    }

    /** The number of blocks of {@code n} records (1 for {@code n <= SIZE}, and for n = 0). */
    public static int count(int n) {
        return Math.max(1, (int) ((n + (long) SIZE - 1) / SIZE));
    }

    /** The first record of block {@code b}. */
    public static int from(int b) {
        return b * SIZE;
    }

    /** One past the last record of block {@code b} of {@code n} records. */
    public static int to(int b, int n) {
        return (int) Math.min(n, (long) (b + 1) * SIZE);
    }

    /**
     * Runs {@code block.accept(b)} for every block {@code b < blocks}: on the calling thread when there is one, else
     * in parallel. The blocks must write disjoint state; the caller combines their results in block order.
     */
    public static void forEach(int blocks, IntConsumer block) {
        if (blocks == 1) {
            block.accept(0);
            return;
        }
        IntStream.range(0, blocks).parallel().forEach(block);
    }

    /**
     * The number of blocks in {@code sums}, block sums computed elsewhere to be added in block order (one array per
     * block, each of at least {@code width} entries): the argument check of every kernel's split form
     * ({@link HessianSums.Blocks}, {@link LogSums.Blocks}). The combining kernel's own records play no part.
     *
     * @throws IllegalArgumentException naming the block that is missing or short
     */
    public static int requireSums(double[][] sums, int width) {
        if (sums == null || sums.length == 0) {
            throw new IllegalArgumentException("sums must hold one array per block of records, at least one. "
                    + "Provided value: " + (sums == null ? "null" : "no blocks"));
        }
        for (int b = 0; b < sums.length; b++) {
            if (sums[b] == null || sums[b].length < width) {
                throw new IllegalArgumentException(String.format("sums[%d] must hold at least %d entries. Provided "
                        + "value: %s", b, width, sums[b] == null ? "null" : sums[b].length + " entries"));
            }
        }
        return sums.length;
    }
}
