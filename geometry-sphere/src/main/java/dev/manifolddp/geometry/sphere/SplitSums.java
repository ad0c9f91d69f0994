package dev.manifolddp.geometry.sphere;

/** The argument check shared by the sphere's kernels when they add blocks summed elsewhere. */
final class SplitSums {

    private SplitSums() {
    }

    /**
     * The number of blocks in {@code sums} (one array per block, in block order, each of at least {@code width}
     * entries). The combining kernel's own records play no part: a kernel over no records adds blocks summed by
     * kernels over theirs.
     *
     * @throws IllegalArgumentException naming the block that is missing or short
     */
    static int requireBlocks(double[][] sums, int width) {
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

    /**
     * The refusal when block b holds a record beyond the polynomial's range of x: there the kernels take the
     * per-record path, whose additions run over all records in one order, so blocks summed apart cannot give its bits.
     */
    static IllegalArgumentException beyondRange(String sums, int b) {
        return new IllegalArgumentException("a record of block " + b + " lies beyond angle pi/3 of x, where " + sums
                + " take the per-record path over all records in one place: release on one machine, or declare a "
                + "smaller ball (radius at most pi/6 keeps every record within pi/3 of every point of it). Provided "
                + "value: block " + b);
    }
}
