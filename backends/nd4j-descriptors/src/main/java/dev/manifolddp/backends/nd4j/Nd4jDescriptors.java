package dev.manifolddp.backends.nd4j;

import dev.manifolddp.experiments.spi.DescriptorBackend;
import dev.manifolddp.experiments.images.DescriptorSpec;
import dev.manifolddp.experiments.images.ImageChecks;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.memory.MemoryWorkspace;
import org.nd4j.linalg.api.memory.conf.WorkspaceConfiguration;
import org.nd4j.linalg.api.memory.enums.AllocationPolicy;
import org.nd4j.linalg.api.memory.enums.LearningPolicy;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastAddOp;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastCopyOp;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastSubOp;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.INDArrayIndex;
import org.nd4j.linalg.indexing.NDArrayIndex;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * The {@link DescriptorSpec} with nd4j-native, whole-batch array operations: a chunk of images is one off-heap
 * array, and every step is one op over all of its pixels. The grey level is the channels' sum over 3; the border is
 * two concatenations of edge slices (edge replication, two pixels wide for the 5 x 5 kernels); each filter is a sum
 * of shifted views of the padded batch, taken flat so that every view is contiguous (the shifted sums at border
 * positions mix neighbouring images and are discarded); the features are stacked feature-major {@code [k, n, h, w]}
 * so every feature op writes contiguous memory; the covariances are one batched matmul of the centred features,
 * viewed as {@code [n, k, P]}, with their transpose. Arrays live in a workspace that is reused from chunk to chunk.
 *
 * <p>The filters add the kernels' nonzero terms in the order {@code JavaDescriptors} does, so the features agree
 * with the plain-Java backend to the last bit (both round each product and sum the same way); only the covariance's
 * summation order differs (BLAS blocking), which moved the tests' descriptors by at most 1.3e-14 of
 * {@code sqrt(R_aa R_bb)}.
 */
public final class Nd4jDescriptors implements DescriptorBackend {

    /** The backend's name in configurations. */
    public static final String NAME = "nd4j";

    /**
     * Images per chunk when none is given: small chunks keep the arrays of the ~90 ops in cache (64 beat 256, 512 and
     * a whole 2000-image batch in quick, noisy timings).
     */
    public static final int DEFAULT_CHUNK = 64;

    /** The spec's kernels: first derivative along x (3 x 3, before 1/4), second along y (5 x 5, before 1/32). */
    private static final double[] KX = DescriptorSpec.firstDerivativeKernel();
    private static final double[] KYY = DescriptorSpec.secondDerivativeKernel();
    /** Two pixels of border: the half-width of the 5 x 5 kernels. */
    private static final int PAD = 2;

    private static final WorkspaceConfiguration WORKSPACE = WorkspaceConfiguration.builder()
            .policyAllocation(AllocationPolicy.OVERALLOCATE).overallocationLimit(0.1)
            .policyLearning(LearningPolicy.FIRST_LOOP).build();
    private static final String WORKSPACE_ID = "manifolddp-nd4j-descriptors";

    private final int chunk;

    /** The backend with {@link #DEFAULT_CHUNK} images per chunk (the ServiceLoader constructor). */
    public Nd4jDescriptors() {
        this(DEFAULT_CHUNK);
    }

