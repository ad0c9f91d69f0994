package dev.manifolddp.geometry.sphere;

/** The refusal shared by the sphere's kernels when blocks summed elsewhere took the per-record path. */
final class SplitSums {

    private SplitSums() {
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
