package dev.manifolddp.backends.nd4j.bench;

import dev.manifolddp.backends.nd4j.Nd4jDescriptors;
import dev.manifolddp.experiments.spi.DescriptorBackend;
import dev.manifolddp.experiments.images.JavaDescriptors;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.nativeblas.NativeOpsHolder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One operation is one {@code describe} call on a whole workload (issue 10 item 4), eta = 1e-6:
 *
 * <ul>
 *   <li>{@code mnist2000}: the first 2000 images of {@code datasets/mnist/classes-0-3.csv.gz}, grey 28 x 28 (the
 *       experiments' per-class batch);</li>
 *   <li>{@code rgb32x200}: 200 seeded uniform RGB patches of 32 x 32;</li>
 *   <li>{@code rgb512}: one seeded uniform RGB image of 512 x 512;</li>
 *   <li>{@code mnist8000}: all 8000 images of the MNIST file (classes 0-3).</li>
 * </ul>
 *
 * <p>Backends: {@code java} ({@link JavaDescriptors}, single-threaded by construction), {@code nd4j-1thread}
 * ({@link Nd4jDescriptors} with libnd4j's, OpenMP's and OpenBLAS's thread counts set to 1 in this fork) and
 * {@code nd4j-default} (nd4j's own thread settings: all cores). Each combination runs in its own fork, so the
 * thread settings of one never reach another. Run from the repository root (the MNIST file is read from there).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class DescriptorBackendBenchmark {

    private static final double ETA = 1e-6;
    private static final int MNIST_SIDE = 28;

    // JMH runs the parameter combinations in the order of the parameters' names, then of their values: "images"
    // before "using" puts the three backends of one workload next to each other in time on a shared machine.

    /** The workload. */
    @Param({"mnist2000", "rgb32x200", "rgb512", "mnist8000"})
    public String images;

    /** The backend and, for nd4j, its threads. */
    @Param({"java", "nd4j-1thread", "nd4j-default"})
    public String using;

    /** Images per nd4j chunk (ignored by the Java backend). */
    @Param({"" + Nd4jDescriptors.DEFAULT_CHUNK})
    public int chunk;

    /** The MNIST file, relative to the working directory. */
    @Param({"datasets/mnist/classes-0-3.csv.gz"})
    public String mnist;

    private DescriptorBackend descriptors;
    private double[][] batch;
    private int height;
    private int width;
    private int channels;

    @Setup
    public void setUp() {
        switch (images) {
            case "mnist2000" -> grey(readMnist(Path.of(mnist), 2000));
            case "mnist8000" -> grey(readMnist(Path.of(mnist), 8000));
            case "rgb32x200" -> rgb(200, 32, 32);
            case "rgb512" -> rgb(1, 512, 512);
            default -> throw new IllegalArgumentException("images: unknown workload. Provided value: " + images);
        }
        descriptors = switch (using) {
            case "java" -> new JavaDescriptors();
            case "nd4j-1thread" -> {
                singleThreaded();
                yield new Nd4jDescriptors(chunk);
            }
            case "nd4j-default" -> new Nd4jDescriptors(chunk);
            default -> throw new IllegalArgumentException("using: unknown backend. Provided value: " + using);
        };
        descriptors.describe(new double[][] {batch[0]}, height, width, channels, ETA); // loads native code
    }

    @Benchmark
    public double[][] describe() {
        return descriptors.describe(batch, height, width, channels, ETA);
    }

    /** libnd4j's own pool, OpenMP and OpenBLAS, each to one thread (what OMP_NUM_THREADS=1 would do at start). */
    private static void singleThreaded() {
        Nd4j.getEnvironment().setMaxThreads(1);
        Nd4j.getEnvironment().setMaxMasterThreads(1);
        NativeOpsHolder.getInstance().getDeviceNativeOps().setOmpNumThreads(1);
        Nd4j.factory().blas().setMaxThreads(1);
    }

    private void grey(double[][] mnistImages) {
        batch = mnistImages;
        height = MNIST_SIDE;
        width = MNIST_SIDE;
        channels = 1;
    }

    private void rgb(int count, int h, int w) {
        SplittableRandom random = new SplittableRandom(20261123);
        batch = new double[count][h * w * 3];
        for (double[] image : batch) {
            for (int j = 0; j < image.length; j++) {
                image[j] = random.nextDouble();
            }
        }
        height = h;
        width = w;
        channels = 3;
    }

    /** The first {@code count} images of a {@code label,train_index,p0..p783} gzip CSV, scaled by 1/255. */
    static double[][] readMnist(Path file, int count) {
        double[][] out = new double[count][];
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
            reader.readLine(); // header
            for (int i = 0; i < count; i++) {
                String line = reader.readLine();
                if (line == null) {
                    throw new IllegalArgumentException("mnist: " + file + " has fewer than " + count + " images");
                }
                String[] cells = line.split(",");
                double[] image = new double[MNIST_SIDE * MNIST_SIDE];
                for (int p = 0; p < image.length; p++) {
                    image[p] = Integer.parseInt(cells[2 + p]) / 255.0;
                }
                out[i] = image;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("mnist: cannot read " + file + " (run from the repository root)", e);
        }
        return out;
    }
}