    /** The backend with {@code chunk} images per whole-batch pass; larger chunks use more off-heap memory. */
    public Nd4jDescriptors(int chunk) {
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk: images per batch must be at least 1. Provided value: " + chunk);
        }
        this.chunk = chunk;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double[][] describe(double[][] images, int height, int width, int channels, double eta) {
        int k = DescriptorSpec.size(channels);
        long padded = (long) (height + 2 * PAD) * (width + 2 * PAD) * channels;
        if (height < 1 || width < 1 || padded > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("height, width: an image needs at least one pixel, and at most 2^31 - 1 "
                    + "values with its two-pixel border. Provided value: " + height + " x " + width);
        }
        if (!(eta > 0) || Double.isInfinite(eta)) {
            throw new IllegalArgumentException("eta: the ridge must be a finite number > 0. Provided value: " + eta);
        }
        int length = height * width * channels;
        for (int i = 0; i < images.length; i++) {
            ImageChecks.require(images[i], i, length);
        }
        // nd4j finds its native backend through ServiceLoader on the context class loader; loaded as a plugin
        // (mdp --plugins DIR) this class's loader is the only one that sees nd4j's jars
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(Nd4jDescriptors.class.getClassLoader());
        try {
            // a chunk's flat arrays are indexed by int
            int perChunk = (int) Math.min(chunk, Math.max(1, Integer.MAX_VALUE / padded));
            return describeChecked(images, height, width, channels, k, eta, perChunk);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static double[][] describeChecked(double[][] images, int height, int width, int channels, int k,
            double eta, int chunk) {
        double[][] out = new double[images.length][];
        Grid grid = new Grid(height, width);
        MemoryWorkspace workspace = null;
        try {
            for (int first = 0; first < images.length; first += chunk) {
                int n = Math.min(chunk, images.length - first);
                try (MemoryWorkspace ws = Nd4j.getWorkspaceManager().getAndActivateWorkspace(WORKSPACE,
                        WORKSPACE_ID)) {
                    workspace = ws;
                    double[] r = describeChunk(images, first, n, grid, channels, k, eta);
                    for (int i = 0; i < n; i++) {
                        out[first + i] = java.util.Arrays.copyOfRange(r, i * k * k, (i + 1) * k * k);
                    }
                }
            }
        } finally {
            if (workspace != null) {
                // release the off-heap scratch: a descriptor pass is rare, the memory is not worth keeping per thread
                Nd4j.getWorkspaceManager().destroyWorkspace(workspace);
            }
        }
        return out;
    }

    /** The descriptors of images {@code first .. first + n - 1}, row-major {@code k x k} one after another. */
    private static double[] describeChunk(double[][] images, int first, int n, Grid grid, int channels, int k,
            double eta) {
        int h = grid.height;
        int w = grid.width;
        int pixels = h * w;
        double[] flat = new double[n * pixels * channels];
        for (int i = 0; i < n; i++) {
            System.arraycopy(images[first + i], 0, flat, i * pixels * channels, pixels * channels);
        }
        INDArray x = Nd4j.create(flat, new long[] {n, h, w, channels}, DataType.DOUBLE);

        // features[f] is the f-th feature of every pixel of every image: [k, n, h, w], each slab contiguous
        INDArray features = Nd4j.create(DataType.DOUBLE, k, n, h, w);
        Nd4j.exec(new BroadcastCopyOp(slab(features, 0), grid.x, slab(features, 0), 1, 2));
        Nd4j.exec(new BroadcastCopyOp(slab(features, 1), grid.y, slab(features, 1), 1, 2));
        INDArray grey;
        if (channels == 1) {
            grey = x.reshape(n, h, w);
            slab(features, 2).assign(grey);
        } else {
            for (int ch = 0; ch < channels; ch++) {
                slab(features, 2 + ch).assign(channel(x, ch));
            }
            // (r + g) + b, then / 3: the plain-Java order
            grey = channel(x, 0).add(channel(x, 1)).addi(channel(x, 2)).divi(3.0);
        }
        int d = 2 + channels;
        Filters filters = new Filters(pad(grey), n, h, w);
        INDArray ix = slab(features, d);
        INDArray iy = slab(features, d + 1);
        ix.assign(filters.apply(KX, 3, false));
        iy.assign(filters.apply(KX, 3, true));
        slab(features, d + 2).assign(filters.apply(KYY, 5, true));
        slab(features, d + 3).assign(filters.apply(KYY, 5, false));
        Transforms.abs(ix, false).divi(4.0);
        Transforms.abs(iy, false).divi(4.0);
        Transforms.abs(slab(features, d + 2), false).divi(32.0);
        Transforms.abs(slab(features, d + 3), false).divi(32.0);
        INDArray magnitude = slab(features, d + 4);
        ix.mul(ix, magnitude).addi(iy.mul(iy));
        Transforms.sqrt(magnitude, false);
        // nd4j's atan2(a, b) is Math.atan2(b, a); atan2(0, 0) = 0 as the spec wants
        slab(features, d + 5).assign(Transforms.atan2(iy, ix));

        // centre each image's features by their mean over its pixels, in place in the [k, n, P] table
        INDArray table = features.reshape(k, n, pixels);
        INDArray mean = table.mean(2);
        Nd4j.exec(new BroadcastSubOp(table, mean, table, 0, 1));
        // [n, k, P] as a view: gemm reads each image's k x P block with leading dimension n P, no copy
        INDArray perImage = table.permute(1, 0, 2);
        INDArray cov = Nd4j.matmul(perImage, perImage, false, true, false).divi((double) pixels);
        // gemm need not round (a, b) and (b, a) alike; the average of the two is exactly symmetric
        INDArray r = cov.add(cov.permute(0, 2, 1)).muli(0.5);
        INDArray ridge = Nd4j.create(DataType.DOUBLE, k, k);
        for (int e = 0; e < k; e++) {
            ridge.putScalar(e, e, eta);
        }
        Nd4j.exec(new BroadcastAddOp(r, ridge, r, 1, 2));
        return r.reshape(n * k * k).toDoubleVector();
    }

    /** Feature {@code f} of every pixel of every image: a contiguous {@code [n, h, w]} view of {@code [k, n, h, w]}. */
    private static INDArray slab(INDArray features, int f) {
        return features.get(NDArrayIndex.point(f), NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.all());
    }

    /** Channel {@code ch} of {@code [n, h, w, c]} images, an {@code [n, h, w]} view. */
    private static INDArray channel(INDArray x, int ch) {
        return x.get(NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.point(ch));
    }

    /** {@code [n, h, w]} grey levels with their edge pixels repeated {@link #PAD} times on every side. */
    private static INDArray pad(INDArray grey) {
        long h = grey.size(1);
        long w = grey.size(2);
        INDArray left = grey.get(NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.interval(0, 1));
        INDArray right = grey.get(NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.interval(w - 1, w));
        INDArray wide = Nd4j.concat(2, left, left, grey, right, right);
        INDArray top = wide.get(NDArrayIndex.all(), NDArrayIndex.interval(0, 1), NDArrayIndex.all());
        INDArray bottom = wide.get(NDArrayIndex.all(), NDArrayIndex.interval(h - 1, h), NDArrayIndex.all());
        return Nd4j.concat(1, top, top, wide, bottom, bottom);
    }

    /**
     * Correlations of a padded batch with small kernels, as sums of shifted flat views. In the flat padded batch
     * ({@code n (h + 4)(w + 4)} values) the neighbour {@code (a, b)} of every pixel sits {@code a (w + 4) + b} places
     * further on, so one contiguous view per kernel weight serves the whole batch.
     */
    private static final class Filters {

        private final INDArray flat;
        private final int n;
        private final int h;
        private final int w;
        private final int paddedWidth;
        private final int paddedLength;
        private final int centre;
        private final int span;

        Filters(INDArray padded, int n, int h, int w) {
            this.n = n;
            this.h = h;
            this.w = w;
            this.paddedWidth = w + 2 * PAD;
            this.paddedLength = n * (h + 2 * PAD) * paddedWidth;
            this.flat = padded.reshape(paddedLength);
            // the first pixel's position, and the positions from it that every shift keeps inside the batch
            this.centre = PAD * paddedWidth + PAD;
            this.span = paddedLength - 2 * centre;
        }

        /**
         * The {@code [n, h, w]} correlation with the row-major {@code size x size} kernel (or its transpose), the
         * nonzero terms added in {@code JavaDescriptors}' order: rows {@code a}, then columns {@code b}.
         */
        INDArray apply(double[] kernel, int size, boolean transpose) {
            INDArray sum = Nd4j.create(DataType.DOUBLE, paddedLength);
            INDArray acc = sum.get(NDArrayIndex.interval(0, span));
            INDArray term = Nd4j.create(DataType.DOUBLE, span);
            int half = size / 2;
            boolean firstTerm = true;
            for (int a = -half; a <= half; a++) {
                for (int b = -half; b <= half; b++) {
                    double weight = transpose ? kernel[(b + half) * size + (a + half)]
                            : kernel[(a + half) * size + (b + half)];
                    if (weight == 0) {
                        continue; // adding 0 * g changes no sum (up to the sign of a zero, which |.| removes)
                    }
                    INDArray shifted = shift(a, b);
                    if (firstTerm) {
                        shifted.mul(weight, acc);
                        firstTerm = false;
                    } else if (weight == 1) {
                        acc.addi(shifted);
                    } else if (weight == -1) {
                        acc.subi(shifted);
                    } else {
                        acc.addi(shifted.mul(weight, term));
                    }
                }
            }
            // position j of sum is pixel j - centre of the flat padded batch: its interior is the image
            return sum.reshape(n, h + 2 * PAD, paddedWidth).get(NDArrayIndex.all(), NDArrayIndex.interval(0, h),
                    NDArrayIndex.interval(0, w));
        }

        private INDArray shift(int a, int b) {
            long start = centre + (long) a * paddedWidth + b;
            INDArrayIndex range = NDArrayIndex.interval(start, start + span);
            return flat.get(range);
        }
    }

    /** The coordinate features {@code x = col / (w - 1)}, {@code y = row / (h - 1)} of one image, {@code [h, w]}. */
    private static final class Grid {

        final int height;
        final int width;
        final INDArray x;
        final INDArray y;

        Grid(int height, int width) {
            this.height = height;
            this.width = width;
            double sx = width > 1 ? 1.0 / (width - 1) : 0;
            double sy = height > 1 ? 1.0 / (height - 1) : 0;
            double[] xs = new double[height * width];
            double[] ys = new double[height * width];
            for (int row = 0; row < height; row++) {
                for (int col = 0; col < width; col++) {
                    xs[row * width + col] = col * sx;
                    ys[row * width + col] = row * sy;
                }
            }
            // detached: the grid outlives the per-chunk workspace
            try (MemoryWorkspace none = Nd4j.getMemoryManager().scopeOutOfWorkspaces()) {
                this.x = Nd4j.create(xs, new long[] {height, width}, DataType.DOUBLE);
                this.y = Nd4j.create(ys, new long[] {height, width}, DataType.DOUBLE);
            }
        }
    }
}
