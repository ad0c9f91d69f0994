package dev.manifolddp.engines.spark;

import dev.manifolddp.geometry.ForwardingGeometry;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.Records;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A release's geometry whose kernels sum over records on Spark ({@link SparkReleaseSums}): the Newton mean's
 * {@link HessianSums} and KNG's {@link LogSums}, when the geometry's kernels split into per-block sums
 * ({@link HessianSums.Blocks}, {@link LogSums.Blocks}: the sphere's, affine-invariant SPD(k)'s for k >= 3); every other
 * call, and kernels that do not split, are the geometry's own, on the driver.
 */
final class SparkSumsGeometry extends ForwardingGeometry {

    private final HessianSums newton;
    private final LogSums logs;

    SparkSumsGeometry(Geometry geometry, SparkReleaseSums session) {
        super(geometry);
        String spec = geometry.spec();
        // a kernel over no records tells whether the geometry's kernels split, and adds the blocks' sums on the driver
        this.newton = geometry.capability(HessianSums.class)
                .filter(sums -> overNoRecords(() -> sums.prepareHessians(new double[0][])) instanceof HessianSums.Blocks
                        blocks && blocks.splits())
                .map(sums -> (HessianSums) new HessianSums() {
                    @Override
                    public HessianSums.Batch prepareHessians(double[][] data) {
                        return prepareHessians(Records.of(data));
                    }

                    @Override
                    public HessianSums.Batch prepareHessians(Records data) {
                        return new SparkHessianSums(session.distribute(spec, data),
                                (HessianSums.Blocks) sums.prepareHessians(new double[0][]));
                    }
                })
                .orElse(null);
        this.logs = geometry.capability(LogSums.class)
                .filter(sums -> overNoRecords(() -> sums.prepare(new double[0][])) instanceof LogSums.Blocks)
                .map(sums -> (LogSums) new LogSums() {
                    @Override
                    public LogSums.Batch prepare(double[][] data) {
                        return prepare(Records.of(data));
                    }

                    @Override
                    public LogSums.Batch prepare(Records data) {
                        return new SparkLogSums(session.distribute(spec, data),
                                (LogSums.Blocks) sums.prepare(new double[0][]));
                    }
                })
                .orElse(null);
    }

    /** A kernel over no records, or null where the geometry's kernels need at least one (they then stay local). */
    private static Object overNoRecords(Supplier<Object> prepare) {
        try {
            return prepare.get();
        } catch (IllegalArgumentException needsRecords) {
            return null;
        }
    }

    @Override
    public <C> Optional<C> capability(Class<C> type) {
        if (type == HessianSums.class && newton != null) {
            return Optional.of(type.cast(newton));
        }
        if (type == LogSums.class && logs != null) {
            return Optional.of(type.cast(logs));
        }
        return super.capability(type);
    }
}
