package dev.manifolddp.engines.spark;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.io.Serializable;

/**
 * One block of a release's records ({@link RecordBlocks}: records {@code [from(index), to(index, n))}) as an element
 * of a Spark partition: the records as one primitive array, row by row, and the geometry's spec, from which the
 * executor rebuilds the geometry and prepares its kernels over these records alone, once per executor (the kernels
 * are transient: cached with the block's deserialized copy, rebuilt if the cache drops it). A kernel over block b's
 * records gives, as its block 0, the sums the whole kernel gives as block b ({@link HessianSums.Blocks}).
 */
final class RecordBlock implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int index;
    private final String spec;
    private final int length;
    private final double[] records;
    private transient HessianSums.Blocks newton;
    private transient LogSums.Blocks logs;

    /** Block {@code index} of {@code data} (points of the geometry {@code spec}), copied. */
    static RecordBlock of(String spec, Records data, int index) {
        int from = RecordBlocks.from(index);
        int to = RecordBlocks.to(index, data.size());
        double[] scratch = data.scratch();
        int length = data.size() == 0 ? 0 : data.row(0, scratch).length;
        double[] records = new double[(to - from) * length];
        for (int i = from; i < to; i++) {
            System.arraycopy(data.row(i, scratch), 0, records, (i - from) * length, length);
        }
        return new RecordBlock(index, spec, length, records);
    }

    private RecordBlock(int index, String spec, int length, double[] records) {
        this.index = index;
        this.spec = spec;
        this.length = length;
        this.records = records;
    }

    /** The block's index b. */
    int index() {
        return index;
    }

    /** The block's Newton sums at x ({@link HessianSums.Blocks#blockSums}). One task at a time per block. */
    synchronized double[] newtonSums(double[] x, double[][] basis) {
        if (newton == null) {
            newton = (HessianSums.Blocks) geometry().capability(HessianSums.class).orElseThrow()
                    .prepareHessians(records());
        }
        double[] out = new double[newton.blockWidth()];
        newton.blockSums(x, basis, 0, out, 0);
        return out;
    }

    /**
     * The block's sums of logarithms at every point of xs: for the sums themselves ({@link LogSums.Blocks#blockSums})
     * or, when {@code norms}, for their norms alone ({@link LogSums.Blocks#normBlockSums}).
     */
    synchronized double[] logSums(double[][] xs, boolean norms) {
        if (logs == null) {
            logs = (LogSums.Blocks) geometry().capability(LogSums.class).orElseThrow().prepare(records());
        }
        double[] out = new double[xs.length * logs.blockWidth()];
        if (norms) {
            logs.normBlockSums(xs, xs.length, 0, out);
        } else {
            logs.blockSums(xs, xs.length, 0, out);
        }
        return out;
    }

    private Geometry geometry() {
        return Geometries.parse(spec);
    }

    /** The block's records as they are stored (one array, row by row), not copied. */
    private Records records() {
        return length == 0 ? Records.of(new double[0][]) : Records.flat(records, length);
    }
}
