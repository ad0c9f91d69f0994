package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.RecordBlocks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release's output has the same bytes on 1, 2 and 3 threads (issue 26 item 2), on the sphere, affine-invariant
 * SPD and Kendall shapes: `mdp release --threads T`, whose kernels split their sums over records into blocks fixed
 * by n (the sphere's Newton and KNG sums, on more records than one block of {@link RecordBlocks}) and the exact KNG
 * sampler's proposal batches into groups fixed by the batch (affine-invariant SPD, two tasks or more at any n).
 */
class ThreadCountReleaseTest {

    @TempDir
    Path folder;

    @Test
    void sphereReleasesHaveTheSameBytesOnOneTwoAndThreeThreads() throws IOException {
        int n = 2 * RecordBlocks.SIZE + 777;
        SplittableRandom random = new SplittableRandom(26);
        StringBuilder text = new StringBuilder("x0,x1,x2\n");
        for (int i = 0; i < n; i++) {
            double theta = 0.3 * Math.sqrt(random.nextDouble());
            double phi = 2 * Math.PI * random.nextDouble();
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g%n", Math.sin(theta) * Math.cos(phi),
                    Math.sin(theta) * Math.sin(phi), Math.cos(theta)));
        }
        Path points = folder.resolve("points.csv");
        Files.writeString(points, text);
        for (String mechanism : List.of("riemannian-laplace", "kng")) {
            assertSameBytes(mechanism, 3, "--geometry", "sphere:d=2", "--mechanism", mechanism, "--epsilon", "1",
                    "--center", "0,0,1", "--radius", "0.3", "--input", points.toString());
        }
    }

    @Test
    void affineInvariantSpdKngHasTheSameBytesOnOneAndTwoThreads() throws IOException {
        SplittableRandom random = new SplittableRandom(27);
        StringBuilder text = new StringBuilder("m11,m12,m13,m21,m22,m23,m31,m32,m33\n");
        for (int i = 0; i < 3000; i++) {
            // diag(e^a, e^b, e^c) rotated about the z axis: affine-invariant distance |(a, b, c)| from I
            double a = 0.3 * (2 * random.nextDouble() - 1);
            double b = 0.3 * (2 * random.nextDouble() - 1);
            double c = 0.3 * (2 * random.nextDouble() - 1);
            double t = 2 * Math.PI * random.nextDouble();
            double cos = Math.cos(t);
            double sin = Math.sin(t);
            double m11 = cos * cos * Math.exp(a) + sin * sin * Math.exp(b);
            double m12 = cos * sin * (Math.exp(a) - Math.exp(b));
            double m22 = sin * sin * Math.exp(a) + cos * cos * Math.exp(b);
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,0,%.17g,%.17g,0,0,0,%.17g%n", m11, m12, m12, m22,
                    Math.exp(c)));
        }
        Path tensors = folder.resolve("tensors.csv");
        Files.writeString(tensors, text);
        assertSameBytes("spd-kng", 2, "--geometry", "spd/affine-invariant:k=3", "--mechanism", "kng", "--epsilon", "1",
                "--center", "1,0,0,0,1,0,0,0,1", "--radius", "1", "--input", tensors.toString());
    }

    @Test
    void kendallReleasesHaveTheSameBytesOnOneAndTwoThreads() throws IOException {
        int landmarks = 8;
        StringBuilder centre = new StringBuilder();
        for (int j = 0; j < landmarks; j++) {
            centre.append(j == 0 ? "" : ",").append(Math.cos(2 * Math.PI * j / landmarks)).append(',')
                    .append(Math.sin(2 * Math.PI * j / landmarks));
        }
        SplittableRandom random = new SplittableRandom(28);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            for (int j = 0; j < landmarks; j++) {
                double x = Math.cos(2 * Math.PI * j / landmarks) + 0.01 * (2 * random.nextDouble() - 1);
                double y = Math.sin(2 * Math.PI * j / landmarks) + 0.01 * (2 * random.nextDouble() - 1);
                text.append(String.format(Locale.ROOT, j == 0 ? "%.17g,%.17g" : ",%.17g,%.17g", x, y));
            }
            text.append('\n');
        }
        Path shapes = folder.resolve("shapes.csv");
        Files.writeString(shapes, text);
        for (String mechanism : List.of("riemannian-laplace", "kng")) {
            assertSameBytes("kendall-" + mechanism, 2, "--geometry", "kendall:landmarks=" + landmarks,
                    "--mechanism", mechanism, "--epsilon", "1", "--center", centre.toString(), "--radius", "0.05",
                    "--clip", "--input", shapes.toString());
        }
    }

    /** Runs the release on 1 .. maxThreads threads (same seed) and compares the output files byte for byte. */
    private void assertSameBytes(String name, int maxThreads, String... arguments) throws IOException {
        byte[] first = null;
        for (int threads = 1; threads <= maxThreads; threads++) {
            Path out = folder.resolve(name + "-" + threads + ".json");
            String[] command = new String[arguments.length + 11];
            command[0] = "release";
            System.arraycopy(arguments, 0, command, 1, arguments.length);
            String[] tail = {"--seed", "5", "--out", out.toString(), "--ledger",
                folder.resolve("ledger-" + name + threads + ".json").toString(), "--threads", Integer.toString(threads),
                "--diagnostics", folder.resolve(name + "-diagnostics-" + threads + ".json").toString()};
            System.arraycopy(tail, 0, command, arguments.length + 1, tail.length);
            Cli cli = Cli.run(command);
            assertThat(cli.exit()).as(cli.toString()).isZero();
            byte[] bytes = Files.readAllBytes(out);
            if (first == null) {
                first = bytes;
            } else {
                assertThat(new String(bytes)).as(name + " on " + threads + " threads").isEqualTo(new String(first));
            }
        }
    }
}
