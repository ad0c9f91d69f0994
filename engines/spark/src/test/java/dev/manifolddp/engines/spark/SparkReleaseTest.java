package dev.manifolddp.engines.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.cli.Mdp;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.TangentBasis;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mdp release --engine spark --master local[2]}: the Frechet mean's Newton sums and the exact KNG sampler's
 * batched densities run as Spark jobs over the records' blocks (issue 26 item 4), and the release has the local
 * release's bytes, on more records than three blocks ({@link RecordBlocks}).
 */
class SparkReleaseTest {

    /** Three full blocks and a ragged fourth. */
    private static final int N = 200_000;
    /** Affine-invariant SPD(3): one full block and a ragged second. */
    private static final String SPD = "spd/affine-invariant:k=3";
    private static final int SPD_N = RecordBlocks.SIZE + 4_464;

    @TempDir
    Path temp;

    private static double[][] cap(int n, double radius, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] points = new double[n][];
        for (int i = 0; i < n; i++) {
            double theta = radius * Math.sqrt(random.nextDouble());
            double phi = 2 * Math.PI * random.nextDouble();
            points[i] = new double[] {Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi),
                Math.cos(theta)};
        }
        return points;
    }

    @Test
    void riemannianLaplaceAndKngOnSparkHaveTheLocalReleasesBytes() throws IOException {
        StringBuilder text = new StringBuilder("x0,x1,x2\n");
        for (double[] p : cap(N, 0.3, 264)) {
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g%n", p[0], p[1], p[2]));
        }
        Path points = temp.resolve("points.csv");
        Files.writeString(points, text);
        for (String mechanism : List.of("riemannian-laplace", "kng")) {
            Path local = temp.resolve(mechanism + "-local.json");
            Path spark = temp.resolve(mechanism + "-spark.json");
            Run localRun = release(mechanism, points, local);
            assertThat(localRun.status()).as(localRun.err()).isZero();
            Run sparkRun = release(mechanism, points, spark, "--engine", "spark", "--master", "local[2]");
            assertThat(sparkRun.status()).as(sparkRun.err()).isZero();
            assertThat(Files.readString(spark)).as(mechanism).isEqualTo(Files.readString(local));
            Matcher jobs = Pattern.compile("sums over records on engine spark \\(local\\[2]\\): (\\d+) jobs, of which "
                    + "(\\d+) on the sums of logarithms").matcher(sparkRun.out());
            assertThat(jobs.find()).as(sparkRun.out()).isTrue();
            // the Newton mean ran on Spark, and KNG's densities too (its anchor is a Newton mean as well)
            assertThat(Long.parseLong(jobs.group(1))).isGreaterThan(Long.parseLong(jobs.group(2)));
            if (mechanism.equals("kng")) {
                assertThat(Long.parseLong(jobs.group(2))).isPositive();
            }
        }
    }

    @Test
    void npyAndCsvInputsWithClippedRowsAndABadRowGiveTheLocalBytesAndMessage() throws IOException {
        // a cap wider than the ball: some rows are clipped onto its boundary; two blocks of records
        double[][] cap = cap(RecordBlocks.SIZE + 2_000, 0.35, 269);
        StringBuilder text = new StringBuilder("x0,x1,x2\n");
        ByteBuffer values = ByteBuffer.allocate(8 * 3 * cap.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double[] p : cap) {
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g%n", p[0], p[1], p[2]));
            for (double v : p) {
                values.putDouble(v);
            }
        }
        Path csv = temp.resolve("wide.csv");
        Files.writeString(csv, text);
        Path npy = temp.resolve("wide.npy");
        Files.write(npy, npy(cap.length, 3, values.array()));
        for (Path input : List.of(csv, npy)) {
            Path local = temp.resolve(input.getFileName() + "-local.json");
            Path spark = temp.resolve(input.getFileName() + "-spark.json");
            Run localRun = release("riemannian-laplace", input, local, "--clip");
            assertThat(localRun.status()).as(localRun.err()).isZero();
            assertThat(localRun.out()).as("rows were clipped").contains("clipped onto the ball's boundary");
            Run sparkRun = release("riemannian-laplace", input, spark, "--clip", "--engine", "spark", "--master",
                    "local[2]");
            assertThat(sparkRun.status()).as(sparkRun.err()).isZero();
            assertThat(Files.readString(spark)).as(input.toString()).isEqualTo(Files.readString(local));
        }
        // a row that is no point of S^2, deep in the second block: refused with the local message, nothing written
        int bad = RecordBlocks.SIZE + 17;
        String[] lines = text.toString().split("\n", -1);
        lines[bad + 1] = "0,0,2";
        Path broken = temp.resolve("broken.csv");
        Files.writeString(broken, String.join("\n", lines));
        Run localRun = release("riemannian-laplace", broken, temp.resolve("broken-local.json"), "--clip");
        Run sparkRun = release("riemannian-laplace", broken, temp.resolve("broken-spark.json"), "--clip", "--engine",
                "spark", "--master", "local[2]");
        assertThat(localRun.status()).isNotZero();
        assertThat(sparkRun.status()).isNotZero();
        assertThat(errorLines(localRun.err())).contains("line " + (bad + 2)).isEqualTo(errorLines(sparkRun.err()));
        assertThat(temp.resolve("broken-spark.json")).doesNotExist();
    }

    /** The command's error lines (Spark may log its own warnings on the same stream). */
    private static String errorLines(String err) {
        return err.lines().filter(line -> line.startsWith("mdp: error")).reduce("", (a, b) -> a + b + "\n");
    }

    /** An n x width float64 array as numpy.save writes it (format 1.0, header padded to 64 bytes). */
    private static byte[] npy(int n, int width, byte[] data) {
        String dict = String.format(Locale.ROOT, "{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }", n,
                width);
        String header = dict + " ".repeat((64 - (11 + dict.length()) % 64) % 64) + "\n";
        ByteBuffer out = ByteBuffer.allocate(10 + header.length() + data.length).order(ByteOrder.LITTLE_ENDIAN);
        out.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
        out.putShort((short) header.length());
        out.put(header.getBytes(StandardCharsets.ISO_8859_1));
        out.put(data);
        return out.array();
    }

    @Test
    void kngOnAffineInvariantSpdOnSparkHasTheLocalReleasesBytes() throws IOException {
        Geometry spd = Geometries.parse(SPD);
        double[] identity = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        SplittableRandom random = new SplittableRandom(268);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < SPD_N; i++) {
            // exp at the identity of a symmetric V with |V|_F below 0.9: inside the ball of radius 1
            double[] v = new double[9];
            for (int r = 0; r < 3; r++) {
                for (int c = r; c < 3; c++) {
                    v[3 * r + c] = v[3 * c + r] = random.nextDouble(-0.3, 0.3);
                }
            }
            double[] p = spd.exp(identity, v);
            for (int j = 0; j < 9; j++) {
                text.append(String.format(Locale.ROOT, j == 0 ? "%.17g" : ",%.17g", p[j]));
            }
            text.append('\n');
        }
        Path points = temp.resolve("spd.csv");
        Files.writeString(points, text);
        Path local = temp.resolve("spd-local.json");
        Path spark = temp.resolve("spd-spark.json");
        Run localRun = release(SPD, "kng", points, local, "--center", "1,0,0,0,1,0,0,0,1", "--radius", "1");
        assertThat(localRun.status()).as(localRun.err()).isZero();
        Run sparkRun = release(SPD, "kng", points, spark, "--center", "1,0,0,0,1,0,0,0,1", "--radius", "1",
                "--engine", "spark", "--master", "local[2]");
        assertThat(sparkRun.status()).as(sparkRun.err()).isZero();
        assertThat(Files.readString(spark)).isEqualTo(Files.readString(local));
        Matcher jobs = Pattern.compile("sums over records on engine spark \\(local\\[2]\\): (\\d+) jobs, of which "
                + "(\\d+) on the sums of logarithms").matcher(sparkRun.out());
        assertThat(jobs.find()).as(sparkRun.out()).isTrue();
        // the anchor's Newton mean and the proposals' densities both ran on Spark
        assertThat(Long.parseLong(jobs.group(1))).isGreaterThan(Long.parseLong(jobs.group(2)));
        assertThat(Long.parseLong(jobs.group(2))).isPositive();
    }

    @Test
    void theKernelsOnSparkGiveTheLocalKernelsBitsWithoutCollectingRecords() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[][] data = cap(RecordBlocks.SIZE + 4321, 0.5, 265);
        double[] x = cap(1, 0.1, 266)[0];
        double[][] basis = new double[2][3];
        sphere.capability(TangentBasis.class).orElseThrow().basis(x, basis);
        double[][] proposals = cap(5, 0.2, 267);
        try (SparkReleaseSums sums = (SparkReleaseSums) new SparkEngine().release(sphere, "local[2]")) {
            Geometry distributed = sums.geometry();
            HessianSums.Batch remote = distributed.capability(HessianSums.class).orElseThrow().prepareHessians(data);
            HessianSums.Batch local = sphere.capability(HessianSums.class).orElseThrow().prepareHessians(data);
            assertThat(remote).isInstanceOf(SparkHessianSums.class);
            double[][] a = {new double[3], new double[2], new double[4]};
            double[][] b = {new double[3], new double[2], new double[4]};
            double remoteSum = remote.evaluate(x, basis, a[0], a[1], a[2]);
            double localSum = local.evaluate(x, basis, b[0], b[1], b[2]);
            assertThat(Double.doubleToRawLongBits(remoteSum)).isEqualTo(Double.doubleToRawLongBits(localSum));
            assertThat(a).isEqualTo(b);
            assertThat(remote.farthestIndex()).isEqualTo(local.farthestIndex());
            assertThat(remote.farthestDistance()).isEqualTo(local.farthestDistance());

            LogSums.Batch remoteLogs = distributed.capability(LogSums.class).orElseThrow().prepare(data);
            LogSums.Batch localLogs = sphere.capability(LogSums.class).orElseThrow().prepare(data);
            double[] remoteNorms = new double[proposals.length];
            double[] localNorms = new double[proposals.length];
            long before = sums.logJobs();
            remoteLogs.normsOfSumsOfLogs(proposals, proposals.length, remoteNorms);
            // a batch of proposals is one pass over the records: one job
            assertThat(sums.logJobs()).isEqualTo(before + 1);
            localLogs.normsOfSumsOfLogs(proposals, proposals.length, localNorms);
            assertThat(remoteNorms).isEqualTo(localNorms);
            double[] remoteSumOfLogs = new double[3];
            double[] localSumOfLogs = new double[3];
            remoteLogs.sumOfLogs(x, remoteSumOfLogs);
            localLogs.sumOfLogs(x, localSumOfLogs);
            assertThat(remoteSumOfLogs).isEqualTo(localSumOfLogs);
            assertThat(remoteLogs.normOfSumOfLogs(x)).isEqualTo(localLogs.normOfSumOfLogs(x));
            assertThat(sums.jobs()).isEqualTo(sums.logJobs() + 1);
        }
    }

    @Test
    void releaseRefusesAMasterWithoutAnEngineNamingTheFlag() throws IOException {
        Path points = temp.resolve("few.csv");
        Files.writeString(points, "x0,x1,x2\n0,0,1\n");
        Run run = release("riemannian-laplace", points, temp.resolve("refused.json"), "--master", "local[2]");
        assertThat(run.status()).isNotZero();
        assertThat(run.err()).contains("--master").contains("--engine");
        assertThat(temp.resolve("refused.json")).doesNotExist();
    }

    private Run release(String mechanism, Path points, Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("--center", "0,0,1", "--radius", "0.3"));
        args.addAll(List.of(extra));
        return release("sphere:d=2", mechanism, points, out, args.toArray(String[]::new));
    }

    private Run release(String geometry, String mechanism, Path points, Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", geometry, "--mechanism",
                mechanism, "--epsilon", "1", "--input", points.toString(),
                "--seed", "5", "--out", out.toString(), "--ledger", temp.resolve("ledger-" + out.getFileName()
                        + ".json").toString()));
        args.addAll(List.of(extra));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = Mdp.execute(args.toArray(String[]::new), new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8));
        return new Run(status, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
    }

    private record Run(int status, String out, String err) {
    }
}
