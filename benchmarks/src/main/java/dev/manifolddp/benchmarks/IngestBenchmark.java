package dev.manifolddp.benchmarks;

import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Ingest speed (issue 26 item 5): one operation reads a whole CSV file of n points with {@code PointFile.read}, as
 * {@code mdp release --input} does (strict UTF-8, the row checks, each field parsed in place, the file's SHA-256 and
 * content digest, every row mapped onto the manifold), from the page cache. The {@code megabytes} counter is the
 * file's size per operation, so JMH prints it per second: the ingest rate in MB/s.
 *
 * <ul>
 *   <li>{@code sphere}: S^2 directions within 0.35 of the north pole, twelve decimals a coordinate, as
 *       {@code benchmarks/ingest/s2_points.py} writes them (about 46 bytes a row).</li>
 *   <li>{@code spd}: SPD(3) matrices near I written with 17 significant digits, as
 *       {@code benchmarks/kng-scale/spd_points.py} writes them (about 185 bytes a row): the digits past Clinger's
 *       fast path, and an eigendecomposition a row for the point test.</li>
 * </ul>
 * The data are seeded (20260); they are written once per trial.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgs = "-Xmx2g")
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class IngestBenchmark {

    @Param({"sphere", "spd"})
    public String geometry;

    @Param({"100000"})
    public int n;

    /**
     * Threads of the pool the read runs in, as {@code mdp release --threads}: a file of at least 2 MB is read in
     * blocks on them (CsvBlocks), so 1 against 2 shows how the read scales with cores.
     */
    @Param({"1", "2"})
    public int threads;

    private ForkJoinPool pool;

    private Geometry space;
    private Path file;
    private double megabytes;

    /** Megabytes read per second: the file's size counted once per read. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Rate {
        public double megabytes;
    }

    @Setup(Level.Trial)
    public void write() throws IOException {
        space = Fixtures.geometry(geometry.equals("sphere") ? "sphere:d=2" : "spd/log-euclidean:k=3");
        SplittableRandom random = new SplittableRandom(20260);
        StringBuilder text = new StringBuilder(geometry.equals("sphere") ? "x0,x1,x2\n"
                : "m11,m12,m13,m21,m22,m23,m31,m32,m33\n");
        for (int i = 0; i < n; i++) {
            if (geometry.equals("sphere")) {
                double theta = 0.35 * Math.sqrt(random.nextDouble());
                double phi = 2 * Math.PI * random.nextDouble();
                text.append(String.format(Locale.ROOT, "%.12f,%.12f,%.12f%n", Math.sin(theta) * Math.cos(phi),
                        Math.sin(theta) * Math.sin(phi), Math.cos(theta)));
            } else {
                // diag(e^a, e^b, e^c) turned by a rotation about the z axis: symmetric positive definite
                double a = random.nextDouble(-0.5, 0.5);
                double b = random.nextDouble(-0.5, 0.5);
                double c = random.nextDouble(-0.5, 0.5);
                double t = random.nextDouble(0, Math.PI);
                double cos = Math.cos(t);
                double sin = Math.sin(t);
                double m11 = cos * cos * Math.exp(a) + sin * sin * Math.exp(b);
                double m22 = sin * sin * Math.exp(a) + cos * cos * Math.exp(b);
                double m12 = cos * sin * (Math.exp(a) - Math.exp(b));
                text.append(String.format(Locale.ROOT, "%.17g,%.17g,0,%.17g,%.17g,0,0,0,%.17g%n", m11, m12, m12,
                        m22, Math.exp(c)));
            }
        }
        pool = new ForkJoinPool(threads);
        file = Files.createTempFile("ingest-" + geometry, ".csv");
        Files.writeString(file, text);
        megabytes = Files.size(file) / 1e6;
    }

    @TearDown(Level.Trial)
    public void delete() {
        pool.shutdown();
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public PointFile.Points read(Rate rate) {
        PointFile.Points points = pool.submit(() -> PointFile.read(file, space)).join();
        rate.megabytes += megabytes;
        return points;
    }
}
